/**
 * The vehicle page's finance calculator (spec section 5, "Finance calculator ranges", and section 9):
 * ranges and steps, clamping, the amount message, defaults and the result shown. The repayment itself
 * is amortise.ts's standard formula.
 */
import { readAmount } from '../rules/format.ts';
import { formatDollars } from '../rules/format.ts';
import { FREQUENCIES, isDisplayableRepayment, repayment, type Frequency } from './amortise.ts';
import { feePerPeriod, nearestTerm } from './options.ts';

export interface Range {
  min: number;
  max: number;
  step: number;
}
export interface CalculatorRanges {
  amount: Range;
  term: Range;
  interest: Range;
  deposit: Range;
  residual: Range;
  /** A custom list of terms (years) in place of the term slider's steps. */
  terms?: readonly number[] | undefined;
}
export type Field = Exclude<keyof CalculatorRanges, 'terms'>;

export interface CalculatorSettings {
  min_amount: number;
  max_amount: number;
  min_interest: number;
  max_interest: number;
  max_term_years: number;
  default_term_years: number;
  default_interest: number;
  /** A rate the shopper cannot change (options.ts calculatorRate). */
  fixed_rate?: number | undefined;
  /** A custom list of terms in years, ascending. */
  terms?: readonly number[] | undefined;
  amount_from_price: boolean;
  max_from_price: boolean;
  round_up: boolean;
}

export const DEFAULT_AMOUNT = 30000;
export const AMOUNT_STEP = 500;
export const EXTRA_MAX = 250000;
export const ENQUIRE_FOR_FINANCE = 'Enquire for Finance';
export const FREQUENCY_LABELS: Record<Frequency, { name: string; per: string }> = {
  weekly: { name: 'Weekly', per: 'week' },
  fortnightly: { name: 'Fortnightly', per: 'fortnight' },
  monthly: { name: 'Monthly', per: 'month' },
};

/**
 * The slider ranges: amount min..max step 500 (max 1.05 x price where configured), term 1..max step 0.5
 * (or the custom terms), interest step 0.5 (only the fixed rate where there is one), deposit and
 * residual 0..250000.
 */
export function calculatorRanges(s: CalculatorSettings, price?: number | null): CalculatorRanges {
  const priceMax = s.max_from_price && price != null && price > 10 ? Math.ceil((price * 1.05) / AMOUNT_STEP) * AMOUNT_STEP : 0;
  const terms = s.terms && s.terms.length > 0 ? s.terms : undefined;
  return {
    amount: { min: s.min_amount, max: Math.max(s.max_amount, priceMax), step: AMOUNT_STEP },
    term: terms ? { min: terms[0] ?? 1, max: terms.at(-1) ?? s.max_term_years, step: 0.5 } : { min: 1, max: s.max_term_years, step: 0.5 },
    interest: s.fixed_rate !== undefined ? { min: s.fixed_rate, max: s.fixed_rate, step: 0.5 } : { min: s.min_interest, max: s.max_interest, step: 0.5 },
    deposit: { min: 0, max: EXTRA_MAX, step: AMOUNT_STEP },
    residual: { min: 0, max: EXTRA_MAX, step: AMOUNT_STEP },
    ...(terms ? { terms } : {}),
  };
}

export function clamp(value: number, r: Pick<Range, 'min' | 'max'>): number {
  return Math.min(r.max, Math.max(r.min, value));
}

/** At or below the minimum, or at or above the maximum: 'Cannot be less than {min} or more than {max}'. */
export function amountMessage(amount: number, r: Pick<Range, 'min' | 'max'>): string | undefined {
  return amount <= r.min || amount >= r.max ? `Cannot be less than ${formatDollars(r.min)} or more than ${formatDollars(r.max)}` : undefined;
}

export interface CalculatorState {
  amount: number;
  term: number;
  interest: number;
  deposit: number;
  residual: number;
  frequency: Frequency;
}

/** Starts at $30,000 (the price where configured and known), the tenant's term (the nearest custom term) and rate (the fixed one), weekly. */
export function initialCalculatorState(s: CalculatorSettings, price?: number | null): CalculatorState {
  const r = calculatorRanges(s, price);
  const amount = s.amount_from_price && price != null && price > 10 ? price : DEFAULT_AMOUNT;
  return {
    amount,
    term: r.terms ? nearestTerm(s.default_term_years, r.terms) : clamp(s.default_term_years, r.term),
    interest: s.fixed_rate ?? clamp(s.default_interest, r.interest),
    deposit: 0,
    residual: 0,
    frequency: 'weekly',
  };
}

/**
 * A field changed: a negative amount becomes 0 (the amount is not clamped, its message says why);
 * every other number is clamped to its range (a term to the nearest custom term). Unreadable input
 * keeps the previous value.
 */
export function updateField(state: CalculatorState, field: Field, value: number, r: CalculatorRanges): CalculatorState {
  if (!Number.isFinite(value)) return state;
  if (field === 'amount') return { ...state, amount: Math.max(0, value) };
  if (field === 'term' && r.terms) return { ...state, term: nearestTerm(value, r.terms) };
  return { ...state, [field]: clamp(value, r[field]) };
}

export interface CalculatorResult {
  payment: number;
  /** "$123" or "Enquire for Finance" when the payment is 25 or less. */
  display: string;
  /** Total of the repayments (and the residual), blank when the payment is not displayable. */
  total: string;
  per: string;
  message?: string | undefined;
}

/** What a repayment adds to the loan: fees financed with it, a monthly fee charged with each repayment; whole dollars rounded up for the brand that does. */
export interface CalculatorCharges {
  financed_fees: number;
  monthly_fee: number;
  round_up: boolean;
}

/** The repayment on (amount - deposit + financed fees) with residual, plus the monthly fee per period. */
export function calculatorResult(state: CalculatorState, r: CalculatorRanges, s: CalculatorCharges): CalculatorResult {
  const perYear = FREQUENCIES[state.frequency];
  const payment = repayment({
    amount: state.amount,
    deposit: state.deposit,
    establishmentFee: s.financed_fees,
    periodicFee: feePerPeriod(s.monthly_fee, perYear),
    residual: state.residual,
    annualRatePct: state.interest,
    years: state.term,
    periodsPerYear: perYear,
    roundUp: s.round_up,
  });
  const ok = isDisplayableRepayment(payment);
  return {
    payment,
    display: ok ? formatDollars(payment) : ENQUIRE_FOR_FINANCE,
    total: ok ? formatDollars(payment * Math.round(state.term * perYear) + state.residual) : '',
    per: FREQUENCY_LABELS[state.frequency].per,
    message: amountMessage(state.amount, r.amount),
  };
}

/** A calculator field as typed: "$31,990", "31990", "31,990.00" -> 31990; NaN when not an amount (readAmount). */
export function fieldAmount(input: string): number {
  return readAmount(input) ?? Number.NaN;
}
