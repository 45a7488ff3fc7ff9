/**
 * Colour contrast for tenant themes: text placed on a tenant colour (accent buttons, tags, the
 * brand-coloured header) must stay readable (WCAG AA needs 4.5:1), whatever colours the dealer picks.
 */

function channels(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** WCAG relative luminance of a #rgb / #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The preferred text colour when it is readable (4.5:1) on the background, else black or white, whichever reads better. */
export function readableOn(background: string, preferred?: string): string {
  if (preferred && contrastRatio(preferred, background) >= 4.5) return preferred;
  return contrastRatio('#ffffff', background) >= contrastRatio('#111111', background) ? '#ffffff' : '#111111';
}

/**
 * A version of `colour` usable as text or link colour on `background`: darkened (or lightened on a
 * dark background) in small steps until it reaches 4.5:1.
 */
export function readableTint(colour: string, background: string): string {
  const [r, g, b] = channels(colour);
  const towards = luminance(background) > 0.4 ? 0 : 1;
  for (let step = 0; step <= 20; step++) {
    const k = step / 20;
    const mix = [r, g, b].map((c) => Math.round((c + (towards - c) * k) * 255));
    const hex = `#${mix.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    if (contrastRatio(hex, background) >= 4.5) return hex;
  }
  return towards === 0 ? '#000000' : '#ffffff';
}
