/**
 * A tenant folder modelled on a real dealer's messy CSV export.
 *
 *   node scripts/demo/generate-realworld.ts --out <tenant-dir> [--count 1000] [--slug s] [--now YYYY-MM-DD] [--seed s]
 *
 * Writes tenant.json (minimal: slug, name, url, locations and a `stock` block that maps the CSV's
 * columns onto the spec's Car fields with the transforms of src/lib/schemas/stock-source.ts),
 * export.csv (Windows-1252 as many dealer systems write it, CRLF, quoted fields with commas, quotes and
 * newlines, typographic dashes and quotes, "N/A", "-" and "TBA" for empty cells; ~3% bad rows, among
 * them a row with a stray quote that never closes and a row with an unquoted comma),
 * photos/*.jpg (a small pool, plus one corrupt file) and expected.json, which says which rows must
 * be rejected and why, and which ids must and must not be listed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { CarRecordSchema } from '../../src/lib/schemas/car.ts';
import { parseTenantConfig } from '../../src/lib/tenant/load-tenant.ts';
import type { ArtKind, PhotoSpec } from './art.ts';
import { DEFAULT_SEED, isListed, parseNow } from './generate.ts';
import { corruptJpegBytes, writePhotos } from './photos.ts';
import { createRng } from './prng.ts';
import { generateStock, slugify, type StockProfile } from './stock.ts';
import { isMain } from '../lib/cli.ts';

export const BAD_REASONS = ['missing_id', 'missing_make', 'unknown_car_type', 'bad_year', 'duplicate_id', 'stray_quote', 'extra_cells'] as const;
export type BadReason = (typeof BAD_REASONS)[number];

export interface RealworldOptions {
  out: string;
  count?: number | undefined;
  slug?: string | undefined;
  now?: Date | string | undefined;
  seed?: string | undefined;
  log?: ((line: string) => void) | undefined;
}

export interface Expected {
  about: string;
  now: string;
  recent_sold_days: number;
  duplicate_policy: string;
  rows: number;
  valid_rows: number;
  bad_rows: { row: number; id: string | null; reason: BadReason }[];
  listed_ids: string[];
  not_listed_ids: string[];
  poa_ids: string[];
  photos: { unreachable_ids: string[]; corrupt_ids: string[]; no_photo_ids: string[] };
}

const COLUMNS = [
  'StockNo',
  'UsedOrNew',
  'Make',
  'Model',
  'Variant',
  'Year',
  'Odometer',
  'Price',
  'Location',
  'Photos',
  'Status',
  'SoldDate',
  'DateInStock',
  'ShowOnWeb',
  'Colour',
  'Body',
  'Transmission',
  'Fuel',
  'VIN',
  'Rego',
  'Comments',
  // Named like Car fields: kept by keep_unmapped.
  'seats',
  'drive',
  // Noise a real export carries.
  'DealerCode',
  'Internal Notes',
] as const;
type Column = (typeof COLUMNS)[number];
type Row = Record<Column, string>;

export const REALWORLD_MAPPING = {
  id: 'StockNo',
  stocknum: 'StockNo',
  car_type: { from: 'UsedOrNew', values: { USED: 'used', NEW: 'new', DEMO: 'demo' } },
  make: 'Make',
  model: 'Model',
  badge: 'Variant',
  year: 'Year',
  km: { from: 'Odometer', transform: 'number' },
  price: { from: 'Price', transform: 'money' },
  location_id: { from: 'Location', values: { 'Caringbah, NSW': 'caringbah', 'Penrith, NSW': 'penrith' } },
  city: { from: 'Location', transform: 'city' },
  state: { from: 'Location', transform: 'state' },
  images: { from: 'Photos', transform: 'images', separator: '|' },
  status: { from: 'Status', values: { Available: 'in_stock', Sold: 'sold', Incoming: 'coming_soon' } },
  sold: { from: 'Status', values: { Available: false, Sold: true, Incoming: false } },
  sold_date_timestamp: { from: 'SoldDate', transform: 'timestamp' },
  created_at: { from: 'DateInStock', transform: 'date' },
  show_on_dealer_website: { from: 'ShowOnWeb', transform: 'boolean', default: true },
  colour: 'Colour',
  body: 'Body',
  trans: 'Transmission',
  fuel: 'Fuel',
  vin: 'VIN',
  regplate: 'Rego',
  dealercomments: 'Comments',
} as const;

const COLOUR_NAMES: Record<string, string[]> = {
  White: ['Glacier White', 'Crystal White Pearl', 'WHITE', 'Arctic White', 'white'],
  Silver: ['Silver Sky', 'Silver', 'Moondust Silver Metallic'],
  Grey: ['Graphite', 'Machine Grey', 'Grey', 'Shadow Grey Metallic'],
  Black: ['Eclipse Black', 'Jet Black', 'Black Mica', 'BLACK'],
  Blue: ['Saturn Blue', 'Deep Crystal Blue', 'Blue'],
  Red: ['Feverish Red', 'Soul Red Crystal', 'Red'],
  Green: ['Khaki Green', 'British Racing Green'],
  Orange: ['Sunburst Orange', 'Orange'],
  Bronze: ['Bronze Mica', 'Satin Bronze'],
  Yellow: ['Yellow'],
};

function csvField(s: string): string {
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line; the malformed rows are written as a hand edit in a spreadsheet leaves them. */
function csvLine(r: Row, bad?: BadReason): string {
  return COLUMNS.map((c) => {
    // A quote opened at the start of the comments and never closed: the parser runs on into the next rows.
    if (bad === 'stray_quote' && c === 'Comments') return `"${r[c].replace(/["\r\n]/g, ' ')}`;
    // An unquoted comma: one cell more than the header.
    if (bad === 'extra_cells' && c === 'Variant') return `${r[c] || 'GL'}, Hatch`;
    return csvField(r[c]);
  }).join(',');
}

