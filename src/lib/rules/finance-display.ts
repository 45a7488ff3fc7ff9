/**
 * The finance display on the vehicle page (spec section 5 "Finance display eligibility" and section 9):
 * which lender block a car shows, how its figures read, the quote estimate and the disclaimer cut.
 */
import { FINANCE_PROVIDERS } from '../schemas/finance.ts';
import { formatDollars } from './format.ts';
import { truncateText } from './truncate.ts';
import type { LenderEntry } from '../schemas/vdp-extras.ts';
import { formatRate } from './format.ts';

export type FinanceProvider = (typeof FINANCE_PROVIDERS)[number];

export const DISCLAIMER_LIMIT = 197;
export const FINANCE_PRICE_THRESHOLD = 500;
export const TAURUS_MAX_AGE_YEARS = 12;
export const COMPARISON_BASIS = 'Comparison rate based on a 5-year secured fixed loan of $30,000.';
export const COMPARISON_WARNING =
  'WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.';

export interface FinanceCar {
  year?: number | null | undefined;
  price?: number | null | undefined;
  make: string;
  dealership_slug?: string | undefined;
  available: boolean;
}

export type FinanceDisplay =
  { show: 'block'; provider: FinanceProvider; entry: LenderEntry } | { show: 'disclaimer'; provider: FinanceProvider; disclaimer: string } | { show: 'none' };

/** The configured provider's entry; without one configured, the first provider (spec order) the car has. */
export function chooseLender(
  lenders: Record<string, LenderEntry>,
  configured: FinanceProvider | undefined,
): { provider: FinanceProvider; entry: LenderEntry } | undefined {
  const order = configured ? [configured] : FINANCE_PROVIDERS;
  for (const provider of order) {
    const entry = lenders[provider];
    if (entry) return { provider, entry };
  }
  return undefined;
}

/** No finance is shown for Suzuki cars or for the configured dealerships' cars. */
export function isFinanceHidden(car: Pick<FinanceCar, 'make' | 'dealership_slug'>, hiddenDealerships: readonly string[]): boolean {
  return car.make.trim().toLowerCase() === 'suzuki' || (car.dealership_slug !== undefined && hiddenDealerships.includes(car.dealership_slug));
}

/**
 * The spec's eligibility table. Lender data needs non-null interestRate and comparisonRate; hidden for
 * Suzuki and for the configured dealerships. Taurus: year newer than the current year minus 12, price
 * above 500, available, comparison rate present. 360 Finance and AusLoans: available. Manual, Angle,
 * Powertorque: price above 500, available, weekly payment present. Nissan Finance: price above 500,
 * available, monthly payment present. Car Clarity: the disclaimer only.
 */
export function financeDisplay(
  car: FinanceCar,
  lender: { provider: FinanceProvider; entry: LenderEntry } | undefined,
  opts: { currentYear: number; hiddenDealerships: readonly string[] },
): FinanceDisplay {
  // A car that is not available (sold) shows no finance at all: the SOLD panel replaces the buying actions.
  if (!lender || !car.available || isFinanceHidden(car, opts.hiddenDealerships)) return { show: 'none' };
  const { provider, entry } = lender;
  if (provider === 'Car Clarity') return entry.disclaimer ? { show: 'disclaimer', provider, disclaimer: entry.disclaimer } : { show: 'none' };
  if (entry.interestRate == null || entry.comparisonRate == null) return { show: 'none' };
  const priced = (car.price ?? 0) > FINANCE_PRICE_THRESHOLD;
  let ok: boolean;
  switch (provider) {
    case 'Taurus':
      ok = (car.year ?? 0) > opts.currentYear - TAURUS_MAX_AGE_YEARS && priced && car.available;
      break;
    case '360 Finance':
    case 'AusLoans':
      ok = car.available;
      break;
    case 'Manual':
    case 'Angle':
    case 'Powertorque':
      ok = priced && car.available && entry.paymentWeek != null;
      break;
    case 'Nissan Finance':
      ok = priced && car.available && entry.paymentMonth != null;
      break;
  }
  return ok ? { show: 'block', provider, entry } : { show: 'none' };
}

function termText(term: LenderEntry['term']): string | undefined {
  if (!term) return undefined;
  if (term.termMonths != null) return `${term.termMonths} months`;
  if (term.termYears != null) return `${term.termYears} years`;
  if (term.termWeeks != null) return `${term.termWeeks} weeks`;
  return undefined;
}

export interface FinanceBlock {
  /** Weekly payment in whole dollars; the monthly figure when a lender quotes only that. */
  payment?: { amount: string; per: 'week' | 'month' } | undefined;
  interest: string;
  comparison: string;
  deposit?: string | undefined;
  term?: string | undefined;
  balloon: string;
  offerEnds?: string | undefined;
  /** The offer's end date, YYYY-MM-DD (the compliance check compares it with the build day). */
  offerEndsDate?: string | undefined;
  /** The lender's own terms for these figures (finance_lenders[provider].disclaimer), shown with them: short (197) and full. */
  disclaimer?: { short: string; full: string; truncated: boolean } | undefined;
}

/** The block's figures as shown: weekly in whole dollars, both rates side by side, 'No Balloon Payment'. */
export function financeBlock(entry: LenderEntry): FinanceBlock {
  const offer = entry.offerEnds ? /^(\d{4})-(\d{2})-(\d{2})/.exec(entry.offerEnds) : null;
  return {
    payment:
      entry.paymentWeek != null
        ? { amount: formatDollars(entry.paymentWeek), per: 'week' }
        : entry.paymentMonth != null
          ? { amount: formatDollars(entry.paymentMonth), per: 'month' }
          : undefined,
    interest: formatRate(entry.interestRate),
    comparison: formatRate(entry.comparisonRate),
    deposit: entry.deposit != null ? formatDollars(entry.deposit) : undefined,
    term: termText(entry.term),
    balloon: entry.balloon != null && entry.balloon > 0 ? formatDollars(entry.balloon) : 'No Balloon Payment',
    offerEnds: offer ? `Offer ends ${offer[3]}/${offer[2]}/${offer[1]}` : undefined,
    offerEndsDate: offer ? `${offer[1]}-${offer[2]}-${offer[3]}` : undefined,
    disclaimer: entry.disclaimer?.trim() ? disclaimerText(entry.disclaimer) : undefined,
  };
}

/** The disclaimer starts short (cut at 197 characters) with Show more; full after the toggle. */
export function disclaimerText(text: string): { short: string; full: string; truncated: boolean } {
  const full = text.trim();
  const short = truncateText(full, DISCLAIMER_LIMIT);
  return { short, full, truncated: short !== full };
}
