import type { CarStatus } from '../schemas/car.ts';

export const DAY_SECONDS = 86_400;

export interface ListingFacts {
  status: CarStatus;
  sold?: boolean | null | undefined;
  sold_date_timestamp?: number | null | undefined;
  show_on_dealer_website?: boolean | null | undefined;
}

/** A car counts as sold when its status says so or its sold flag is set. */
export function isSold(car: ListingFacts): boolean {
  return car.status === 'sold' || car.sold === true;
}

/** in_stock and coming_soon count as available (full sidebar, contact buttons). */
export function isAvailable(car: ListingFacts): boolean {
  return !isSold(car) && (car.status === 'in_stock' || car.status === 'coming_soon');
}

/**
 * A status the spec does not name (under_offer, on_hold...), on a car not marked sold: the export still
 * carries the car and has not said it is sold.
 */
export function isOtherStatus(car: ListingFacts): boolean {
  return !isSold(car) && car.status !== 'in_stock' && car.status !== 'coming_soon';
}

/**
 * The spec's stock filter: status in_stock or coming_soon, or sold within the recent-sold window
 * (default 3 days), and show_on_dealer_website not false. `now` is unix seconds. A car with another
 * status (isOtherStatus) stays listed: the vehicle spec shows it with the SOLD panel and Find Me
 * Something Similar (and the sold tag), so its page and the links to it keep working until the export
 * marks it sold or drops it.
 */
export function isListed(car: ListingFacts, now: number, recentSoldDays = 3): boolean {
  if (car.show_on_dealer_website === false) return false;
  if (isAvailable(car) || isOtherStatus(car)) return true;
  if (!isSold(car) || car.sold_date_timestamp == null) return false;
  const age = now - car.sold_date_timestamp;
  return age >= 0 && age <= recentSoldDays * DAY_SECONDS;
}
