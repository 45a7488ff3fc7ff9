import { formatDollars, formatKm } from './format.ts';
import { isSold } from './listing.ts';
import type { ListingFacts } from './listing.ts';

/**
 * Subscription prices are shown per week (browse-and-site.md section 9): "$189 per week". Like the
 * price, a subscription price is shown only above 10, and only for a car that can still be had (not
 * sold); otherwise nothing.
 */
export function subscriptionPriceText(car: ListingFacts & { subscription_price?: number | null | undefined }): string | undefined {
  const weekly = car.subscription_price ?? 0;
  if (!(weekly > 10) || isSold(car)) return undefined;
  return `${formatDollars(weekly)} per week`;
}

export interface UsedCarRow {
  label: string;
  value: string;
}

export interface UsedCarBlock {
  rows: UsedCarRow[];
  /** The history report (the car's `file`), where the page offers it (the sidebar's rule: available cars). */
  historyReport?: string | undefined;
}

/** What the used-car block reads of a car. */
export interface UsedCarFacts {
  car_type: string;
  km?: number | null | undefined;
  year?: number | null | undefined;
  certified?: boolean | null | undefined;
}

/**
 * The vehicle page's used-car block. The spec names the block and not its content; it holds what
 * matters only on a used car and is not already in Key information (kilometres, rego, VIN are):
 * certified pre-owned, the kilometres a year (km over the car's age in whole years, at least 1,
 * rounded to 100; only for a model year not after the build's year), and the history report link.
 * Only for used cars, and only with something to say; undefined otherwise.
 */
export function usedCarBlock(car: UsedCarFacts, now: number, historyReport?: string): UsedCarBlock | undefined {
  if (car.car_type !== 'used') return undefined;
  const rows: UsedCarRow[] = [];
  if (car.certified === true) rows.push({ label: 'Certified pre-owned', value: 'Yes' });
  const thisYear = new Date(now * 1000).getUTCFullYear();
  if (car.km != null && car.km > 0 && car.year != null && car.year <= thisYear) {
    const perYear = Math.round(car.km / Math.max(1, thisYear - car.year) / 100) * 100;
    rows.push({ label: 'Kilometres a year', value: `About ${formatKm(perYear)}` });
  }
  if (rows.length === 0 && !historyReport) return undefined;
  return { rows, historyReport };
}
