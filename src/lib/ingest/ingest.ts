import { extname } from 'node:path';
import * as v from 'valibot';
import { StockFileUnreadable, StockRowInvalid, dealerError } from '../errors/errors-data.ts';
import { CarRecordSchema, type CarRecord } from '../schemas/car.ts';
import { formatIssues } from '../schemas/issues.ts';
import { takeVdpExtras } from '../schemas/vdp-extras.ts';
import type { Tenant } from '../tenant/load-tenant.ts';
import type { Vehicle, VehicleLocation } from '../model/vehicle.ts';
import { isListed, recentSoldDays, recentSoldSettings } from '../rules/listing.ts';
import { isJustArrived } from '../rules/card-tag.ts';
import { customRank } from '../rules/rank.ts';
import { formatCount } from '../rules/format.ts';
import { slugify } from '../utils/slugify.ts';
import type { StockFormat } from '../schemas/stock-source.ts';
import { parseCsv } from './csv.ts';
import { expandJsonCells, type JsonCellProblem } from './json-cells.ts';
import { decodeExport, type ExportEncoding } from './decode.ts';
import { dropEmptyCells, mapRecordNoted } from './mapping.ts';
import { foreignPrice, foreignPriceReason } from './units.ts';
import { columnUses, columnWarnings } from './columns.ts';
import { heavyBody, variantFromTitle } from './vehicle-words.ts';
import { parseXmlRecords } from './xml.ts';
import { capRecordText, LIST_ITEMS_MAX, textLimit } from './text-caps.ts';

export interface RejectedRecord {
  /** 1-based position of the record in the export. */
  position: number;
  /** The file line the record starts on (CSV and TSV exports). */
  line?: number | undefined;
  id?: string | undefined;
  stocknum?: string | undefined;
  field: string;
  reason: string;
  /** The readable one-line message (catalogue StockRowInvalid). */
  message: string;
}

export interface IngestResult {
  file: string;
  format: StockFormat;
  encoding: ExportEncoding | 'json';
  read: number;
  vehicles: Vehicle[];
  rejected: RejectedRecord[];
  /** Values the build changed on the way in, said once per tenant: km read from miles. */
  conversions: { km_from_miles: number; km_from_miles_by?: string; badge_from_title: number; body_from_words: number };
  /** Values no lookup knew, passed through as they are: field -> value -> records. */
  unknown_values: Record<string, Record<string, number>>;
  /** The export's columns (keys of its rows), in the order first seen. */
  columns: string[];
  /** What the ingest could not read and says (columns.ts columnWarnings): a line each. */
  warnings: string[];
}

/** One record as read from the export, before mapping: where it is and its raw fields. */
export interface StockRow {
  position: number;
  line?: number | undefined;
  raw: Record<string, unknown>;
  /** Set when the row itself could not be read (a malformed CSV row). */
  unreadable?: string | undefined;
  /** Cells of the row that could not be read (a JSON cell that is not valid JSON), each left out. */
  cellProblems?: JsonCellProblem[] | undefined;
}

const plural = (n: number, word: string) => formatCount(n, word, `${word}s`);

/** The export's format: stock.format, else its extension, else a look at its first character. */
export function stockFormat(file: string, text: string, configured?: StockFormat): StockFormat {
  if (configured) return configured;
  const ext = extname(file).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.csv') return 'csv';
  if (ext === '.tsv' || ext === '.tab') return 'tsv';
  if (ext === '.xml') return 'xml';
  const first = text.trimStart()[0];
  if (first === '[' || first === '{') return 'json';
  if (first === '<') return 'xml';
  const headerLine = text.slice(0, text.search(/\r|\n/) >>> 0 || text.length);
  return headerLine.includes('\t') ? 'tsv' : 'csv';
}

/**
 * The export's bytes as raw rows: a JSON array (or an object wrapping one), CSV or TSV with a header
 * row, or an XML feed. `shown` is how errors name the file. Reading the file is src/io/stock-file.ts.
 */
