import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BRAND_MARKS, BRAND_MARK_SET, brandMarkOf, contrastOnWhite } from '../../src/lib/content/brand-marks.ts';
import { MANUFACTURERS } from '../../src/lib/rules/manufacturers.ts';
import { brandMarkPath } from '../../src/io/brand-marks.ts';

const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(require.resolve('simple-icons/icons.json').replace(/data[/\\]simple-icons.json$/, 'package.json'), 'utf8')) as {
  license: string;
  version: string;
};
const data = JSON.parse(readFileSync(require.resolve('simple-icons/icons.json'), 'utf8')) as { title: string; slug?: string; hex: string; license?: unknown }[];
const icons = Array.isArray(data) ? data : (data as { icons: typeof data }).icons;

describe('brand marks (Simple Icons, CC0-1.0)', () => {
  it('come from the pinned simple-icons package, whose licence is CC0-1.0', () => {
    expect(pkg.license).toBe(BRAND_MARK_SET.licence);
    const declared = (JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }).dependencies['simple-icons'];
    expect(declared).toBe(pkg.version);
  });

  it('name a bundled make and an icon of the set, in its colour, with no licence of its own', () => {
    const makes = new Set(MANUFACTURERS.map((m) => m.slug));
    for (const [make, [icon, hex]] of Object.entries(BRAND_MARKS)) {
      expect(makes.has(make), make).toBe(true);
      const entry = icons.find((i) => i.slug === icon) ?? icons.find((i) => i.title.toLowerCase().replace(/[^a-z0-9]/g, '') === icon);
      expect(entry, icon).toBeDefined();
      expect(entry?.hex, icon).toBe(hex);
      // An icon with a licence entry is not CC0 (the set marks those): none such is used.
      expect(entry?.license, icon).toBeUndefined();
      expect(brandMarkPath(icon), icon).toMatch(/^[Mm][\d.\s,-]/);
    }
  });

  it('cover the demo dealers’ franchises the set has, and draw a light colour in the text colour', () => {
    for (const make of ['toyota', 'ford', 'hyundai', 'kia', 'honda', 'yamaha', 'mazda', 'mitsubishi', 'nissan', 'volkswagen', 'mg', 'subaru'])
      expect(brandMarkOf(make), make).toBeDefined();
    expect(brandMarkOf('toyota')?.colour).toBe('#EB0A1E');
    expect(contrastOnWhite('FFCC33')).toBeLessThan(3);
    expect(brandMarkOf('renault')?.colour).toBeUndefined();
    expect(brandMarkOf('isuzu')).toBeUndefined();
    expect(brandMarkPath('../../package')).toBeUndefined();
  });
});