function toCsv(rows: { row: Row; bad?: BadReason | undefined }[]): string {
  return `${[COLUMNS.join(','), ...rows.map((x) => csvLine(x.row, x.bad))].join('\r\n')}\r\n`;
}

/** Windows-1252 bytes (what many dealer systems write): Latin-1, plus the typographic marks at 0x80-0x9F. */
const CP1252: Record<string, number> = {
  '\u20ac': 0x80,
  '\u2026': 0x85,
  '\u2018': 0x91,
  '\u2019': 0x92,
  '\u201c': 0x93,
  '\u201d': 0x94,
  '\u2022': 0x95,
  '\u2013': 0x96,
  '\u2014': 0x97,
  '\u2122': 0x99,
};
export function encodeWindows1252(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (ch) => {
      const code = ch.codePointAt(0)!;
      return code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : (CP1252[ch] ?? 0x3f);
    }),
  );
}

function withOffset(unix: number): string {
  // Local Sydney time (AEDT, +11:00) as a dealer system would print it.
  const d = new Date((unix + 11 * 3600) * 1000).toISOString().slice(0, 19);
  return `${d}+11:00`;
}

function money(rng: ReturnType<typeof createRng>, price: number): string {
  if (price <= 0) return 'POA';
  const withCommas = price.toLocaleString('en-AU');
  return rng.pick([`$${withCommas}`, `$${withCommas}`, `${price}`, `$${withCommas}.00`]);
}

function odometer(rng: ReturnType<typeof createRng>, km: number): string {
  const withCommas = km.toLocaleString('en-AU');
  return rng.pick([`${withCommas} km`, `${withCommas} km`, `${km}`, `${withCommas}`, `${withCommas}km`]);
}

