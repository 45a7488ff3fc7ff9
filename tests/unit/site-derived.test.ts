/**
 * src/lib/search/site-derived.ts: the site-derived part (search documents, packed index and its name, search
 * routes, counts) is made once per tenant build in the model step, and every consumer (the search
 * output, the similar cars, the search pages, the vehicle pages' breadcrumbs, the home count) reads it
 * from the model instead of deriving the search documents again.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTPUTS, prepareModel, type OutputContext } from '../../scripts/lib/outputs/index.ts';
import { searchIndexOutput } from '../../scripts/lib/outputs/search-index.ts';
import { toSearchDocs } from '../../src/lib/search/documents.ts';
import { packIndex } from '../../src/lib/search/engine/codec.ts';
import { indexFileName } from '../../src/lib/search/index-file.ts';
import { INDEX_POINTER_PATH } from '../../src/lib/search/index-pointer.ts';
import { searchRoutes } from '../../src/lib/search/pretty-routes.ts';
import { searchSite } from '../../src/lib/search/site-search.ts';
import { stockCount } from '../../src/lib/rules/stock.ts';
import { deriveSite, siteDerived } from '../../src/lib/search/site-derived.ts';
import { makeSiteModel } from '../../src/lib/site/site-model.ts';
import { dealerSearchLink, vehicleCrumbs } from '../../src/lib/vdp/page-model.ts';
import { similarCarIds } from '../../src/lib/vdp/similar.ts';
import type { VdpVehicle } from '../../src/lib/vdp/vehicle.ts';
import { testTenant, testVehicle } from './helpers/vehicle.ts';

// Count the derivations wherever they are called from: the counters are the real functions, wrapped.
vi.mock('../../src/lib/search/documents.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/search/documents.ts')>();
  return { ...real, toSearchDocs: vi.fn(real.toSearchDocs) };
});
vi.mock('../../src/lib/search/engine/codec.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/search/engine/codec.ts')>();
  return { ...real, packIndex: vi.fn(real.packIndex) };
});
vi.mock('../../src/lib/search/pretty-routes.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/search/pretty-routes.ts')>();
  return { ...real, searchRoutes: vi.fn(real.searchRoutes) };
});

const NOW = Date.parse('2026-11-22T02:00:00Z') / 1000;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
beforeEach(() => {
  vi.mocked(toSearchDocs).mockClear();
  vi.mocked(packIndex).mockClear();
  vi.mocked(searchRoutes).mockClear();
});

const MAKES = ['Toyota', 'Mazda', 'Ford'];
const car = (i: number) =>
  testVehicle({
    id: String(i),
    make: MAKES[i % 3] as string,
    model: `M${i % 4}`,
    custom_rank: 100 - i,
    price: 30000 + i * 1500,
    km: 10000 + i * 4000,
    ...(i === 5 ? { status: 'under_offer' } : {}),
  });

function context(): OutputContext {
  const tenant = testTenant({ features: { price_gauge: true } });
  const vehicles = Array.from({ length: 12 }, (_, i) => car(i + 1));
  const buildDir = mkdtempSync(join(tmpdir(), 'derived-'));
  dirs.push(buildDir);
  const model = makeSiteModel({ tenant, vehicles, now: NOW, built_at: '2026-11-22T02:00:00Z' });
  return { model, siteOut: join(buildDir, 'site'), buildDir, imageCache: join(buildDir, 'image-cache'), log: () => {} };
}

describe('the site-derived part, made once in the model step', () => {
  it('prepareModel derives the search documents, the index and the routes once; the pages and the vehicle pages read them from the model', async () => {
    const ctx = context();
    const model = await prepareModel(ctx, OUTPUTS);
    // Once for the whole model step: the search output and the similar cars take the step's documents.
    expect(vi.mocked(toSearchDocs)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(packIndex)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(searchRoutes)).toHaveBeenCalledTimes(1);

    // What the pages read (the model as model.json holds it) derives nothing again.
    const read = JSON.parse(JSON.stringify(model)) as typeof model;
    const site = searchSite(read);
    for (const c of read.vehicles as VdpVehicle[]) {
      vehicleCrumbs(c, read);
      dealerSearchLink(read.tenant.dealerships[0], read.tenant.dealerships, read);
    }
    expect(siteDerived(read).counts.in_stock).toBe(stockCount(read.vehicles));
    expect(vi.mocked(toSearchDocs)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(packIndex)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(searchRoutes)).toHaveBeenCalledTimes(1);

    // ... and it is what a fresh derivation makes: same documents, index file, routes, similar cars.
    const fresh = deriveSite(ctx.model);
    expect(read.derived).toEqual(fresh.derived);
    expect(site.docs).toEqual(JSON.parse(JSON.stringify(fresh.documents.docs)));
    expect(site.routes).toEqual(fresh.derived.search.routes);
    expect(site.config.indexUrl).toBe(`/search-index/${indexFileName(fresh.json)}`);
    expect(model.search?.indexUrl).toBe(site.config.indexUrl);
    const similar = await similarCarIds(ctx.model, fresh.documents.docs);
    for (const c of model.vehicles as readonly VdpVehicle[]) expect(c.similar_ids, c.id).toEqual(similar.get(c.id));
    // The car under offer keeps its page but is not in the stock search: not a document, not counted.
    expect(fresh.derived.counts.in_stock).toBe(11);
    expect(fresh.documents.docs.map((d) => d.id)).not.toContain('5');
  });

  it('the search output writes the index the model carries, named by its hash, with no state kept since prepare', async () => {
    const ctx = context();
    const model = await prepareModel(ctx, OUTPUTS);
    // Another tenant prepared in between: the write reads its own model, not the last prepare's.
    await prepareModel(context(), OUTPUTS);
    await searchIndexOutput.write?.({ ...ctx, model });
    const { file } = siteDerived(model).search;
    const text = readFileSync(join(ctx.siteOut, 'search-index', file), 'utf8');
    expect(indexFileName(text)).toBe(file);
    expect(text).toBe(deriveSite(ctx.model).json);
    expect(readFileSync(join(ctx.siteOut, ...INDEX_POINTER_PATH.split('/')), 'utf8')).toContain(`/search-index/${file}`);
  });

  it('a model without the part (one a test makes) derives it once per model object', () => {
    const { model } = context();
    expect(siteDerived(model)).toBe(siteDerived(model));
    expect(vi.mocked(toSearchDocs)).toHaveBeenCalledTimes(1);
  });
});
