import type { Context } from 'hono';
import * as v from 'valibot';
import { normaliseAuPhone } from '../../src/lib/phone/au-phone.ts';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { enforce, ipBucket } from './rate-limit.ts';
import { currentUser, type SessionUser } from './session.ts';
import { idString, parse } from './validation.ts';

export const WatchlistBody = v.object({
  car_id: idString('a car id'),
  /** Never trusted: ignored when absent, refused (403) when it is not the signed-in user's. */
  phone_number: v.optional(v.unknown()),
});

export type Guarded = { ok: true; user: SessionUser; carId: string } | { ok: false; response: Response };

/** Shared by save-car and remove-car: feature on, limits, session, body, phone check. */
export async function guardWatchlistWrite(c: Context<AppEnv>, deps: Deps): Promise<Guarded> {
  if (!c.get('site').tenant.features.watchlist) return { ok: false, response: c.json({ success: false, error: Http.featureOff }, 404) };
  const limited = await enforce(c, deps, [{ key: ipBucket(c, deps, 'watchlist'), rules: deps.options.rateLimits.watchlistPerIp }]);
  if (limited) return { ok: false, response: limited };
  const user = await currentUser(c, deps);
  if (!user) return { ok: false, response: c.json({ success: false, error: Http.signedOut }, 401) };
  const parsed = parse(c, WatchlistBody, c.get('body'));
  if (!parsed.ok) return { ok: false, response: parsed.response };
  const claimed = parsed.value.phone_number;
  if (claimed !== undefined && claimed !== null && claimed !== '') {
    const normalised = typeof claimed === 'string' || typeof claimed === 'number' ? normaliseAuPhone(String(claimed)) : null;
    if (normalised !== user.phone) return { ok: false, response: c.json({ success: false, error: Http.phoneMismatch }, 403) };
  }
  return { ok: true, user, carId: parsed.value.car_id };
}

/** What the watchlist page shows of a car; cars gone from stock stay listed as unavailable. */
export function watchlistCar(id: string, car: Vehicle | undefined) {
  if (!car) return { id, available: false };
  return {
    id: car.id,
    slug: car.slug,
    path: car.path,
    name: car.name ?? [car.year, car.make, car.model].filter(Boolean).join(' '),
    make: car.make,
    model: car.model,
    price: car.price,
    primary_image_url: car.primary_image_url,
    status: car.status,
    available: car.status === 'in_stock' || car.status === 'coming_soon',
  };
}
