/**
 * Finds and reads a tenant's stock export; turning its bytes into rows and Vehicles is
 * src/lib/ingest/ingest.ts (pure). File reading lives here, not in src/lib/ (src/io/README.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { StockFileMissing, StockFileUnreadable, TenantInputOutside, dealerError } from '../lib/errors/errors-data.ts';
import { realPathInside, OUTSIDE_TENANT } from './tenant-path.ts';
import { ingestRows, stockRows, type IngestResult, type StockRow } from '../lib/ingest/ingest.ts';
import type { StockFormat } from '../lib/schemas/stock-source.ts';
import type { ExportEncoding } from '../lib/ingest/decode.ts';
import type { Tenant } from '../lib/tenant/load-tenant.ts';

const DEFAULT_FILES = ['stock.json', 'stock.csv', 'stock.tsv', 'stock.xml'];

/** The environment override for local development: an export kept outside the tenant folder may be read. */
export const EXPORTS_OUTSIDE_ENV = 'DEALER_EXPORTS_OUTSIDE';

/**
 * Finds the export: stock.file from the config, else stock.json, stock.csv, stock.tsv or stock.xml.
 * Only inside the tenant folder (issue 27): a config naming /proc/self/environ, or a stock.csv that is
 * a symlink to it, would have the build read the runner's secrets into its rejected-row messages.
 * DEALER_EXPORTS_OUTSIDE=allow (the platform's environment, never the tenant's) lets development read
 * an export kept elsewhere.
 */
export function locateStockFile(tenant: Tenant): string {
  const tried = tenant.stock.file ? [tenant.stock.file] : DEFAULT_FILES;
  for (const name of tried) {
    const path = isAbsolute(name) ? name : join(tenant.dir, name);
    if (!existsSync(path)) continue;
    if (process.env[EXPORTS_OUTSIDE_ENV] !== 'allow') {
      const inside = realPathInside(path, tenant.dir);
      if (!inside.ok && inside.reason === OUTSIDE_TENANT) throw dealerError(TenantInputOutside, tenant.slug, name);
    }
    return path;
  }
  throw dealerError(StockFileMissing, tenant.slug, tried);
}

/** Reads the export into raw rows (stockRows parses them). */
export function readStockRows(tenant: Tenant, file: string): { rows: StockRow[]; format: StockFormat; encoding: ExportEncoding | 'json' } {
  const shown = relative(process.cwd(), file) || file;
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw dealerError(StockFileUnreadable, tenant.slug, shown, (err as Error).message);
  }
  return stockRows(tenant, file, bytes, shown);
}

/** The tenant's export, found, read and ingested on the build's day `now` (unix seconds). */
export function ingestStock(tenant: Tenant, now: number): IngestResult {
  const file = locateStockFile(tenant);
  return ingestRows(tenant, { file, ...readStockRows(tenant, file) }, now);
}
