import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import * as v from 'valibot';
import { StockFileMissing, StockFileUnreadable, StockRowInvalid, dealerError } from '../errors/errors-data.ts';
import { CarRecordSchema, type CarRecord } from '../schemas/car.ts';
import { formatIssues } from '../schemas/issues.ts';
import type { Tenant } from '../tenant/load-tenant.ts';
import type { Vehicle, VehicleLocation } from '../model/vehicle.ts';
import { isListed } from '../rules/listing.ts';
import { customRank } from '../rules/rank.ts';
import { slugify } from '../utils/slugify.ts';
import { parseCsv } from './csv.ts';
import { dropEmptyCells, mapRecord } from './mapping.ts';

export interface RejectedRecord {
  /** 1-based position of the record in the export. */
  position: number;
  id?: string | undefined;
  stocknum?: string | undefined;
  field: string;
  reason: string;
  /** The readable one-line message (catalogue StockRowInvalid). */
  message: string;
}

export interface IngestResult {
  file: string;
  read: number;
  vehicles: Vehicle[];
  rejected: RejectedRecord[];
}

/** Finds the export: stock.file from the config, else stock.json, else stock.csv. */
export function locateStockFile(tenant: Tenant): string {
  const tried = tenant.stock.file ? [tenant.stock.file] : ['stock.json', 'stock.csv'];
  for (const name of tried) {
    const path = isAbsolute(name) ? name : join(tenant.dir, name);
    if (existsSync(path)) return path;
  }
  throw dealerError(StockFileMissing, tenant.slug, tried);
}

/** Reads the export into raw rows (JSON array or CSV with a header row). */
export function readStockRows(tenant: Tenant, file: string): Record<string, unknown>[] {
  const shown = relative(process.cwd(), file) || file;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw dealerError(StockFileUnreadable, tenant.slug, shown, (err as Error).message);
  }
  if (file.toLowerCase().endsWith('.csv')) return parseCsv(text).rows.map(dropEmptyCells);
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
  return data.map((row) => (row && typeof row === 'object' && !Array.isArray(row) ? (row as Record<string, unknown>) : { __not_an_object: row }));
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
  const loc =
    tenant.locations.find((l) => ids.includes(l.id)) ??
    tenant.locations.find((l) => names.includes(l.name.toLowerCase())) ??
    (city ? tenant.locations.find((l) => l.address.city?.toLowerCase() === city) : undefined) ??
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
export function ingestStock(tenant: Tenant, now: number): IngestResult {
  const file = locateStockFile(tenant);
  const rows = readStockRows(tenant, file);
  const rejected: RejectedRecord[] = [];
  const vehicles: Vehicle[] = [];
  const firstSeen = new Map<string, number>();
  const slugs = new Set<string>();

  const reject = (position: number, raw: Record<string, unknown>, field: string, reason: string) => {
    const stocknum = raw['stocknum'] ?? raw['StockNo'];
    const id = raw['id'];
    const stock = stocknum === undefined || stocknum === null ? undefined : String(stocknum);
    rejected.push({
      position,
      id: id === undefined || id === null ? undefined : String(id),
      stocknum: stock,
      field,
      reason,
      message: StockRowInvalid.message(position, stock, field, reason),
    });
  };

  rows.forEach((row, index) => {
    const position = index + 1;
    if ('__not_an_object' in row) {
      reject(position, {}, '(record)', 'expected an object with Car fields');
      return;
    }
    const mapped = normaliseListColumns(mapRecord(row, tenant.stock));
    const result = v.safeParse(CarRecordSchema, mapped);
    if (!result.success) {
      const first = formatIssues(result.issues, mapped)[0] ?? '(record): invalid';
      const cut = first.indexOf(': ');
      reject(position, mapped, first.slice(0, cut), first.slice(cut + 2));
      return;
    }
    const car = result.output;
    const seen = firstSeen.get(car.id);
    if (seen !== undefined) {
      reject(position, mapped, 'id', `duplicate id "${car.id}" (first seen at record ${seen}; the first is kept)`);
      return;
    }
    firstSeen.set(car.id, position);

    const { images, spin_images, location, ...rest } = car;
    const slug = deriveSlug(car, slugs);
    const image_sources = [...new Set([...(car.primary_image_url ? [car.primary_image_url] : []), ...(images ?? [])])];
    vehicles.push({
      ...rest,
      slug,
      path: `/cars/${slug}`,
      listed: isListed(car, now, tenant.listing.recent_sold_days),
      custom_rank: customRank(car),
      image_sources,
      spin_sources: spin_images ?? [],
      photos: [],
      location: resolveLocation({ ...car, location }, tenant),
    });
  });
  return { file, read: rows.length, vehicles, rejected };
}
