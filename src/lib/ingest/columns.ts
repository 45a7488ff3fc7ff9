/**
 * What the ingest makes of an export's columns (issue 30): for each source column, the Car fields it
 * fills or "not read" with the known field it looks like; the preset the columns fit best, with the
 * evidence; and the warnings every build prints for a column that looks like a known field but is
 * read by nothing, a field left empty on most cars while the export had a similar column, and photos
 * past the per-car cap. Pure: `npm run stock:inspect` and scripts/build-tenant.ts read it.
 */
import { CarFieldsSchema } from '../schemas/car.ts';
import { STOCK_PRESETS, type FieldMapping, type StockPresetName, type StockSource } from '../schemas/stock-source.ts';
import { didYouMean } from '../schemas/unknown-fields.ts';
import { columnKey, effectiveMapping } from './mapping.ts';
import { presetMapping } from './presets.ts';
import { distanceUnit } from './units.ts';

/** The spec's Car field names (src/lib/schemas/car.ts). */
export const CAR_FIELDS: readonly string[] = Object.keys(CarFieldsSchema.entries);

/** Every column name a preset reads (by columnKey) -> the Car field it fills: the names a column is compared with. */
const ALIASES: Map<string, string> = (() => {
  const out = new Map<string, string>();
  for (const f of CAR_FIELDS) out.set(columnKey(f), f);
  for (const p of STOCK_PRESETS)
    for (const [field, spec] of Object.entries(presetMapping(p)))
      for (const c of fromColumns(spec)) if (!out.has(columnKey(c)) && !/\d/.test(c)) out.set(columnKey(c), field);
  return out;
})();

// Words too general to say which field a column is ("url", "id" inside "dealer_id" is its own alias).
const WEAK = new Set(['id', 'type', 'name', 'code', 'url', 'link', 'value', 'date', 'text', 'number', 'no', 'address']);

const COUNTING = new Set(['count', 'num', 'number', 'total', 'qty', 'quantity']);

function fromColumns(spec: FieldMapping): string[] {
  return typeof spec === 'string' ? [spec] : typeof spec.from === 'string' ? [spec.from] : spec.from;
}

/**
 * The Car field a column that no mapping reads looks like: its whole name a known field or column
 * name ("Odometer" -> km), a word of it one ("vehicle_year" -> year), else a near spelling ("yaer").
 */
export function looksLike(column: string): string | undefined {
  const whole = ALIASES.get(columnKey(column));
  if (whole) return whole;
  const words = column
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  // A count of photos is not the photos ("photos_count", "num_images").
  if (words.some((w) => COUNTING.has(w))) return undefined;
  for (let i = 0; i < words.length; i++)
    for (const n of [2, 1]) {
      const part = words.slice(i, i + n).join('');
      if (i + n > words.length || WEAK.has(part) || part.length < 3) continue;
      const f = ALIASES.get(part);
      if (f) return f;
    }
  const near = didYouMean(
    columnKey(column),
    CAR_FIELDS.map(columnKey).filter((k) => k.length >= 4),
  );
  return near === undefined ? undefined : CAR_FIELDS.find((f) => columnKey(f) === near);
}

export interface ColumnUse {
  column: string;
  /** The Car fields it fills ("km (unit)" for a unit column); empty when nothing reads it. */
  fills: string[];
  /** Kept under its own name on the record (keep_unmapped), read by nothing the site shows. */
  kept: boolean;
  /** Not read: the known field it looks like. */
  looks_like?: string | undefined;
}

/** Meta's and others' numbered photo columns past a mapping's last: `image[20].url`. */
const NUMBERED_PHOTO = /^(image|photo|picture|img)\[?(\d+)\]?(\.url)?$/i;
const PHOTO_DETAIL = /^(image|photo|picture|img)\[\d+\]\.(?!url$)/i;