export function stockRows(
  tenant: Tenant,
  file: string,
  bytes: Uint8Array,
  shown = file,
): { rows: StockRow[]; format: StockFormat; encoding: ExportEncoding | 'json' } {
  const { text, encoding } = decodeExport(bytes);
  const format = stockFormat(file, text, tenant.stock.format);
  if (format === 'csv' || format === 'tsv') {
    const { header, rows, problems } = parseCsv(text, { delimiter: format === 'tsv' ? '\t' : ',' });
    if (header.length === 0) throw dealerError(StockFileUnreadable, tenant.slug, shown, problems[0]?.reason ?? 'the file is empty (expected a header row)');
    const all: (StockRow & { line: number })[] = [
      ...rows.map((r) => {
        // Meta's JSON cells (image, address, mileage) as the flat columns the presets read.
        const { row, problems: cellProblems } = expandJsonCells(dropEmptyCells(r.cells));
        return { position: 0, line: r.line, raw: row, ...(cellProblems.length > 0 ? { cellProblems } : {}) };
      }),
      ...problems.map((p) => ({ position: 0, line: p.line, raw: {}, unreadable: p.reason })),
    ].sort((a, b) => a.line - b.line);
    all.forEach((r, i) => (r.position = i + 1));
    return { rows: all, format, encoding };
  }
  if (format === 'xml') {
    try {
      return { rows: parseXmlRecords(text).map((raw, i) => ({ position: i + 1, raw })), format, encoding };
    } catch (err) {
      throw dealerError(StockFileUnreadable, tenant.slug, shown, (err as Error).message);
    }
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw dealerError(StockFileUnreadable, tenant.slug, shown, `not valid JSON (${(err as Error).message})`);
  }
  // Some exports wrap the list: { "cars": [...] } or { "data": [...] }.
  if (!Array.isArray(data) && data && typeof data === 'object') {
    const inner = Object.values(data as Record<string, unknown>).find(Array.isArray);
    if (inner) data = inner;
  }
  if (!Array.isArray(data)) throw dealerError(StockFileUnreadable, tenant.slug, shown, 'expected a JSON array of records');
  const rows = data.map((row, i): StockRow =>
    row && typeof row === 'object' && !Array.isArray(row)
      ? { position: i + 1, raw: row as Record<string, unknown> }
      : {
          position: i + 1,
          raw: {},
          unreadable: `expected an object with Car fields, received ${row === null ? 'null' : Array.isArray(row) ? 'a list' : typeof row}`,
        },
  );
  return { rows, format: 'json', encoding: 'json' };
}

/** "a|b|c" in a CSV column named images or standardEquipment becomes a list. */
function normaliseListColumns(row: Record<string, unknown>): Record<string, unknown> {
  const out = { ...row };
  for (const key of ['images', 'spin_images', 'standardEquipment'] as const) {
    const value = out[key];
    if (typeof value === 'string')
      out[key] = value
        .split('|')
        .map((s) => s.trim())
        .filter(Boolean);
  }
  return out;
}

