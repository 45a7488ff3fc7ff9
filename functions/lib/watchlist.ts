import type { Context } from 'hono';
import * as v from 'valibot';
import { normaliseAuPhone } from '../../src/lib/phone/au-phone.ts';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import type { VehicleView } from '../../src/lib/model/vehicle-view.ts';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { currentUser, type SessionUser } from './session.ts';
import { idString, parse } from './validation.ts';

export const WatchlistBody = v.object({
  car_id: idString('a car id'),
  /** Never trusted: ignored when absent, refused (403) when it is not the signed-in user's. */
  phone_number: v.optional(v.unknown()),
});

export type Guarded = { ok: true; user: SessionUser; carId: string } | { ok: false; response: Response };

/** What a watchlist write answers when the tenant has no watchlist (the writes' bodies carry `success`). */
export const WATCHLIST_OFF = { success: false, error: Http.featureOff } as const;

/**
 * Shared by save-car and remove-car, after the feature switch and the per-client limit (middleware):
 * session, body, phone check.
 */
export async function guardWatchlistWrite(c: Context<AppEnv>, deps: Deps): Promise<Guarded> {
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

/**
 * What the watchlist page shows of a car: what its vehicle page says, read from the car's view in the
 * build's model (src/lib/model/vehicle-view.ts): the full name, the price display (a price only above
 * 10, else PREORDER or the tenant's no-price text) and availability (in_stock or coming_soon and not
 * sold). Cars gone from stock stay listed as unavailable.
 */
export function watchlistCar(id: string, car: { car: Vehicle; view: VehicleView } | undefined) {
  if (!car) return { id, available: false };
  const { view } = car;
  const { price } = view;
  return {
    id: car.car.id,
    slug: car.car.slug,
    path: view.links.path,
    name: view.fullName,
    make: car.car.make,
    model: car.car.model,
    /** The price only where the site shows one; price_text is what the page shows instead. */
    price: price.kind === 'price' ? price.amount : null,
    price_text: price.text,
    primary_image_url: car.car.primary_image_url,
    status: car.car.status,
    available: view.available,
  };
}
