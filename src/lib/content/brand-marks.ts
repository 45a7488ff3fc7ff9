/**
 * Manufacturer marks for the brand tiles, from Simple Icons (the npm package `simple-icons`, pinned in
 * package.json), whose icon data is released under CC0-1.0 (public domain dedication). The marks
 * themselves stay their owners' trademarks: Simple Icons' DISCLAIMER.md asks users to follow each
 * owner's brand guidelines, and the tiles use them only to name the make they link to, at their own
 * colour (or the page's text colour where that colour is too light to see on white).
 *
 * Only the marks named here are read, at build time, one SVG file each (src/io/brand-marks.ts); nothing
 * of the package reaches the browser but the paths inlined in the page. A make not named here (Simple
 * Icons has no Isuzu, Hino, Fuso, Kawasaki, Holden, BYD or Mercedes-Benz, for instance) gets a wordmark:
 * its name set as the mark, never a made-up logo. A dealer's own image (content/brands.json `logo`) wins
 * over both.
 *
 * Keyed by the bundled manufacturer slug (manufacturers.ts): [Simple Icons slug, brand colour]. Checked
 * against the installed package by tests/unit/brand-marks.test.ts. Simple Icons entries that share a
 * make's name but are another company (Proton the mail service, Norton the antivirus, Husqvarna the
 * garden tools, Tata the steel maker) are left out.
 */
export const BRAND_MARK_SET = { name: 'Simple Icons', package: 'simple-icons', licence: 'CC0-1.0' } as const;

export const BRAND_MARKS: Readonly<Record<string, readonly [icon: string, hex: string]>> = {
  acura: ['acura', '000000'],
  'aston-martin': ['astonmartin', '00665E'],
  audi: ['audi', 'BB0A30'],
  bentley: ['bentley', '333333'],
  bmw: ['bmw', '0066B1'],
  bugatti: ['bugatti', '000000'],
  cadillac: ['cadillac', '000000'],
  chevrolet: ['chevrolet', 'CD9834'],
  chrysler: ['chrysler', '000000'],
  citroen: ['citroen', 'DA291C'],
  ferrari: ['ferrari', 'D40000'],
  fiat: ['fiat', '941711'],
  ford: ['ford', '00274E'],
  honda: ['honda', 'E40521'],
  hyundai: ['hyundai', '002C5E'],
  infiniti: ['infiniti', '020B24'],
  jeep: ['jeep', '000000'],
  kia: ['kia', '05141F'],
  lada: ['lada', 'ED6B21'],
  lamborghini: ['lamborghini', 'B6A272'],
  mahindra: ['mahindra', 'DD052B'],
  maserati: ['maserati', '0C2340'],
  mazda: ['mazda', '101010'],
  mclaren: ['mclaren', 'FF0000'],
  mg: ['mg', 'FF0000'],
  mini: ['mini', '000000'],
  mitsubishi: ['mitsubishi', 'E60012'],
  nissan: ['nissan', 'C3002F'],
  opel: ['opel', 'F7FF14'],
  peugeot: ['peugeot', '000000'],
  polestar: ['polestar', '000000'],
  porsche: ['porsche', 'B12B28'],
  ram: ['ram', '000000'],
  renault: ['renault', 'FFCC33'],
  'rolls-royce': ['rollsroyce', '281432'],
  seat: ['seat', '33302E'],
  skoda: ['skoda', '0E3A2F'],
  smart: ['smart', 'D7E600'],
  subaru: ['subaru', '013C74'],
  suzuki: ['suzuki', 'E30613'],
  tesla: ['tesla', 'CC0000'],
  toyota: ['toyota', 'EB0A1E'],
  volkswagen: ['volkswagen', '151F5D'],
  volvo: ['volvo', '003057'],
  ducati: ['ducati', 'CC0000'],
  ktm: ['ktm', 'FF6600'],
  vespa: ['vespa', '85B09A'],
  yamaha: ['yamahamotorcorporation', 'E60012'],
  daf: ['daf', '00529B'],
  iveco: ['iveco', '1554FF'],
  man: ['man', 'E40045'],
  scania: ['scania', '041E42'],
};

export interface BrandMarkRef {
  /** The Simple Icons slug (its file icons/<slug>.svg). */
  icon: string;
  /** The colour the mark is drawn in: the brand's, or undefined for the text colour. */
  colour: string | undefined;
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const c = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (c[0] ?? 0) + 0.7152 * (c[1] ?? 0) + 0.0722 * (c[2] ?? 0);
}

/** Contrast of a colour against white (the tile's surface). */
export function contrastOnWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/** The mark of a make (by manufacturer slug), or undefined when the set has none. */
export function brandMarkOf(slug: string): BrandMarkRef | undefined {
  const entry = BRAND_MARKS[slug];
  if (!entry) return undefined;
  const [icon, hex] = entry;
  // A graphic needs 3:1 against its background (WCAG 1.4.11): a light brand colour draws in the text colour.
  return { icon, colour: contrastOnWhite(hex) >= 3 ? `#${hex}` : undefined };
}
