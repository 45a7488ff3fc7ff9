import { readAmount } from '../rules/format.ts';
import { isAbsent } from '../schemas/absent.ts';
import type { FieldMapping, StockSource, TransformName } from '../schemas/stock-source.ts';
import { presetMapping } from './presets.ts';
import { distanceUnit, readDistance, type DistanceUnit } from './units.ts';

type Raw = Record<string, unknown>;

/** A feed's price: "$31,990" -> 31990, "31990.00 AUD" -> 31990 (readAmount); "POA", "Call", "" -> null (no price); NaN when unreadable. */
export function readPrice(value: unknown): number | null | typeof Number.NaN {
  if (typeof value === 'number') return value;
  if (isAbsent(value, true)) return null;
  const s = String(value).trim();
  if (/^enquire.*$/i.test(s)) return null;
  return readAmount(s.replace(/\s*aud\s*/gi, '')) ?? Number.NaN;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '\u2013',
  mdash: '\u2014',
  rsquo: '\u2019',
  lsquo: '\u2018',
  rdquo: '\u201d',
  ldquo: '\u201c',
  hellip: '\u2026',
};

/** A dealer system's HTML description as plain text: tags removed, breaks and paragraphs kept as line ends, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A date as Australian exports write it, in milliseconds (UTC): day first ("15/03/2021", "5-3-21",
 * with an optional time), month and year ("03/2021": the 1st), else ISO and what Date.parse reads.
 * Never month first: 03/04/2021 is 3 April.
 */
export function parseDateMs(text: string): number {
  const s = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (dmy) {
    const [, d, mo, y, h, mi, se] = dmy;
    const year = y!.length === 2 ? 2000 + Number(y) : Number(y);
    const day = Number(d);
    const month = Number(mo);
    if (month < 1 || month > 12 || day < 1 || day > 31) return Number.NaN;
    return Date.UTC(year, month - 1, day, Number(h ?? 0), Number(mi ?? 0), Number(se ?? 0));
  }
  const my = /^(\d{1,2})[/-](\d{4})$/.exec(s);
  if (my) return Number(my[1]) >= 1 && Number(my[1]) <= 12 ? Date.UTC(Number(my[2]), Number(my[1]) - 1, 1) : Number.NaN;
  return Date.parse(s);
}

function splitCityState(value: string): { city: string; state: string } {
  const i = value.lastIndexOf(',');
  if (i < 0) return { city: value.trim(), state: '' };
  return {
    city: value.slice(0, i).trim(),
    state: value
      .slice(i + 1)
      .trim()
      .toUpperCase(),
  };
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

/**
 * A list cell split at its separator. For photos, a piece that is not itself a URL, in a list that
 * has URLs, is part of the URL before it: image CDNs put commas in their URLs
 * (`https://media.edealer.ca/w_400,h_300,q_90,c_f,v1/...webp`, a real Google feed) and Google's
 * `additional_image_link` separates URLs with commas. A list of file names alone splits as it is.
 */
export function splitList(text: string, separator: string, images = false): string[] {
  const pieces = text.split(separator);
  if (!images || !pieces.some((p) => ABSOLUTE_URL.test(p.trim()))) return pieces.map((p) => p.trim()).filter(Boolean);
  const out: string[] = [];
  for (const piece of pieces) {
    const p = piece.trim();
    if (out.length > 0 && !ABSOLUTE_URL.test(p) && p !== '') out[out.length - 1] += `${separator}${p}`;
    else if (p !== '') out.push(p);
  }
  return out;
}

function applyTransform(value: unknown, transform: TransformName, separator: string): unknown {
  if (value === undefined || value === null) return value;
  const s = typeof value === 'string' ? value.trim() : value;
  switch (transform) {
    case 'text':
      return String(s);
    case 'number':
    case 'integer': {
      if (typeof s === 'number') return s;
      const cleaned = String(s).replace(/[,\s]|kms?$/gi, '');
      if (cleaned === '') return null;
      // Keep the original text when it is not a number, so validation can name it.
      return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : String(s);
    }
    case 'money': {
      const n = readPrice(s);
      return Number.isNaN(n) ? String(s) : n;
    }
    case 'boolean':
      return s;
    case 'lowercase':
      return String(s).toLowerCase();
    case 'timestamp':
    case 'date': {
      const ms = typeof s === 'number' ? (s > 1e12 ? s : s * 1000) : parseDateMs(String(s));
      if (Number.isNaN(ms)) return String(s);
      return transform === 'timestamp' ? Math.round(ms / 1000) : new Date(ms).toISOString();
    }
    case 'list':
      return String(s)
        .split(separator)
        .map((x) => x.trim())
        .filter(Boolean);
    case 'images':
      return splitList(String(s), separator, true).map((url) => ({ image: { url } }));
    case 'city':
      return splitCityState(String(s)).city;
    case 'state':
      return splitCityState(String(s)).state;
    case 'html_text':
      return htmlToText(String(s));
  }
}

function lookupValue(values: Record<string, unknown>, value: unknown): { hit: boolean; value: unknown } {
  // Lists (from several columns) are looked up entry by entry.
  if (Array.isArray(value)) return { hit: true, value: value.map((x) => lookupValue(values, x).value) };
  const key = String(value ?? '')
    .trim()
    .toLowerCase();
  for (const [k, v] of Object.entries(values)) if (k.trim().toLowerCase() === key) return { hit: true, value: v };
  return { hit: false, value };
}

/** A column name as compared: case, spaces and punctuation ignored ("Stock No" = "STOCK_NO" = "stockno"). */
export function columnKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9[\]]/g, '');
}

