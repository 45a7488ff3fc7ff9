/**
 * The finance quote estimate (spec section 9) and rate formatting. Kept free of schema imports: the
 * vehicle page's scripts use it in the browser.
 */
import { formatDollars, formatRate } from '../rules/format.ts';
import type { Quote } from '../schemas/vdp-extras.ts';
import { FREQUENCIES, repayment } from './amortise.ts';

export const QUOTE_MONTHLY_FACTOR = 4.33;
/** The quote's stated assumptions (spec section 9): a 5 year term, a 10.0% deposit and a 30% final payment. */
export const QUOTE_TERM_YEARS = 5;
export const QUOTE_DEPOSIT_SHARE = 0.1;
export const QUOTE_FINAL_PAYMENT_SHARE = 0.3;
export const QUOTE_BASIS = 'Based on a 5 year term, 10.0% deposit and 30% final payment.';

const cents = (n: number) => Math.round(n * 100) / 100;

/** The loan the quote estimate describes for a price: the price less a 10% deposit, with a 30% final payment, over 5 years. */
export function quoteLoan(price: number): { amount: number; deposit: number; residual: number; years: number } {
  const amount = Math.max(0, price);
  return { amount, deposit: cents(amount * QUOTE_DEPOSIT_SHARE), residual: cents(amount * QUOTE_FINAL_PAYMENT_SHARE), years: QUOTE_TERM_YEARS };
}

/**
 * The weekly repayment of the quote estimate, worked out on the assumptions its label states (not on
 * the full price): the functions' local quote answers with this, so figure and wording agree.
 */
export function quoteWeeklyRepayment(input: {
  price: number;
  annualRatePct: number;
  establishmentFee?: number | undefined;
  years?: number | undefined;
}): number {
  const loan = quoteLoan(input.price);
  return repayment({
    ...loan,
    years: input.years ?? loan.years,
    establishmentFee: input.establishmentFee,
    annualRatePct: input.annualRatePct,
    periodsPerYear: FREQUENCIES.weekly,
  });
}

/**
 * The label beside the estimate: the spec's assumptions, with the amounts for this car's price when it
 * shows one ("Based on a 5 year term, 10.0% deposit ($3,000) and 30% final payment ($9,000) on $30,000.").
 */
export function quoteBasis(price: number | undefined): string {
  if (price === undefined || !(price > 0)) return QUOTE_BASIS;
  const loan = quoteLoan(price);
  return `Based on a 5 year term, 10.0% deposit (${formatDollars(loan.deposit)}) and 30% final payment (${formatDollars(loan.residual)}) on ${formatDollars(loan.amount)}.`;
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

/**
 * Whether a tenant offers the finance quote: the feature is on, or the YouX quote is configured. The
 * one answer the vehicle page and the functions' quote route read.
 */
export function tenantHasFinanceQuote(tenant: { features: { finance_quote: boolean }; finance: { youx_quote: boolean } }): boolean {
  return tenant.features.finance_quote || tenant.finance.youx_quote;
}

/** A finance quote is fetched only when the feature is on, the car has none and its price is positive. */

export function shouldFetchQuote(featureOn: boolean, quote: Quote | undefined, price: number | null | undefined): boolean {
  return featureOn && !quote && (price ?? 0) > 0;
}
