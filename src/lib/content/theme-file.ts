/**
 * The tenant theme (src/lib/content/theme.ts) as a stylesheet of its own, named by its content:
 * /_astro/theme.<hash>.css, cached for a year like Astro's own files (functions/static.ts, the
 * publish's immutable phase). Every page links it instead of carrying the same ~0.5 KB <style>: a
 * shopper's later pages (five cars in the journey) no longer download it again. The build writes it
 * once per tenant (scripts/lib/outputs/theme.ts); a theme change renders every page again
 * (scripts/lib/incremental.ts: tenant settings are in the shared hash), so no page names an old one.
 */
import { createHash } from 'node:crypto';
import type { Theme } from '../schemas/theme.ts';
import { themeCss } from './theme.ts';

export function themeStylesheet(t: Theme): { path: string; css: string } {
  const css = themeCss(t);
  const hash = createHash('sha256').update(css).digest('base64url').slice(0, 10);
  return { path: `/_astro/theme.${hash}.css`, css };
}