/** Looks a column up by its exact name, else by columnKey. */
function columnValue(row: Raw, index: Map<string, string>, name: string): unknown {
  if (name in row) return row[name];
  const key = index.get(columnKey(name));
  return key === undefined ? undefined : row[key];
}

const LIST_TRANSFORMS = new Set<TransformName>(['list', 'images']);

/**
 * A mapped field's raw value. Several columns: for a list (transform list or images) every present
 * value joined into one list; otherwise the first column that has a value.
 */
function readColumns(row: Raw, index: Map<string, string>, spec: Extract<FieldMapping, object>): unknown {
  const from = typeof spec.from === 'string' ? [spec.from] : spec.from;
  const present = from.map((c) => columnValue(row, index, c)).filter((x) => !isAbsent(x));
  if (present.length === 0) return undefined;
  if (!spec.transform || !LIST_TRANSFORMS.has(spec.transform)) return present[0];
  // Each column may itself hold a list ("a.jpg|b.jpg"): one flat list either way.
  return present
    .flatMap((x) => (typeof x === 'string' ? splitList(x, spec.separator, spec.transform === 'images') : Array.isArray(x) ? x : [x]))
    .filter((x) => !isAbsent(x));
}

/** What mapping one row did beyond copying: miles converted, values no lookup knew (said by the build and stock:inspect). */
export interface MapNotes {
  /** The km was read from miles, and how the miles were known: `mileage.unit "MI"`, `the value's "mi"`, `stock.mapping.km.unit "mi"`. */
  miles?: string;
  /** Values a `values` lookup does not list, passed through as they are (fuel, transmission, body words...). */
  unknown: { field: string; value: string }[];
}

function readField(row: Raw, index: Map<string, string>, spec: FieldMapping, field: string, notes: MapNotes): unknown {
  if (typeof spec === 'string') return columnValue(row, index, spec);
  let value = readColumns(row, index, spec);
  if (spec.values && value !== undefined) {
    const found = lookupValue(spec.values, value);
    if (!found.hit && spec.otherwise === undefined && !isAbsent(value)) notes.unknown.push({ field, value: String(value).trim() });
    value = found.hit || spec.otherwise === undefined ? found.value : spec.otherwise;
  }
  if (value !== undefined && value !== null && spec.transform) {
    value = Array.isArray(value)
      ? spec.transform === 'images'
        ? value.map((url) => ({ image: { url: String(url).trim() } }))
        : value.map((x) => applyTransform(x, spec.transform!, spec.separator))
      : applyTransform(value, spec.transform, spec.separator);
  }
  if ((value === undefined || value === '') && spec.default !== undefined) value = spec.default;
  return value;
}

