import * as v from 'valibot';
import { HexColour, OptionalText } from './common.ts';

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
    font_family: v.optional(v.string(), 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif'),
    heading_font_family: OptionalText,
    radius: v.optional(v.string(), '8px'),
    /** Header look: light (surface colour), primary (brand colour) or dark. */
    header: v.optional(v.picklist(['light', 'primary', 'dark']), 'light'),
  }),
  {},
);
export type Theme = v.InferOutput<typeof ThemeSchema>;
