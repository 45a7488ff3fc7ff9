import * as v from 'valibot';
import { HexColour } from './common.ts';

/**
 * Theme values are written into the page's <style>, so each is held to its CSS grammar: nothing
 * outside it (a `}`, `<`, `;`, a comment or a url()) can end the rule or the element.
 */
const FAMILY = String.raw`(?:"[^"\\<>{};\n\r]{1,80}"|'[^'\\<>{};\n\r]{1,80}'|-?[A-Za-z_][A-Za-z0-9_-]*(?: +-?[A-Za-z_][A-Za-z0-9_-]*)*)`;
/** A font list: comma-separated family names, quoted or plain identifiers (`Roboto, "Segoe UI", sans-serif`). */
export const FONT_LIST = new RegExp(`^${FAMILY}(?: *, *${FAMILY}){0,11}$`);
const LENGTH = String.raw`(?:0|\d{1,4}(?:\.\d{1,3})?(?:px|rem|em|%))`;
/** A border radius: one to four lengths (`8px`, `0`, `0.5rem`, `12px 12px 0 0`). */
export const RADIUS = new RegExp(`^${LENGTH}(?: ${LENGTH}){0,3}$`);

const FontList = v.pipe(v.string(), v.trim(), v.maxLength(300), v.regex(FONT_LIST, 'a font list like Roboto, "Segoe UI", sans-serif'));

/** Theme colours and fonts, emitted as CSS custom properties on every page. */
export const ThemeSchema = v.optional(
  v.strictObject({
    primary: v.optional(HexColour, '#0b5cab'),
    primary_text: v.optional(HexColour, '#ffffff'),
    accent: v.optional(HexColour, '#e4572e'),
    background: v.optional(HexColour, '#f6f7f9'),
    surface: v.optional(HexColour, '#ffffff'),
    text: v.optional(HexColour, '#1c232b'),
    muted: v.optional(HexColour, '#5b6673'),
    /** A system font stack by default: no web-font download on slow phones. */
    font_family: v.optional(FontList, 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif'),
    heading_font_family: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.transform((s) => (s === '' ? undefined : s)),
        v.union([v.undefined(), FontList]),
      ),
    ),
    radius: v.optional(v.pipe(v.string(), v.trim(), v.regex(RADIUS, 'a length like 8px, 0.5rem or 12px 12px 0 0')), '8px'),
    /** Header look: light (surface colour), primary (brand colour) or dark. */
    header: v.optional(v.picklist(['light', 'primary', 'dark']), 'light'),
  }),
  {},
);
export type Theme = v.InferOutput<typeof ThemeSchema>;
