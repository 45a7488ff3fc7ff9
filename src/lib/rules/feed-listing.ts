import { isPassengerVehicle, type PassengerFacts } from './passenger-vehicle.ts';

/** The marketplace feeds the build writes (docs/feeds.md). */
export type FeedName = 'google' | 'meta';

/** Why a listed car is not in a feed, in the order the rule checks. */
export type FeedExclusion = 'sold' | 'no_price' | 'no_vin' | 'not_passenger' | 'no_photo';

export interface FeedFacts extends PassengerFacts {
  vin?: string | undefined;
  /** The car's photos after the image pipeline (ok: false could not be fetched or decoded). */
  photos?: readonly { ok: boolean }[] | undefined;
}

/**
 * What the feed rule reads of the car's view (src/lib/model/vehicle-view.ts): decided once, not here.
 * Spelled out rather than picked from VehicleView, so that the rules, which the model stands on, name
 * nothing of the model (tests/unit/ground-floor.test.ts); the view satisfies it structurally.
 */
export interface FeedViewFacts {
  available: boolean;
  shownPrice: number | undefined;
}

/**
 * Whether a listed car goes into a marketplace feed, and if not, why. Both feeds carry only cars for
 * sale today (the view's `available`: in stock or coming soon, not sold; a recently sold car stays
 * listed on the site but not in a feed) whose price the site shows (the view's `shownPrice`, by
 * priceDisplay: above 10; POA, $0 and preorder cars have no price to advertise, and both marketplaces
 * require one). Google's vehicle ads and
 * vehicle listings also require a VIN and take passenger vehicles only (isPassengerVehicle); Meta's
 * catalog takes motorcycles and trucks too (its vehicle_type), and a car without a VIN keeps its
 * row there with the VIN left empty; but Meta requires an image (image[0].url), so a car none of
 * whose photos could be processed (the site shows its placeholder) is left out of Meta's feed.
 */
export function feedExclusion(car: FeedFacts, view: FeedViewFacts, feed: FeedName): FeedExclusion | undefined {
  if (!view.available) return 'sold';
  if (view.shownPrice === undefined) return 'no_price';
  if (feed === 'google') {
    if (!car.vin?.trim()) return 'no_vin';
    if (!isPassengerVehicle(car)) return 'not_passenger';
  }
  if (feed === 'meta' && !car.photos?.some((p) => p.ok)) return 'no_photo';
  return undefined;
}
