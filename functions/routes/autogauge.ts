/**
 * GET /cars/{slug}/autogauge: fill, listing_price, market_range_min, market_range_max, confidence,
 * description. From the provider when configured (plugins.autogauge and AUTOGRAB_* set), else computed
 * from comparable cars in the tenant's stock (src/lib/price-gauge), the same numbers the build
 * precomputes. No gauge (no price, no comparable car) is a 404, and the page hides the block.
 */
import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { feature } from '../middleware/feature.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { tenantHasPriceGauge } from '../../src/lib/price-gauge/market.ts';

export function autogaugeRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.get(
    '/cars/:slug/autogauge',
    feature((site) => tenantHasPriceGauge(site.tenant)),
    rateLimit(deps, 'gauge', 'gaugePerIp'),
    async (c) => {
      const site = c.get('site');
      const { tenant } = site;
      const car = site.carBySlug(c.req.param('slug'));
      if (!car) return c.json({ error: Http.unknownCar }, 404);
      let gauge;
      if (deps.adapters.gauge && tenant.plugins.autogauge) {
        try {
          gauge = await deps.adapters.gauge.gauge(car, tenant);
        } catch (err) {
          console.error(`[autogauge] ${deps.adapters.gauge.name} failed for ${site.slug}: ${(err as Error).message}`);
          return c.json({ error: Http.providerFailed }, 502);
        }
      } else {
        gauge = site.gauge(car);
        c.header('Cache-Control', 'public, max-age=300');
      }
      if (!gauge) return c.json({ error: Http.noGauge }, 404);
      return c.json(gauge, 200);
    },
  );
}
