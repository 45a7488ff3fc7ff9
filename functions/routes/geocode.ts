/**
 * GET /api/geocode?postcode=NNNN: the postcode's coordinates, state(s) and a locality from the bundled
 * GeoNames table (functions/data). Unknown postcodes answer 404 "Invalid postcode" (the spec's text).
 */
import type { Hono } from 'hono';
import { DeliveryMessages } from '../../src/lib/delivery/index.ts';
import type { AppEnv, Deps } from '../context.ts';
import { lookupPostcode } from '../lib/postcodes.ts';
import { rateLimit } from '../middleware/rate-limit.ts';

export const GeocodeMessages = { notFound: 'Invalid postcode', format: DeliveryMessages.invalid } as const;

export function geocodeRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.get('/api/geocode', rateLimit(deps, 'geocode', 'geocodePerIp'), (c) => {
    const postcode = (c.req.query('postcode') ?? '').trim();
    if (!/^\d{4}$/.test(postcode)) return c.json({ error: GeocodeMessages.format }, 400);
    const hit = lookupPostcode(postcode);
    if (!hit) return c.json({ error: GeocodeMessages.notFound }, 404);
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json(
      { postcode, country: 'AU', latitude: hit.latitude, longitude: hit.longitude, state: hit.states[0], states: hit.states, place: hit.place },
      200,
    );
  });
}
