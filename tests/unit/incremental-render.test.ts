/**
 * What the incremental render (scripts/lib/incremental.ts) renders again: a changed car, not the cars
 * that show it as a similar car (their pages load the cards) nor the others; everything when a setting
 * every page reads changes.
 * tests/build/incremental-render.test.ts proves the resulting site identical to a full build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoTenants } from '../../scripts/demo/generate.ts';
import { pageInputs, planRender, type PageInputs } from '../../scripts/lib/incremental.ts';
import { ingestStock } from '../../src/io/stock-file.ts';
import { loadTenant } from '../../src/io/tenant-folder.ts';
import { makeSiteModel, type SiteModel } from '../../src/lib/site/site-model.ts';
import type { VdpVehicle } from '../../src/lib/vdp/vehicle.ts';
import { similarCarIds } from '../../src/lib/vdp/similar.ts';
import { deriveSite } from '../../src/lib/search/site-derived.ts';
import { computePriceGauge, shouldShowPriceGauge } from '../../src/lib/price-gauge/index.ts';

const NOW = '2026-03-02T00:00:00Z';
const root = resolve('.');
let dir: string;
let site: string;
let model: SiteModel;
let base: PageInputs;

/** The model as the build makes it, similar cars and price gauges included, with `change` applied to its records first. */
async function build(change: (cars: VdpVehicle[]) => void = () => {}, tenantChange: (m: SiteModel) => void = () => {}): Promise<SiteModel> {
  const tenant = loadTenant(join(dir, 'demo-coastal-toyota'));
  const now = Math.floor(Date.parse(NOW) / 1000);
  const vehicles = ingestStock(tenant, now).vehicles.filter((v) => v.listed) as VdpVehicle[];
  change(vehicles);
  const ingested = makeSiteModel({ tenant, vehicles, now, built_at: NOW });
  tenantChange(ingested);
  // The derived part the model step adds (its index and counts move with any car: the plan must not read them as shared).
  const m: SiteModel = { ...ingested, derived: deriveSite(ingested).derived };
  const similar = await similarCarIds(m);
  for (const car of m.vehicles as VdpVehicle[]) {
    car.similar_ids = similar.get(car.id) ?? [];
    car.price_gauge = computePriceGauge(car, m.vehicles);
  }
  return m;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'incremental-'));
  await generateDemoTenants({ out: dir, now: NOW.slice(0, 10), photos: false });
  site = join(dir, 'site');
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site);
  writeFileSync(join(site, 'index.html'), '<!doctype html>');
  model = await build();
  base = pageInputs(root, model);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the incremental render plan', () => {
  it('renders everything without a previous build, and nothing again for the same inputs', async () => {
    expect(planRender(undefined, base, site)).toMatchObject({ render: null, reason: 'no previous build to reuse' });
    const again = pageInputs(root, await build());
    const plan = planRender(base, again, site);
    expect(plan.render).toEqual([]);
    expect(plan.keep).toHaveLength(Object.keys(base.cars).length);
  });

  it('renders a car whose price changed, not the cars that show it as similar (their cards are in the price band files)', async () => {
    const target = model.vehicles.find((v) => (model.vehicles as VdpVehicle[]).filter((o) => o.similar_ids?.includes(v.id)).length >= 2)!;
    const next = await build((cars) => {
      const car = cars.find((c) => c.id === target.id)!;
      car.price = (car.price ?? 0) - 1;
    });
    const plan = planRender(base, pageInputs(root, next), site);
    expect(plan.render).toEqual([target.slug]);
    expect(plan.keep).toHaveLength(Object.keys(base.cars).length - 1);
  });

  it('does not render a car whose similar cars are other cars now, and renders one that has none any more (its section goes)', async () => {
    const next = await build();
    const [reshuffled, emptied] = (next.vehicles as VdpVehicle[]).filter((v) => (v.similar_ids?.length ?? 0) > 1);
    reshuffled!.similar_ids = [...reshuffled!.similar_ids!].reverse();
    emptied!.similar_ids = [];
    const plan = planRender(base, pageInputs(root, next), site);
    expect(plan.render).toEqual([emptied!.slug]);
  });

  it('renders a car whose price gauge now shows or hides, not one whose gauge figures moved (its page computes them from the model file)', async () => {
    const next = await build();
    const [moved, hidden] = (next.vehicles as VdpVehicle[]).filter((v) => shouldShowPriceGauge(v.price_gauge));
    moved!.price_gauge = { ...moved!.price_gauge!, fill: (moved!.price_gauge!.fill + 7) % 100, description: 'changed' };
    hidden!.price_gauge = { ...hidden!.price_gauge!, confidence: 0 };
    const plan = planRender(base, pageInputs(root, next), site);
    expect(plan.render).toEqual([hidden!.slug]);
  });

  it('renders every page when a setting every page reads changes, and says which', async () => {
    const next = await build(undefined, (m) => {
      m.tenant = { ...m.tenant, name: `${m.tenant.name} Pty Ltd` };
    });
    const plan = planRender(base, pageInputs(root, next), site);
    expect(plan.render).toBeNull();
    expect(plan.reason).toMatch(/what every page reads changed: .*tenant/);
  });
});
