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
 * marks it sold or drops it. The stock search leaves it out (inStockSearch).
 */
export function isListed(car: ListingFacts, now: number, recentSoldDays = 3): boolean {
  if (car.show_on_dealer_website === false) return false;
  if (isAvailable(car) || isOtherStatus(car)) return true;
  if (!isSold(car) || car.sold_date_timestamp == null) return false;
  const age = now - car.sold_date_timestamp;
  return age >= 0 && age <= recentSoldDays * DAY_SECONDS;
}

/** What the recent-sold window of a car is looked up in: the tenant's default and its dealerships'. */
export interface RecentSoldSettings {
  /** The tenant's window (listing.recent_sold_days, spec default 3). */
  recent_sold_days: number;
  dealerships: readonly { id: string; slug: string; recent_sold_days?: number | undefined }[];
  locations: readonly { id: string; dealership_slug: string }[];
}

/** The fields of a car that name its dealership: its own slug or id, else its location's. */
export interface DealershipOf {
  dealership_slug?: string | null | undefined;
  dealership_id?: string | number | null | undefined;
  location_id?: string | number | null | undefined;
  location?: { id?: string | number | null | undefined } | null | undefined;
}

/**
 * The spec's "recently sold cars remain listed for a number of days (default 3, configurable per
 * dealership)": the car's dealership's own window (dealerships[].recent_sold_days) when it has one,
 * else the tenant's. The dealership is the car's own (slug, else id), else its location's.
 */
export function recentSoldDays(car: DealershipOf, s: RecentSoldSettings): number {
  const byId = car.dealership_id != null ? s.dealerships.find((d) => d.id === String(car.dealership_id)) : undefined;
  const locationId = car.location?.id ?? car.location_id;
  const viaLocation = locationId != null ? s.locations.find((l) => l.id === String(locationId))?.dealership_slug : undefined;
  const slug = car.dealership_slug ?? byId?.slug ?? viaLocation;
  const own = slug !== undefined ? s.dealerships.find((d) => d.slug === slug)?.recent_sold_days : undefined;
  return own ?? s.recent_sold_days;
}

/** The tenant's settings as recentSoldDays reads them. */
export function recentSoldSettings(tenant: {
  listing: { recent_sold_days: number };
  dealerships: RecentSoldSettings['dealerships'];
  locations: RecentSoldSettings['locations'];
}): RecentSoldSettings {
  return { recent_sold_days: tenant.listing.recent_sold_days, dealerships: tenant.dealerships, locations: tenant.locations };
}

/**
 * Whether a listed car is in the stock search: the browse spec's search filter names only in_stock,
 * coming_soon and recently sold cars, so a car with another status (under offer, on hold) keeps its
 * page (with the SOLD panel) but is not offered in the search.
 */
export function inStockSearch(car: ListingFacts): boolean {
  return !isOtherStatus(car);
}
