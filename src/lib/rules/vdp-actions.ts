import { formatDollars } from './format.ts';
import { isAvailable, isSold, type ListingFacts } from './listing.ts';
import { priceDisplay } from './price-display.ts';
import { webLink } from './web-link.ts';

/** The spec's default reserve label when no deposit is configured. */
export const DEFAULT_RESERVE_DEPOSIT = 200;
/** Valuation-style features (and, by our choice, online reservation) need a price over this. */
export const RESERVE_PRICE_THRESHOLD = 200;

export interface ActionFacts extends ListingFacts {
  id: string;
  slug: string;
  price?: number | null | undefined;
  reserved?: boolean | null | undefined;
  tag?: string | undefined;
  file?: string | undefined;
  photos_count?: number | undefined;
  car_type: string;
  vin?: string | undefined;
  dealership_slug?: string | undefined;
}

export interface ActionSettings {
  reserveOnline: boolean;
  buyOnlinePath: boolean;
  favourites: boolean;
  /** The tenant has a watchlist (features.watchlist): without it there is no Save button and no sign-in path to one. */
  watchlist: boolean;
  reserveDeposit?: number | undefined;
  reserveLabel?: string | undefined;
  /** The label (and deposit) of the car's payment processor, when it has one. */
  processorLabel?: string | undefined;
  processorDeposit?: number | undefined;
  /** One dealership's rule (vdp_config.coming_soon_no_test_drive): coming-soon cars lose the test drive button. */
  comingSoonNoTestDrive?: boolean | undefined;
  /** Where the finance links go (vdp_config.finance_path, apply_for_finance_dealerships); /finance by default. */
  financeLink?: FinanceLinkSettings | undefined;
}

/** The tenant's finance link settings: the site's finance page, and the dealerships whose cars apply at /apply-for-finance. */
export interface FinanceLinkSettings {
  path: FinancePath;
  applyDealerships: readonly string[];
}

export type FinancePath = '/finance' | '/finance-enquiry' | '/apply-for-finance';

export interface VdpActions {
  /** in_stock or coming_soon: the full sidebar. Otherwise the SOLD panel and Find Me Something Similar. */
  available: boolean;
  soldPanel: boolean;
  save: boolean;
  favourite: boolean;
  testDrive: boolean;
  tradeIn?: { href: string } | undefined;
  reserve?: { href: string; label: string; deposit: number } | undefined;
  historyReport?: { href: string } | undefined;
  /**
   * "Request a Quote": in the finance section beside the calculator for every available car whose
   * finance is shown, and in the sidebar in place of the price when the car shows no price. Both open
   * the enquiry form (#enquire).
   */
  quote: { calculator: boolean; sidebar: boolean; href: string };
  /** Finance (calculator, Get Finance Now, the finance links) is a buying action: none for a car that is not available. */
  finance?: { href: string } | undefined;
  print: { href: string };
}

/**
 * A "Test Drive Only" car (tag text, any case, spaces around ignored) can never be reserved or bought
 * online; its leads carry the test drive event id. The one test, used by the page, the search card,
 * the analytics event ids and the functions.
 */
export function isTestDriveOnly(car: { tag?: string | null | undefined }): boolean {
  return car.tag?.trim().toLowerCase() === 'test drive only';
}

/** What the reservation rule reads of a car: a Vehicle, a search card's car and the functions' car all satisfy it. */
export interface ReserveFacts extends ListingFacts {
  price?: number | null | undefined;
  reserved?: boolean | null | undefined;
  tag?: string | null | undefined;
}

/**
 * Eligibility for online reservation (the spec leaves the rule out): the reserve feature is on and the
 * car qualifies as the spec's valuation-style rule says: in_stock, not sold, not reserved, priced over
 * 200. A Test Drive Only car never qualifies. The one rule for the vehicle page, the search card, the
 * reserve pages and the functions' lead route.
 */
export function isReserveEligible(car: ReserveFacts, reserveOnline: boolean): boolean {
  return (
    reserveOnline && car.status === 'in_stock' && !isSold(car) && car.reserved !== true && (car.price ?? 0) > RESERVE_PRICE_THRESHOLD && !isTestDriveOnly(car)
  );
}

/** The reserve page of a car: /cars/{slug}/checkout, or /cars/{slug}/buy-online for tenants that use that path. */
export function reservePath(carPath: string, buyOnlinePath: boolean): string {
  return `${carPath}/${buyOnlinePath ? 'buy-online' : 'checkout'}`;
}

