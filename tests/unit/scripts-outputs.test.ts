/**
 * scripts/lib/outputs/index.ts: the build's outputs derive their parts of the site model and return
 * them; the pipeline assembles the model from those parts and no output changes the model in place.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OUTPUTS, prepareModel, withPart, type BuildOutput, type OutputContext } from '../../scripts/lib/outputs/index.ts';
import { makeSiteModel, type SiteModel } from '../../src/lib/site/site-model.ts';
import { testTenant, testVehicle } from './helpers/vehicle.ts';
import type { VdpVehicle } from '../../src/lib/vdp/vehicle.ts';

const NOW = Date.parse('2026-11-22T02:00:00Z') / 1000;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const car = (id: string) => testVehicle({ id, custom_rank: 100 - Number(id), price: 40000 + Number(id) * 1000, km: 20000 + Number(id) * 5000 });

function context(): OutputContext {
  const tenant = testTenant({ features: { price_gauge: true } });
  const vehicles = Array.from({ length: 8 }, (_, i) => car(String(i + 1)));
  const buildDir = mkdtempSync(join(tmpdir(), 'outputs-'));
  dirs.push(buildDir);
  const model = makeSiteModel({ tenant, vehicles, now: NOW, built_at: '2026-11-22T02:00:00Z' });
  return { model, siteOut: join(buildDir, 'site'), buildDir, imageCache: join(buildDir, 'image-cache'), log: () => {} };
}

describe('prepareModel: the model is assembled from what each output returns, never changed in place', () => {
  it('the real outputs leave the ingest model exactly as it was and return content, search and the page fields', async () => {
    const ctx = context();
    const before = structuredClone(ctx.model);
    const model = await prepareModel(ctx, OUTPUTS);
    expect(ctx.model).toEqual(before);
    expect(model).not.toBe(ctx.model);
    // What the outputs derived is in the assembled model, on new copies of the cars.
    expect(model.content).toBeDefined();
    expect(model.search).toMatchObject({ backend: 'embedded' });
    const cars = model.vehicles as readonly VdpVehicle[];
    expect(cars.map((c) => c.id)).toEqual(before.vehicles.map((c) => c.id));
    for (const c of cars) {
      expect(c.similar_ids).toBeInstanceOf(Array);
      expect(c).toHaveProperty('price_gauge');
      // The car is the ingested car plus its page fields: nothing of the car itself changed.
      const { spin_photos, interior_photo, price_gauge, similar_ids, ...own } = c;
      void [spin_photos, interior_photo, price_gauge, similar_ids];
      expect(own).toEqual(before.vehicles.find((v) => v.id === c.id));
    }
    expect(model.views).toEqual(before.views);
  });

  it('an output that changes the model in place fails (the model it reads is frozen)', async () => {
    const ctx = context();
    const mutating: BuildOutput[] = [
      {
        name: 'adds to a car',
        prepare: ({ model }) => {
          (model.vehicles[0] as VdpVehicle).similar_ids = [];
        },
      },
      { name: 'sets a model field', prepare: ({ model }) => void Object.assign(model, { search: { backend: 'embedded' } }) },
      { name: 'changes a view', prepare: ({ model }) => void Object.assign(model.views['1'] ?? {}, { available: false }) },
      { name: 'changes the tenant', prepare: ({ model }) => void model.tenant.locations.push(model.tenant.locations[0]!) },
    ];
    for (const output of mutating) await expect(prepareModel(ctx, [output]), output.name).rejects.toThrow(TypeError);
  });

  it('each part is added on a new model; later outputs read the earlier parts', async () => {
    const ctx = context();
    const seen: SiteModel[] = [];
    const model = await prepareModel(ctx, [
      { name: 'content', prepare: () => ({ content: { pages: [], models: [], photos: {} } }) },
      {
        name: 'pages',
        prepare: (c) => {
          seen.push(c.model);
          return { vehiclePages: new Map([['2', { similar_ids: ['3'] }]]) };
        },
      },
    ]);
    expect(seen[0]?.content).toEqual({ pages: [], models: [], photos: {} });
    expect((model.vehicles.find((v) => v.id === '2') as VdpVehicle).similar_ids).toEqual(['3']);
    expect(model.vehicles.find((v) => v.id === '1')).toBe(ctx.model.vehicles[0]);
    expect(Object.isFrozen(model.vehicles[1])).toBe(true);
  });

  it('withPart leaves the model it is given alone', () => {
    const { model } = context();
    const next = withPart(model, { vehiclePages: new Map([['1', { price_gauge: null }]]) });
    expect(model.vehicles[0]).not.toHaveProperty('price_gauge');
    expect(next.vehicles[0]).toHaveProperty('price_gauge', null);
  });
});
