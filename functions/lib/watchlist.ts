import * as v from 'valibot';
import { normaliseAuPhone } from '../../src/lib/phone/au-phone.ts';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import type { VehicleView } from '../../src/lib/model/vehicle-view.ts';
import { Http } from '../errors.ts';
import type { SessionUser } from './session.ts';
import { idString } from './validation.ts';

export const WatchlistBody = v.object({
  car_id: idString('a car id'),
  /** Never trusted: ignored when absent, refused (403) when it is not the signed-in user's. */
  phone_number: v.optional(v.unknown()),
});

/** What a watchlist write answers when the tenant has no watchlist, or the visitor is signed out (the writes' bodies carry `success`). */
export const WATCHLIST_OFF = { success: false, error: Http.featureOff } as const;
export const WATCHLIST_SIGNED_OUT = { success: false, error: Http.signedOut } as const;

/**
 * Whether a write names another phone than the signed-in user's: phone_number is never trusted, only
 * checked (absent or empty is fine; anything else must be the user's own number, else 403).
 */
export function claimsAnotherPhone(claimed: unknown, user: SessionUser): boolean {
  if (claimed === undefined || claimed === null || claimed === '') return false;
  const normalised = typeof claimed === 'string' || typeof claimed === 'number' ? normaliseAuPhone(String(claimed)) : null;
  return normalised !== user.phone;
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