/** Each column of the export and what reads it, in the export's order. */
export function columnUses(columns: readonly string[], source: StockSource): ColumnUse[] {
  const mapping = effectiveMapping(source);
  const mapped = Object.keys(mapping).length > 0;
  const byKey = new Map<string, string[]>();
  for (const [field, spec] of Object.entries(mapping)) {
    for (const c of fromColumns(spec)) byKey.set(columnKey(c), [...(byKey.get(columnKey(c)) ?? []), field]);
    if (typeof spec !== 'string' && spec.unit && !distanceUnit(spec.unit))
      byKey.set(columnKey(spec.unit), [...(byKey.get(columnKey(spec.unit)) ?? []), `${field} (unit)`]);
  }
  const carKeys = new Map(CAR_FIELDS.map((f) => [f, f]));
  return columns.map((column) => {
    const fills = mapped
      ? (byKey.get(columnKey(column)) ?? (source.keep_unmapped && carKeys.has(column) ? [column] : []))
      : carKeys.has(column)
        ? [column]
        : [];
    if (fills.length > 0) return { column, fills: [...new Set(fills)], kept: false };
    const kept = !mapped || source.keep_unmapped;
    // A photo's own details (Meta's image[0].tag) say nothing the site shows.
    const looks_like = NUMBERED_PHOTO.test(column) ? 'images' : PHOTO_DETAIL.test(column) ? undefined : looksLike(column);
    return { column, fills, kept, looks_like };
  });
}

/** How many mapped records have a value in `field`. */
function filled(records: readonly Record<string, unknown>[], field: string): number {
  return records.filter((r) => {
    const x = r[field];
    return x !== undefined && x !== null && x !== '' && !(Array.isArray(x) && x.length === 0);
  }).length;
}

/**
 * The warnings a build prints about columns: one per column that looks like a known field but is
 * read by nothing while that field is empty on most records (`vehicle_year` beside no year), and one
 * line for the numbered photo columns past the mapping's last, with the cars that had photos there.
 * Unread columns whose field another column fills are listed by stock:inspect, not warned about.
 */
export function columnWarnings(uses: readonly ColumnUse[], records: readonly Record<string, unknown>[], rows: readonly Record<string, unknown>[]): string[] {
  const out: string[] = [];
  const photoColumns = uses.filter((u) => u.fills.length === 0 && NUMBERED_PHOTO.test(u.column));
  for (const u of uses) {
    if (u.fills.length > 0 || !u.looks_like || photoColumns.includes(u)) continue;
    // A field another column already fills on most records is not lost: stock:inspect lists the column.
    const empty = records.length - filled(records, u.looks_like);
    if (records.length === 0 || empty <= records.length / 2) continue;
    out.push(
      `stock column \`${u.column}\` is not read; it looks like \`${u.looks_like}\`, which is empty on ${empty} of ${records.length} records (map it: "stock": { "mapping": { "${u.looks_like}": "${u.column}" } })`,
    );
  }
  if (photoColumns.length > 0) {
    const keys = new Set(photoColumns.map((u) => u.column));
    const cars = rows.filter((r) => Object.keys(r).some((k) => keys.has(k))).length;
    out.push(
      `photos: ${cars} car${cars === 1 ? '' : 's'} had photos past the preset's last photo column (${photoColumns[0]!.column}${photoColumns.length > 1 ? ` … ${photoColumns.at(-1)!.column}` : ''}); those photos are not read (the cap is documented in docs/tenant-config.md, "Photos")`,
    );
  }
  return out;
}

export interface PresetGuess {
  /** The preset the columns fit best, or undefined when the export already uses Car field names. */
  preset: StockPresetName | undefined;
  /** The columns that decided it. */
  evidence: string[];
  /** Every candidate's score (columns read), best first. */
  scores: { preset: StockPresetName | 'car-fields'; columns: number }[];
}

/** The preset an export's columns fit best: the one reading the most of them (Car field names count as their own candidate). */
export function detectPreset(columns: readonly string[]): PresetGuess {
  const keys = new Set(columns.map(columnKey));
  const scores: { preset: StockPresetName | 'car-fields'; columns: number; evidence: string[] }[] = STOCK_PRESETS.map((preset) => {
    const read = new Set(Object.values(presetMapping(preset)).flatMap((s) => fromColumns(s).map(columnKey)));
    const evidence = columns.filter((c) => read.has(columnKey(c)));
    return { preset, columns: evidence.length, evidence };
  });
  const carFields = columns.filter((c) => CAR_FIELDS.includes(c));
  scores.push({ preset: 'car-fields', columns: carFields.length + (keys.has('carType') || columns.includes('car_type') ? 3 : 0), evidence: carFields });
  scores.sort((a, b) => b.columns - a.columns);
  const best = scores[0]!;
  return {
    preset: best.preset === 'car-fields' ? undefined : best.preset,
    evidence: best.evidence,
    scores: scores.map(({ preset, columns: n }) => ({ preset, columns: n })),
  };
}