/** The unit a mapping's `unit` gives: "km" or "mi" itself, or read from the column it names. */
function mappedUnit(row: Raw, index: Map<string, string>, spec: FieldMapping): { unit?: DistanceUnit; how?: string } {
  if (typeof spec === 'string' || spec.unit === undefined) return {};
  const fixed = distanceUnit(spec.unit);
  if (fixed) return { unit: fixed, how: `stock.mapping unit "${spec.unit}"` };
  const cell = columnValue(row, index, spec.unit);
  const unit = distanceUnit(cell);
  return unit ? { unit, how: `${spec.unit} "${String(cell).trim()}"` } : {};
}

/** The km as km: miles (by the value's suffix, else the mapping's unit) converted, noted once. */
function kmOf(value: unknown, unit: { unit?: DistanceUnit; how?: string }, notes: MapNotes): unknown {
  const read = readDistance(value, unit.unit);
  if (read.from === 'mi') {
    const suffix = typeof value === 'string' && /[a-z]\.?\s*$/i.test(value.trim());
    notes.miles = suffix ? `the value's unit ("${String(value).trim()}")` : (unit.how ?? 'miles');
  }
  return read.value;
}

/**
 * Turns one export row into a record with the spec's Car field names, by the tenant's mapping.
 * With keep_unmapped, columns not used as a mapping source pass through under their own name.
 */
export function mapRecord(row: Raw, source: StockSource): Raw {
  return mapRecordNoted(row, source).record;
}

/** mapRecord, with what it converted (miles) and the values its lookups did not know. */
export function mapRecordNoted(row: Raw, source: StockSource): { record: Raw; notes: MapNotes } {
  const notes: MapNotes = { unknown: [] };
  const mapping = effectiveMapping(source);
  if (Object.keys(mapping).length === 0) {
    // Car field names already: a km written with its unit ("52,669 mi") is still read as km.
    if (typeof row['km'] !== 'string') return { record: row, notes };
    return { record: { ...row, km: kmOf(row['km'], {}, notes) }, notes };
  }
  const index = new Map<string, string>();
  for (const k of Object.keys(row)) if (!index.has(columnKey(k))) index.set(columnKey(k), k);
  const out: Raw = {};
  const used = mappedColumns(mapping);
  if (source.keep_unmapped) for (const [k, v] of Object.entries(row)) if (!used.has(columnKey(k))) out[k] = v;
  for (const [target, spec] of Object.entries(mapping)) {
    let value = readField(row, index, spec, target, notes);
    if (target === 'km' && value !== undefined) value = kmOf(value, mappedUnit(row, index, spec), notes);
    if (value !== undefined) out[target] = value;
  }
  return { record: out, notes };
}

/** The columns (by columnKey) a mapping reads: its `from` columns and the unit columns it names. */
export function mappedColumns(mapping: Record<string, FieldMapping>): Set<string> {
  return new Set(
    Object.values(mapping)
      .flatMap((m) =>
        typeof m === 'string' ? [m] : [...(typeof m.from === 'string' ? [m.from] : m.from), ...(m.unit && !distanceUnit(m.unit) ? [m.unit] : [])],
      )
      .map(columnKey),
  );
}

/** The tenant's mapping over its preset's: a field the tenant maps replaces the preset's entry for it. */
export function effectiveMapping(source: StockSource): Record<string, FieldMapping> {
  return { ...(source.preset ? presetMapping(source.preset) : {}), ...(source.mapping ?? {}) };
}

/** CSV cells are all strings: treat empty cells and placeholders as absent so optional fields stay optional. */
export function dropEmptyCells(row: Record<string, string>): Raw {
  const out: Raw = {};
  for (const [k, v] of Object.entries(row)) if (!isAbsent(v)) out[k] = v;
  return out;
}