/** A stable, unique URL slug: the record's own slug, else year-make-model-badge-id. */
export function deriveSlug(car: Pick<CarRecord, 'id' | 'year' | 'make' | 'model' | 'badge' | 'slug'>, taken: Set<string>): string {
  const base =
    car.slug ??
    (slugify([car.year, car.make, car.model, car.badge, car.id].filter((x) => x !== undefined && x !== null).join(' ')) || `car-${slugify(car.id)}`);
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

/** Matches a record to one of the tenant's locations by id, then name, then city; else the primary. */
export function resolveLocation(car: CarRecord, tenant: Tenant): VehicleLocation | undefined {
  const ids = [car.location_id, car.location?.id].filter((x) => x !== undefined).map(String);
  const names = [car.location_name, car.location?.name].filter(Boolean).map((s) => String(s).toLowerCase());
  const city = (car.city ?? car.location?.city)?.toLowerCase();
  // DMS exports often name a branch by its suburb ("Miranda") where the site says "Coastal Miranda".
  const cities = [...names, ...(city ? [city] : [])];
  const loc =
    tenant.locations.find((l) => ids.includes(l.id)) ??
    tenant.locations.find((l) => names.includes(l.name.toLowerCase()) || names.some((n) => slugify(n) === l.slug)) ??
    tenant.locations.find((l) => l.address.city !== undefined && cities.includes(l.address.city.toLowerCase())) ??
    tenant.locations.find((l) => l.primary);
  if (!loc) return undefined;
  return {
    id: loc.id,
    name: loc.name,
    slug: loc.slug,
    phone: loc.contact_detail.phone,
    city: loc.address.city,
    state: loc.address.state,
    primary: loc.primary,
  };
}

/**
 * Reads, maps and validates the tenant's stock export. A bad record is skipped and reported by its
 * position and stocknum with the field and reason; a later duplicate id is rejected and the first
 * kept. Every good record becomes a Vehicle (listed or not, by the spec's listing rule).
 */
/** The read export (stockRows) as Vehicles and rejections, on the build's day `now` (unix seconds). */
export function ingestRows(
  tenant: Tenant,
  stock: { file: string; rows: StockRow[]; format: StockFormat; encoding: ExportEncoding | 'json' },
  now: number,
): IngestResult {
  const { file, rows, format, encoding } = stock;
  const rejected: RejectedRecord[] = [];
  const vehicles: Vehicle[] = [];
  const firstSeen = new Map<string, number>();
  const slugs = new Set<string>();
  const conversions: IngestResult['conversions'] = { km_from_miles: 0, badge_from_title: 0, body_from_words: 0 };
  const unknown_values: IngestResult['unknown_values'] = {};
  const records: Record<string, unknown>[] = [];
  /** Fields whose text was cut to the caps (src/lib/ingest/text-caps.ts), with the number of records. */
  const textCut = new Map<string, number>();
  /** Extras left off their cars (takeVdpExtras), by field and reason: said like rejections, a line each. */
  const extraGroups = new Map<string, { field: string; reason: string; received: Set<string>; where: string[] }>();
  const where = (row: StockRow, car: CarRecord) => {
    const at = row.line !== undefined ? `line ${row.line}` : `record ${row.position}`;
    return `${car.stocknum ? `stocknum ${car.stocknum}` : `id ${car.id}`} at ${at}`;
  };

  const reject = (row: StockRow, raw: Record<string, unknown>, field: string, reason: string) => {
    const stocknum = raw['stocknum'] ?? raw['StockNo'];
    const id = raw['id'];
    const stock = stocknum === undefined || stocknum === null ? undefined : String(stocknum);
    rejected.push({
      position: row.position,
      line: row.line,
      id: id === undefined || id === null ? undefined : String(id),
      stocknum: stock,
      field,
      reason,
      message: StockRowInvalid.message(row.position, stock, field, reason, row.line),
    });
  };

  for (const row of rows) {
    if (row.unreadable !== undefined) {
      reject(row, {}, '(row)', row.unreadable);
      continue;
    }
    const { record, notes } = mapRecordNoted(row.raw, tenant.stock);
    const capped = capRecordText(normaliseListColumns(record));
    const mapped = capped.record;
    for (const field of capped.cut) textCut.set(field, (textCut.get(field) ?? 0) + 1);
    records.push(mapped);
    for (const u of notes.unknown) {
      const counts = (unknown_values[u.field] ??= {});
      counts[u.value] = (counts[u.value] ?? 0) + 1;
    }
    // Counted before any rejection: a US feed held for its USD prices still says its mileages are miles.
    if (notes.miles) {
      conversions.km_from_miles++;
      conversions.km_from_miles_by ??= notes.miles;
    }
    // A price in another currency is never shown as dollars: the record is rejected, naming it.
    const foreign = foreignPrice(mapped);
    if (foreign) {
      reject(row, mapped, foreign.field, foreignPriceReason(foreign));
      continue;
    }
    const result = v.safeParse(CarRecordSchema, mapped);
    if (!result.success) {
      const first = formatIssues(result.issues, mapped)[0] ?? '(record): invalid';
      const cut = first.indexOf(': ');
      reject(row, mapped, first.slice(0, cut), first.slice(cut + 2));
      continue;
    }
    const car = result.output;
    const seen = firstSeen.get(car.id);
    if (seen !== undefined) {
      reject(row, mapped, 'id', `duplicate id "${car.id}" (first seen at record ${seen}; the first is kept)`);
      continue;
    }
    firstSeen.set(car.id, row.position);

    // The page extras are read here, once: a malformed one is left off the car (and said), never the car.
    const { rest: withoutExtras, extras, problems } = takeVdpExtras(car);
    for (const problem of problems) {
      const colon = problem.indexOf(': ');
      const field = problem.slice(0, colon);
      const full = problem.slice(colon + 2);
      const cut = full.lastIndexOf(', received ');
      const reason = cut < 0 ? full : full.slice(0, cut);
      const key = `${field}\u0000${reason}`;
      const g = extraGroups.get(key) ?? { field, reason, received: new Set<string>(), where: [] };
      if (cut >= 0 && g.received.size < 3) g.received.add(full.slice(cut + ', received '.length));
      g.where.push(where(row, car));
      extraGroups.set(key, g);
    }
    const { images, spin_images, location, ...rest } = withoutExtras;
    // The slug is the record's own (a variant read from the title does not move a car's URL).
    const slug = deriveSlug(car, slugs);
    // No trim or badge: the feed's title after year, make and model is the variant, shown where the trim would be.
    const variant = car.badge ? undefined : variantFromTitle(car.name, car);
    if (variant) {
      rest.badge = variant;
      conversions.badge_from_title++;
    }
    // Prime movers, cab chassis and buses the body column calls a pickup (or nothing) get the spec's truck types.
    const heavy = heavyBody(car.body, [car.name, car.model, car.badge, car.body]);
    if (heavy) {
      rest.body = heavy;
      conversions.body_from_words++;
    }
    const resolved = resolveLocation({ ...car, location }, tenant);
    const image_sources = [...new Set([...(car.primary_image_url ? [car.primary_image_url] : []), ...(images ?? [])])];
    vehicles.push({
      ...rest,
      slug,
      path: `/cars/${slug}`,
      listed: isListed(car, now, recentSoldDays({ ...car, location: resolved }, recentSoldSettings(tenant))),
      just_arrived: isJustArrived(car.created_at, now, tenant.listing.just_arrived_days),
      custom_rank: customRank(car),
      image_sources,
      spin_sources: spin_images ?? [],
      photos: [],
      location: resolved,
      extras,
    });
  }
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r.raw)))];
  const warnings = columnWarnings(
    columnUses(columns, tenant.stock),
    records,
    rows.map((r) => r.raw),
  );
  // Cells left out (a JSON cell that is not JSON): one line per column and reason, with the rows' lines.
  const cellGroups = new Map<string, { column: string; reason: string; where: string[] }>();
  for (const row of rows)
    for (const p of row.cellProblems ?? []) {
      const reason = p.reason.replace(/ \(.*\)$/, '');
      const key = `${p.column}\u0000${reason}`;
      const g = cellGroups.get(key) ?? { column: p.column, reason, where: [] };
      g.where.push(
        `${row.line !== undefined ? `line ${row.line}` : `record ${row.position}`}${p.reason === reason ? '' : ` ${p.reason.slice(reason.length + 1)}`}`,
      );
      cellGroups.set(key, g);
    }
  for (const g of cellGroups.values())
    warnings.push(
      `stock column \`${g.column}\`: ${plural(g.where.length, 'record')} with ${g.reason}, so that cell is not read (${g.where.slice(0, 3).join('; ')}${g.where.length > 3 ? `; and ${g.where.length - 3} more` : ''})`,
    );
  for (const g of extraGroups.values()) {
    const n = g.where.length;
    const received = g.received.size > 0 ? ` (received ${[...g.received].join(', ')})` : '';
    warnings.push(
      `${g.field}: ${g.reason}${received} in ${plural(n, 'record')}: that extra is not shown, the car${n === 1 ? ' is' : 's are'} still listed (${g.where.slice(0, 3).join('; ')}${n > 3 ? `; and ${n - 3} more` : ''})`,
    );
  }
  for (const [field, n] of textCut)
    warnings.push(
      `${field}: ${n} record${n === 1 ? '' : 's'} with text past ${textLimit(field)} characters (or a list past ${LIST_ITEMS_MAX} entries): cut there, the rest not shown`,
    );
  return { file, format, encoding, read: rows.length, vehicles, rejected, conversions, unknown_values, columns, warnings };
}
