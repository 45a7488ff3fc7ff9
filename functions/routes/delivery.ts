/**
 * GET /api/delivery?postcode=NNNN: {name, price} of the tenant's delivery zone for the postcode, or
 * the calculator's exact messages (400 for an empty or malformed postcode, 404 for no zone).
 */
import type { Hono } from 'hono';
import { estimateDelivery } from '../../src/lib/delivery/index.ts';
import type { AppEnv, Deps } from '../context.ts';
import { rateLimit } from '../middleware/rate-limit.ts';

export function deliveryRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.get('/api/delivery', rateLimit(deps, 'delivery', 'deliveryPerIp'), (c) => {
    const site = c.get('site');
    const estimate = estimateDelivery(c.req.query('postcode'), site.tenant.delivery_zones);
    if (!estimate.ok) return c.json({ error: estimate.message }, estimate.reason === 'unknown' ? 404 : 400);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ postcode: estimate.postcode, name: estimate.name, price: estimate.price }, 200);
  });
}
