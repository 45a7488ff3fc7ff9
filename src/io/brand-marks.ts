/**
 * Reads a manufacturer mark's SVG path from the installed `simple-icons` package (CC0-1.0), one file per
 * mark, at build time (src/lib/content/brand-marks.ts says which marks and why). File reading lives
 * here, not in src/lib/ (src/io/README.md).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const cache = new Map<string, string | undefined>();

function resolveIcon(icon: string): string | undefined {
  const spec = `simple-icons/icons/${icon}.svg`;
  // The bundled page's own location first, then the project the build runs in.
  for (const base of [import.meta.url, join(process.cwd(), 'package.json')]) {
    try {
      return createRequire(base).resolve(spec);
    } catch {
      // next base
    }
  }
  return undefined;
}

/** The `d` of the icon's single path (24 by 24 box), or undefined when the package has no such icon. */
export function brandMarkPath(icon: string): string | undefined {
  if (cache.has(icon)) return cache.get(icon);
  const file = /^[a-z0-9]+$/.test(icon) ? resolveIcon(icon) : undefined;
  const d = file ? /<path d="([^"]+)"/.exec(readFileSync(file, 'utf8'))?.[1] : undefined;
  cache.set(icon, d);
  return d;
}