/** The reservation deposit: the car's payment processor's, else the tenant's, else the spec's $200. */
export function reserveDeposit(s: Pick<ActionSettings, 'reserveDeposit' | 'processorDeposit'>): number {
  return s.processorDeposit ?? s.reserveDeposit ?? DEFAULT_RESERVE_DEPOSIT;
}

/**
 * The reserve button label: the car's payment processor label when set; else the tenant's label (unless
 * the car's processor sets its own deposit, which the tenant's wording would contradict); else
 * "Reserve for {deposit}" with the deposit above.
 */
export function reserveLabel(s: Pick<ActionSettings, 'reserveDeposit' | 'reserveLabel' | 'processorLabel' | 'processorDeposit'>): string {
  if (s.processorLabel) return s.processorLabel;
  if (s.reserveLabel && s.processorDeposit === undefined) return s.reserveLabel;
  return `Reserve for ${formatDollars(reserveDeposit(s))}`;
}

/**
 * Favourite controls are hidden when favourites are off, the car is not in stock, its price is 0 or
 * less, or it has no photos.
 */
export function isFavouriteShown(car: ActionFacts, favourites: boolean): boolean {
  return favourites && car.status === 'in_stock' && !isSold(car) && (car.price ?? 0) > 0 && (car.photos_count ?? 1) > 0;
}

/**
 * The finance page a car's finance links open: /apply-for-finance for the listed dealerships' cars,
 * else the site's configured page (/finance, or /finance-enquiry on one site variant).
 */
export function financePath(dealershipSlug: string | undefined, s: FinanceLinkSettings | undefined): FinancePath {
  if (!s) return '/finance';
  if (dealershipSlug !== undefined && s.applyDealerships.includes(dealershipSlug)) return '/apply-for-finance';
  return s.path;
}

/**
 * The test drive button: every available car, except coming-soon cars where the tenant has the one
 * dealership's rule on (vdp_config.coming_soon_no_test_drive).
 */
export function isTestDriveShown(car: ListingFacts, comingSoonNoTestDrive = false): boolean {
  return isAvailable(car) && !(comingSoonNoTestDrive && car.status === 'coming_soon');
}

/** The finance link with the spec's query (preferredDealership, vehiclePriceBudget, car_id, car_type, vin) and anchor. */
export function financeHref(car: ActionFacts, link?: FinanceLinkSettings): string {
  const q = new URLSearchParams();
  if (car.dealership_slug) q.set('preferredDealership', car.dealership_slug);
  const shown = priceDisplay(car);
  if (shown.kind === 'price') q.set('vehiclePriceBudget', String(shown.amount));
  q.set('car_id', car.id);
  q.set('car_type', car.car_type);
  if (car.vin) q.set('vin', car.vin);
  return `${financePath(car.dealership_slug, link)}?${q.toString()}#finance-form`;
}

/** Which sidebar actions a car gets, by the spec's rules. */
export function vdpActions(car: ActionFacts, s: ActionSettings): VdpActions {
  const available = isAvailable(car);
  const reserve = available && isReserveEligible(car, s.reserveOnline);
  const historyReport = webLink(car.file);
  return {
    available,
    soldPanel: !available,
    // No save button on sold cars, nor on a site without a watchlist (the shopper would sign in for nothing).
    save: available && s.watchlist,
    favourite: isFavouriteShown(car, s.favourites),
    testDrive: isTestDriveShown(car, s.comingSoonNoTestDrive),
    tradeIn: available ? { href: `/cars/trade-in?car_id=${encodeURIComponent(car.id)}` } : undefined,
    reserve: reserve ? { href: reservePath(`/cars/${car.slug}`, s.buyOnlinePath), label: reserveLabel(s), deposit: reserveDeposit(s) } : undefined,
    // The SOLD panel replaces every action, the history report included.
    // A history report link only to a web address (src/lib/rules/web-link.ts): never a javascript: URL from the export.
    historyReport: available && historyReport ? { href: historyReport } : undefined,
    // The SOLD panel replaces the buying actions: no finance link carrying a sold car's price.
    finance: available ? { href: financeHref(car, s.financeLink) } : undefined,
    quote: { calculator: available, sidebar: available && priceDisplay(car).kind !== 'price', href: '#enquire' },
    print: { href: `/print?car_id=${encodeURIComponent(car.slug)}` },
  };
}
