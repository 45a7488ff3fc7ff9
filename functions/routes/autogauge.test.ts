import { describe, expect, it } from 'vitest';
import { computePriceGauge, shouldShowPriceGauge } from '../../src/lib/price-gauge/index.ts';
import { buildApp, useHarness } from '../test/harness.ts';
import { BETA, fixtureModels } from '../test/fixtures.ts';

describe('GET /cars/{slug}/autogauge', () => {
  const h = useHarness();

  it('computes the gauge from comparable cars in stock (same numbers as the build)', async () => {
    const res = await h.request('/cars/a-corolla-4/autogauge'.replace('a-corolla-4', fixtureModels()[0]!.vehicles[3]!.slug));
    expect(res.status).toBe(200);
    const gauge = await res.json();
    const alpha = fixtureModels()[0]!;
    expect(gauge).toEqual(computePriceGauge(alpha.vehicles[3]!, alpha.vehicles));
    expect(gauge).toMatchObject({ listing_price: 27500, confidence: 0.7 });
    expect(shouldShowPriceGauge(gauge as never)).toBe(true);
    expect(Object.keys(gauge as object).sort()).toEqual(['confidence', 'description', 'fill', 'listing_price', 'market_range_max', 'market_range_min']);
  });

  it('answers 404 when there is no comparable car (the page hides the block)', async () => {
    const res = await h.request('/cars/a-hilux/autogauge');
    expect(res.status).toBe(404);
  });

  it("answers 404 for an unknown car and for another tenant's car", async () => {
    expect((await h.request('/cars/nope/autogauge')).status).toBe(404);
    expect((await h.request('/cars/b-ranger/autogauge')).status).toBe(404);
  });

  it('answers 404 where the tenant has neither the gauge feature nor the plugin (beta)', async () => {
    expect((await h.request('/cars/b-ranger/autogauge', { origin: BETA })).status).toBe(404);
  });

  it('uses the provider for tenants with the autogauge plugin', async () => {
    const { Registry } = await import('../registry.ts');
    const { createApp } = await import('../app.ts');
    const { makeTenant } = await import('../test/fixtures.ts');
    const models = fixtureModels();
    models[0]!.tenant = makeTenant('alpha', { plugins: { autogauge: true } });
    const provided = { fill: 40, listing_price: 55990, market_range_min: 50000, market_range_max: 60000, confidence: 0.9, description: 'From the provider' };
    const app = createApp({
      db: h.db,
      registry: new Registry(models),
      clock: h.clock,
      options: { secret: 'x'.repeat(32) },
      adapters: { ...buildApp(h.db, h.clock).app.deps.adapters, gauge: { name: 'fake', gauge: async () => provided } },
    });
    const res = await app.request('http://localhost/cars/a-hilux/autogauge', { headers: { origin: 'https://alpha.example.com.au' } }, { ip: '1.1.1.1' });
    expect(await res.json()).toEqual(provided);
  });

  it('refuses another origin (403)', async () => {
    expect((await h.request('/cars/a-hilux/autogauge', { origin: 'https://evil.example.net' })).status).toBe(403);
  });

  it('rate-limits per IP', async () => {
    const s = h.scaled(0.05);
    for (let i = 0; i < 6; i++) expect((await s.request('/cars/a-hilux/autogauge')).status).toBe(404);
    expect((await s.request('/cars/a-hilux/autogauge')).status).toBe(429);
  });
});
