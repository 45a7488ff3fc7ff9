import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { demoTenants } from '../../scripts/demo/tenants.ts';
import { generateStock } from '../../scripts/demo/stock.ts';
import { makeSiteModel } from '../../src/lib/site/site-model.ts';
import { ingestStock } from '../../src/io/stock-file.ts';
import { type Tenant } from '../../src/lib/tenant/load-tenant.ts';
import { loadTenant } from '../../src/io/tenant-folder.ts';
import { toSearchDocs, type SearchDoc } from '../../src/lib/search/documents.ts';
import { packIndex, unpackIndex } from '../../src/lib/search/engine/codec.ts';
import { SearchEngine } from '../../src/lib/search/engine/engine.ts';

export const FIXTURE_NOW = '2026-11-22';
/** Enough stock that the whole-stock count passes the 1999 cap. */
export const FIXTURE_COUNT = 2600;

export interface Fixture {
  tenant: Tenant;
  docs: SearchDoc[];
  customRanks: number[];
  /** The embedded engine exactly as the browser gets it: packed to JSON and unpacked. */
  engine: SearchEngine;
}

/**
 * A dealer-group tenant with the demo generator's cars, motorcycles and trucks, ingested by the real
 * pipeline (no photos: search does not need them).
 */
export function buildFixture(dir = resolve('.cache/conformance/tenants/conformance-motors')): Fixture {
  const now = new Date(`${FIXTURE_NOW}T00:00:00Z`);
  const southern = demoTenants(now).find((t) => t.slug === 'demo-southern-motor-group');
  if (!southern) throw new Error('the demo generator no longer has demo-southern-motor-group');
  const stock = generateStock(southern.profile, FIXTURE_COUNT, 'conformance-v1', now);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'tenant.json'), JSON.stringify({ ...southern.config, slug: 'conformance-motors' }));
  writeFileSync(join(dir, 'stock.json'), JSON.stringify(stock.records.map((r) => ({ ...r, images: [] }))));
  const tenant = loadTenant(dir);
  const { vehicles } = ingestStock(tenant, Math.floor(now.getTime() / 1000));
  const { docs, template, customRanks } = toSearchDocs(
    vehicles,
    makeSiteModel({ tenant, vehicles, now: Math.floor(now.getTime() / 1000), built_at: '' }).views,
  );
  const engine = new SearchEngine(unpackIndex(JSON.parse(JSON.stringify(packIndex(docs, template)))));
  return { tenant, docs, customRanks, engine };
}