export async function generateRealworldTenant(opts: RealworldOptions): Promise<Expected> {
  const now = parseNow(opts.now);
  const nowUnix = Math.floor(now.getTime() / 1000);
  const seed = opts.seed ?? DEFAULT_SEED;
  const count = opts.count ?? 1000;
  const log = opts.log ?? (() => {});
  const dir = resolve(opts.out);
  const fromDir = slugify(basename(dir));
  const slug = opts.slug ?? (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(fromDir) ? fromDir : 'realworld-motors');
  const rng = createRng(`${seed}|realworld|${slug}`);

  const config = {
    slug,
    name: 'Shire Car Centre',
    url: `https://${slug}.example.com`,
    locations: [
      {
        id: 'caringbah',
        name: 'Shire Car Centre Caringbah',
        primary: true,
        // A NSW dealer's website shows its licence number (Motor Dealers and Repairers Act 2013 s 19A).
        dealer_license_number: 'MD 071234',
        address: { street: '412 Taren Point Road', city: 'Caringbah', state: 'NSW', postcode: '2229', lat: -34.0395, long: 151.1236 },
        contact_detail: { phone: '02 9524 0000' },
      },
      {
        id: 'penrith',
        name: 'Shire Car Centre Penrith',
        dealer_license_number: 'MD 071235',
        address: { street: '90 Mulgoa Road', city: 'Penrith', state: 'NSW', postcode: '2750', lat: -33.7566, long: 150.6801 },
        contact_detail: { phone: '+61 2 4731 0000' },
      },
    ],
    stock: { file: 'export.csv', mapping: REALWORLD_MAPPING },
  };
  parseTenantConfig(config, slug, `${slug}/tenant.json`);

  const profile: StockProfile = {
    slug,
    dealerName: 'Shire Car Centre',
    idStart: 1,
    stockPrefix: 'SC',
    segments: [
      {
        name: 'caringbah',
        share: 0.6,
        kind: 'car',
        newMakes: ['Mitsubishi', 'MG', 'Kia'],
        types: { used: 0.75, new: 0.17, demo: 0.08 },
        usedMaxAge: 14,
        locations: [{ id: 'caringbah', dealership_slug: slug, state: 'NSW', weight: 1 }],
      },
      {
        name: 'penrith',
        share: 0.4,
        kind: 'car',
        newMakes: ['Mitsubishi', 'MG', 'Kia'],
        types: { used: 0.85, new: 0.1, demo: 0.05 },
        usedMaxAge: 14,
        locations: [{ id: 'penrith', dealership_slug: slug, state: 'NSW', weight: 1 }],
      },
    ],
    certified: { maxAge: 0, share: 0 },
    egcShare: 0,
    signoff: "Call the Shire Car Centre team today, we're open 7 days!",
    perks: [
      'Finance available, low doc loans OK.',
      'Trade-ins welcome, "any make, any model".',
      'Drive away, no more to pay.',
      '12 months rego, fresh service, new tyres.',
    ],
    watermark: 'Shire Car Centre',
    plate: 'SHIRE',
    accent: '#2f6b3a',
  };
  const records = generateStock(profile, count, seed, now).records;

  // Photos: a small local pool (side and front per body type and colour family).
  const photoSpecs = new Map<string, PhotoSpec>();
  const localPhotos = (art: ArtKind, colour: string): string[] => {
    const c = ['White', 'Silver', 'Grey', 'Black', 'Blue', 'Red'].includes(colour) ? colour : 'White';
    return (['side', 'front'] as const).map((view) => {
      const path = `photos/${art.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}-${c.toLowerCase()}-${view}.jpg`;
      photoSpecs.set(path, {
        art,
        colour: c,
        view,
        scene: view === 'side' ? 'showroom' : 'coast',
        watermark: 'Shire Car Centre',
        accent: profile.accent,
        plate: 'SHIRE',
      });
      return path;
    });
  };
  const artOf = (simpleBody: string): ArtKind =>
    (
      ({
        sedan: 'sedan',
        hatch: 'hatch',
        suv: 'suv',
        wagon: 'wagon',
        ute: 'ute',
        cabChassis: 'ute',
        van: 'van',
        coupe: 'coupe',
        convertible: 'convertible',
        peopleMover: 'peopleMover',
      }) as Record<string, ArtKind>
    )[simpleBody] ?? 'sedan';

  const expected: Expected = {
    about: 'Written by scripts/demo/generate-realworld.ts for the ingest tests. Ids are StockNo values.',
    now: now.toISOString(),
    recent_sold_days: 3,
    duplicate_policy: 'the first row with an id is kept; later rows with the same id are rejected as duplicate_id',
    rows: 0,
    valid_rows: 0,
    bad_rows: [],
    listed_ids: [],
    not_listed_ids: [],
    poa_ids: [],
    photos: { unreachable_ids: [], corrupt_ids: [], no_photo_ids: [] },
  };

  const rows: { row: Row; record: Record<string, unknown>; bad?: BadReason }[] = [];
  let corruptDone = false;
  for (const [i, r] of records.entries()) {
    const id = rng.chance(0.3)
      ? String(100000 + i * 7 + rng.int(0, 6))
      : `${r.car_type === 'used' ? 'U' : r.car_type === 'new' ? 'N' : 'D'}${String(20000 + i * 3 + rng.int(0, 2))}`;
    const simpleBody = r.simple_body as string;
    let photos: string[];
    const roll = rng.next();
    if (!corruptDone && i > 10 && r.status === 'in_stock') {
      photos = ['photos/corrupt.jpg'];
      corruptDone = true;
      expected.photos.corrupt_ids.push(id);
    } else if (roll < 0.015) {
      photos = ['http://127.0.0.1:9/nope.jpg', ...localPhotos(artOf(simpleBody), r.colour as string).slice(0, 1)];
      expected.photos.unreachable_ids.push(id);
    } else if (roll < 0.03) {
      photos = ['https://photos.invalid/car.jpg'];
      expected.photos.unreachable_ids.push(id);
    } else if (roll < 0.05) {
      photos = [];
      expected.photos.no_photo_ids.push(id);
    } else {
      photos = localPhotos(artOf(simpleBody), r.colour as string).slice(0, rng.int(1, 2));
    }
    const poa = (r.price as number) <= 0 || rng.chance(0.02);
    const status = r.status === 'sold' ? 'Sold' : r.status === 'coming_soon' ? 'Incoming' : 'Available';
    const comments = rng.chance(0.1)
      ? `${r.dealercomments as string}\n\n* "Dealer special": 5 year warranty, conditions apply.\n* Call 02 9524 0000, ask for "Macca".`
      : rng.chance(0.05)
        ? `${r.dealercomments as string} Condition \u2013 \u2018as new\u2019, caf\u00e9 racer looks \u2026 no dramas.`
        : (r.dealercomments as string);
    const row: Row = {
      StockNo: id,
      UsedOrNew: (r.car_type as string).toUpperCase(),
      Make: rng.chance(0.05) ? ` ${r.make as string} ` : (r.make as string),
      Model: r.model as string,
      // Dealer systems fill empty cells with placeholders; the build must read them as "no value".
      Variant: (r.badge as string | undefined) ?? rng.pick(['', 'N/A']),
      Year: String(r.year),
      Odometer: odometer(rng, r.km as number),
      Price: poa ? rng.pick(['POA', 'POA', 'Call']) : money(rng, r.price as number),
      Location: r.location_id === 'caringbah' ? 'Caringbah, NSW' : 'Penrith, NSW',
      Photos: photos.join('|'),
      Status: status,
      SoldDate: r.status === 'sold' ? withOffset(r.sold_date_timestamp as number) : '',
      DateInStock: withOffset(Math.floor(Date.parse(r.created_at as string) / 1000)),
      ShowOnWeb: r.show_on_dealer_website === false ? 'N' : rng.pick(['Y', 'Y', 'Yes', 'y']),
      Colour: rng.pick(COLOUR_NAMES[r.colour as string] ?? [r.colour as string]),
      Body: (r.body as string) === 'Wagon' && simpleBody === 'suv' ? rng.pick(['SUV', 'Wagon', '4D Wagon']) : (r.body as string),
      Transmission: r.simple_transmission === 'Manual' ? 'Manual' : rng.pick(['Automatic', 'Auto', (r.trans as string) ?? 'Automatic']),
      Fuel: r.simple_fuel as string,
      // Dealer exports often lack the VIN of a car just traded in (every 40th row here, no RNG drawn so nothing else moves).
      VIN: i % 40 === 17 ? (Math.floor(i / 40) % 2 === 0 ? '' : 'TBA') : (r.vin as string),
      Rego: (r.regplate as string | undefined) ?? rng.pick(['', '-']),
      Comments: comments,
      seats: rng.chance(0.03) ? 'N/A' : String(r.seats ?? ''),
      drive: (r.drive as string | undefined) ?? rng.pick(['', 'TBA']),
      DealerCode: rng.pick(['SCC01', 'SCC02']),
      'Internal Notes': rng.chance(0.1) ? 'Needs detail, 2 keys, spare tyre missing' : '',
    };
    rows.push({ row, record: { ...r, id, price: poa ? undefined : r.price } });
  }

  // About 3% bad rows, spread through the file.
  const nBadEach = Math.max(1, Math.round((count * 0.03) / BAD_REASONS.length));
  const order = rng.shuffle(rows.map((_, i) => i).filter((i) => i > 5 && !expected.photos.corrupt_ids.includes(rows[i]!.row.StockNo)));
  let k = 0;
  for (const reason of BAD_REASONS) {
    for (let j = 0; j < nBadEach; j++) {
      const target = rows[order[k++]!]!;
      target.bad = reason;
      if (reason === 'missing_id') target.row.StockNo = rng.pick(['', ' ']);
      if (reason === 'missing_make') target.row.Make = '';
      if (reason === 'unknown_car_type') target.row.UsedOrNew = 'VAN';
      if (reason === 'bad_year') target.row.Year = rng.pick(['20X1', '2O19', '19']);
      if (reason === 'duplicate_id') {
        // Copy the id of an earlier, valid row: the earlier one wins.
        const at = rows.indexOf(target);
        const candidates = rows.filter((x, xi) => xi < at && !x.bad && x.row.StockNo.trim() !== '');
        target.row.StockNo = rng.pick(candidates).row.StockNo;
      }
    }
  }
  // The first occurrence of each id is what counts; rows after it with the same id are duplicates.
  const seen = new Set<string>();
  const bad = new Set<number>();
  for (const [i, x] of rows.entries()) {
    const id = x.row.StockNo.trim();
    if (x.bad && x.bad !== 'duplicate_id') {
      bad.add(i);
      continue;
    }
    if (seen.has(id)) {
      x.bad = 'duplicate_id';
      bad.add(i);
      continue;
    }
    seen.add(id);
    // Self-check the good row against the schema as the ingest would map it.
    const mapped = {
      ...x.record,
      id,
      make: x.row.Make.trim(),
      year: x.row.Year,
      car_type: x.row.UsedOrNew.toLowerCase(),
    };
    const res = v.safeParse(CarRecordSchema, mapped);
    if (!res.success) throw new Error(`realworld row ${i + 1} (${id}) should be valid but is not: ${res.issues[0]?.message}`);
  }
  const listedIds = new Set<string>();
  const notListed = new Set<string>();
  for (const [i, x] of rows.entries()) {
    const id = x.row.StockNo.trim();
    if (bad.has(i)) {
      // A row the CSV parser cannot read has no id the build could know.
      const unreadable = x.bad === 'stray_quote' || x.bad === 'extra_cells';
      expected.bad_rows.push({ row: i + 1, id: id === '' || unreadable ? null : id, reason: x.bad! });
      if (unreadable && id !== '') notListed.add(id);
      continue;
    }
    if (x.record.price === undefined) expected.poa_ids.push(id);
    if (isListed(x.record, nowUnix, expected.recent_sold_days)) listedIds.add(id);
    else notListed.add(id);
  }
  for (const x of expected.bad_rows) if (x.id && !listedIds.has(x.id)) notListed.add(x.id);
  expected.rows = rows.length;
  expected.valid_rows = rows.length - bad.size;
  expected.listed_ids = [...listedIds].sort();
  expected.not_listed_ids = [...notListed].sort();
  const validIds = new Set(rows.filter((_, i) => !bad.has(i)).map((x) => x.row.StockNo.trim()));
  expected.poa_ids = expected.poa_ids.filter((id) => validIds.has(id)).sort();
  for (const key of ['unreachable_ids', 'corrupt_ids', 'no_photo_ids'] as const) {
    expected.photos[key] = expected.photos[key].filter((id) => validIds.has(id)).sort();
  }

  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'photos'), { recursive: true });
  writeFileSync(join(dir, 'tenant.json'), `${JSON.stringify(config, null, 2)}\n`);
  writeFileSync(join(dir, 'export.csv'), encodeWindows1252(toCsv(rows)));
  writeFileSync(join(dir, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
  writeFileSync(join(dir, 'photos/corrupt.jpg'), corruptJpegBytes(`${seed}|realworld-corrupt`));
  await writePhotos(
    dir,
    [...photoSpecs].sort(([a], [b]) => (a < b ? -1 : 1)),
    { size: { width: 640, height: 360 } },
  );
  log(
    `${slug}: ${rows.length} rows (${expected.valid_rows} valid, ${expected.bad_rows.length} bad), ` +
      `${expected.listed_ids.length} listed, ${photoSpecs.size + 1} photo files -> ${dir}`,
  );
  return expected;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      count: { type: 'string', default: '1000' },
      slug: { type: 'string' },
      now: { type: 'string' },
      seed: { type: 'string', default: DEFAULT_SEED },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || !values.out) {
    console.log('Usage: node scripts/demo/generate-realworld.ts --out <tenant-dir> [--count 1000] [--slug s] [--now YYYY-MM-DD] [--seed s]');
    if (!values.help) process.exit(2);
    return;
  }
  await generateRealworldTenant({
    out: values.out,
    count: Number(values.count),
    slug: values.slug,
    now: values.now,
    seed: values.seed,
    log: (l) => console.log(l),
  });
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
}
