/** POST /api/phone-reveal {car_id, dealership_id?, website_id?}: logs that a visitor revealed the dealer's number. */
import type { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { hmac, newId } from '../lib/crypto.ts';
import { idString, invalid, optionalText } from '../lib/validation.ts';
import { conflict, idempotency, replayed } from '../middleware/idempotency.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../middleware/validate.ts';

const RevealBody = v.object({
  car_id: idString('a car id'),
  dealership_id: optionalText(100),
  website_id: optionalText(100),
});

/** What the dealership rule reads of a car and a tenant. */
interface DealershipFacts {
  car: { dealership_id?: string | number | null | undefined; location?: { id: string } | undefined };
  tenant: { dealerships: readonly { id: string; slug: string; name: string }[]; locations: readonly { id: string; dealership_slug: string }[] };
}

/**
 * The dealership a reveal is for, so the dealer's report names it: the id the page sent, else the
 * car's own dealership id, else the dealership of the car's location, else the tenant's only one.
 */
export function revealDealership(sent: string | undefined, { car, tenant }: DealershipFacts): { id: string; name?: string | undefined } | undefined {
  const byId = (id: string) => tenant.dealerships.find((d) => d.id === id);
  for (const id of [sent, car.dealership_id == null ? undefined : String(car.dealership_id)]) {
    if (id) return { id, name: byId(id)?.name };
  }
  const slug = car.location ? tenant.locations.find((l) => l.id === car.location?.id)?.dealership_slug : undefined;
  const d = (slug ? tenant.dealerships.find((x) => x.slug === slug) : undefined) ?? (tenant.dealerships.length === 1 ? tenant.dealerships[0] : undefined);
  return d ? { id: d.id, name: d.name } : undefined;
}

export function phoneRevealRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.post('/api/phone-reveal', rateLimit(deps, 'phone-reveal', 'phoneRevealPerIp'), validate(RevealBody), idempotency(), async (c) => {
    const site = c.get('site');
    const body = c.req.valid('json');
    const key = c.get('idempotencyKey');
    const car = site.carById(body.car_id);
    if (!car) return invalid(c, [{ field: 'car_id', message: Http.unknownCar }]);
    const dealership = revealDealership(body.dealership_id, { car, tenant: site.tenant });
    const inserted = await deps.db.query<{ id: string }>(
      `INSERT INTO phone_reveals (id, tenant, car_id, dealership_id, website_id, created_at, ip_hash, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (tenant, idempotency_key) DO NOTHING RETURNING id`,
      [
        newId(),
        site.slug,
        car.id,
        dealership?.id ?? null,
        body.website_id ?? null,
        deps.clock.now(),
        hmac(deps.options.secret, c.get('ip')).slice(0, 32),
        key ?? null,
      ],
    );
    if (inserted.rows[0]) return c.json({ success: true, id: inserted.rows[0].id, dealership: dealership?.name }, 201);
    // The key was used before: the same reveal is a replay, another car or dealership a conflict (409, as
    // the leads route answers), never answered as if the other data had been recorded (issue 27).
    const { rows } = await deps.db.query<{ id: string; car_id: string; dealership_id: string | null; website_id: string | null }>(
      'SELECT id, car_id, dealership_id, website_id FROM phone_reveals WHERE tenant = $1 AND idempotency_key = $2',
      [site.slug, key],
    );
    const prior = rows[0];
    const same =
      prior !== undefined &&
      prior.car_id === car.id &&
      (prior.dealership_id ?? null) === (dealership?.id ?? null) &&
      (prior.website_id ?? null) === (body.website_id ?? null);
    if (!same) return conflict(c);
    return replayed(c, { success: true, id: prior.id, dealership: dealership?.name });
  });
}
