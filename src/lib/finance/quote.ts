/**
 * The finance quote estimate (spec section 9) and rate formatting. Kept free of schema imports: the
 * vehicle page's scripts use it in the browser.
 */
import { formatDollars } from '../rules/format.ts';
import type { Quote } from '../vdp/extras.ts';

export const QUOTE_MONTHLY_FACTOR = 4.33;
export const QUOTE_BASIS = 'Based on a 5 year term, 10.0% deposit and 30% final payment.';

/** "6.29% p.a."; "-" when missing. */
export function formatRate(rate: number | null | undefined): string {
  return rate == null ? '-' : `${rate.toFixed(2)}% p.a.`;
}

export interface QuoteEstimate {
  weekly: string;
  monthly: string;
  advertisedRate: string;
  comparisonRate: string;
}

/** The quote estimate: '...' while loading, '-' for a missing figure; monthly = weekly x 4.33. */
export function quoteEstimate(quote: Quote | undefined, loading: boolean): QuoteEstimate {
  if (loading) return { weekly: '...', monthly: '...', advertisedRate: '...', comparisonRate: '...' };
  const weekly = quote?.weeklyRepaymentAmount;
  return {
    weekly: weekly != null ? formatDollars(weekly) : '-',
    monthly: weekly != null ? formatDollars(weekly * QUOTE_MONTHLY_FACTOR) : '-',
    advertisedRate: formatRate(quote?.advertisedRate),
    comparisonRate: formatRate(quote?.comparisonRate),
  };
}

/** A finance quote is fetched only when the feature is on, the car has none and its price is positive. */
export function shouldFetchQuote(featureOn: boolean, quote: Quote | undefined, price: number | null | undefined): boolean {
  return featureOn && !quote && (price ?? 0) > 0;
}
