import { formatDollars } from './format.ts';
import { isAvailable, isSold, type ListingFacts } from './listing.ts';

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
  reserveDeposit?: number | undefined;
  reserveLabel?: string | undefined;
  /** The label (and deposit) of the car's payment processor, when it has one. */
  processorLabel?: string | undefined;
  processorDeposit?: number | undefined;
}

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
  finance: { href: string };
  print: { href: string };
}

/** A "Test Drive Only" car (tag text, any case) can never be reserved or bought online. */
export function isTestDriveOnly(car: { tag?: string | undefined }): boolean {
  return car.tag?.trim().toLowerCase() === 'test drive only';
}

/**
 * Eligibility for online reservation (the spec leaves the rule out): the reserve feature is on and the
 * car qualifies as the spec's valuation-style rule says: in_stock, not sold, not reserved, priced over
 * 200. A Test Drive Only car never qualifies.
 */
export function isReserveEligible(car: ActionFacts, reserveOnline: boolean): boolean {
  return (
    reserveOnline && car.status === 'in_stock' && !isSold(car) && car.reserved !== true && (car.price ?? 0) > RESERVE_PRICE_THRESHOLD && !isTestDriveOnly(car)
  );
}

/** The reservation deposit: the car's payment processor's, else the tenant's, else the spec's $200. */
export function reserveDeposit(s: Pick<ActionSettings, 'reserveDeposit' | 'processorDeposit'>): number {
  return s.processorDeposit ?? s.reserveDeposit ?? DEFAULT_RESERVE_DEPOSIT;
}

/**
 * The reserve button label: the car's payment processor label when set; else the tenant's label;
 * else "Reserve for {deposit}" with the deposit above.
 */
export function reserveLabel(s: Pick<ActionSettings, 'reserveDeposit' | 'reserveLabel' | 'processorLabel' | 'processorDeposit'>): string {
  if (s.processorLabel) return s.processorLabel;
  if (s.reserveLabel) return s.reserveLabel;
  return `Reserve for ${formatDollars(reserveDeposit(s))}`;
}

/**
 * Favourite controls are hidden when favourites are off, the car is not in stock, its price is 0 or
 * less, or it has no photos.
 */
export function isFavouriteShown(car: ActionFacts, favourites: boolean): boolean {
  return favourites && car.status === 'in_stock' && !isSold(car) && (car.price ?? 0) > 0 && (car.photos_count ?? 1) > 0;
}

/** The /finance link with the spec's query (preferredDealership, vehiclePriceBudget, car_id, car_type, vin). */
export function financeHref(car: ActionFacts): string {
  const q = new URLSearchParams();
  if (car.dealership_slug) q.set('preferredDealership', car.dealership_slug);
  if ((car.price ?? 0) > 10) q.set('vehiclePriceBudget', String(car.price));
  q.set('car_id', car.id);
  q.set('car_type', car.car_type);
  if (car.vin) q.set('vin', car.vin);
  return `/finance?${q.toString()}#finance-form`;
}

/** Which sidebar actions a car gets, by the spec's rules. */
export function vdpActions(car: ActionFacts, s: ActionSettings): VdpActions {
  const available = isAvailable(car);
  const reserve = available && isReserveEligible(car, s.reserveOnline);
  return {
    available,
    soldPanel: !available,
    // No save button on sold cars.
    save: available,
    favourite: isFavouriteShown(car, s.favourites),
    testDrive: available,
    tradeIn: available ? { href: `/cars/trade-in?car_id=${encodeURIComponent(car.id)}` } : undefined,
    reserve: reserve
      ? { href: `/cars/${car.slug}/${s.buyOnlinePath ? 'buy-online' : 'checkout'}`, label: reserveLabel(s), deposit: reserveDeposit(s) }
      : undefined,
    // The SOLD panel replaces every action, the history report included.
    historyReport: available && car.file ? { href: car.file } : undefined,
    finance: { href: financeHref(car) },
    print: { href: `/print?car_id=${encodeURIComponent(car.slug)}` },
  };
}
