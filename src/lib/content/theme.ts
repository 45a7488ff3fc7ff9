/**
 * The tenant theme as CSS custom properties. Colours placed on tenant colours are checked for
 * contrast (src/lib/rules/contrast.ts), so any palette a dealer picks stays readable.
 */
import { readableOn, readableTint } from '../rules/contrast.ts';
import type { Theme } from '../schemas/theme.ts';

const DARK_HEADER = '#11161c';

export function themeCss(t: Theme): string {
  const header = t.header === 'primary' ? t.primary : t.header === 'dark' ? DARK_HEADER : t.surface;
  const headerText = t.header === 'primary' ? readableOn(t.primary, t.primary_text) : t.header === 'dark' ? '#ffffff' : t.text;
  const vars: Record<string, string> = {
    '--primary': t.primary,
    '--primary-text': readableOn(t.primary, t.primary_text),
    '--accent': t.accent,
    '--accent-text': readableOn(t.accent),
    // Accent used as text (figures, small labels) on the page background.
    '--accent-ink': readableTint(t.accent, t.background),
    '--link': readableTint(t.primary, t.surface),
    '--bg': t.background,
    '--surface': t.surface,
    '--text': t.text,
    '--muted': readableTint(t.muted, t.background),
    '--font': t.font_family,
    '--heading-font': t.heading_font_family ?? t.font_family,
    '--radius': t.radius,
    '--header-bg': header,
    '--header-text': headerText,
    '--header-line': t.header === 'light' ? '#e3e6ea' : header,
  };
  // The schema holds each value to its CSS grammar; this also keeps any value that got past it (an
  // old model file) from ending the rule or the <style> element it is written into.
  const safe = (value: string) => value.replace(/[<>{};\\]/g, (ch) => `\\${ch.charCodeAt(0).toString(16)} `);
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${safe(v)}`)
    .join(';')}}`;
}
