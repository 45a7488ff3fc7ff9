/**
 * The vehicle page's finance calculator (spec section 5, "Finance calculator ranges", and section 9):
 * ranges and steps, clamping, the amount message, defaults and the result shown. The repayment itself
 * is amortise.ts's standard formula.
 */
import { formatDollars } from '../rules/format.ts';
import { FREQUENCIES, isDisplayableRepayment, repayment, type Frequency } from './amortise.ts';

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
}
export type Field = keyof CalculatorRanges;

export interface CalculatorSettings {
  min_amount: number;
  max_amount: number;
  min_interest: number;
  max_interest: number;
  max_term_years: number;
  default_term_years: number;
  default_interest: number;
  establishment_fee: number;
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

/** The slider ranges: amount min..max step 500 (max 1.05 x price where configured), term 1..max step 0.5, interest step 0.5, deposit and residual 0..250000. */
export function calculatorRanges(s: CalculatorSettings, price?: number | null): CalculatorRanges {
  const priceMax = s.max_from_price && price != null && price > 10 ? Math.ceil((price * 1.05) / AMOUNT_STEP) * AMOUNT_STEP : 0;
  return {
    amount: { min: s.min_amount, max: Math.max(s.max_amount, priceMax), step: AMOUNT_STEP },
    term: { min: 1, max: s.max_term_years, step: 0.5 },
    interest: { min: s.min_interest, max: s.max_interest, step: 0.5 },
    deposit: { min: 0, max: EXTRA_MAX, step: AMOUNT_STEP },
    residual: { min: 0, max: EXTRA_MAX, step: AMOUNT_STEP },
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

/** Starts at $30,000 (the price where configured and known), the tenant's term and rate, weekly. */
export function initialCalculatorState(s: CalculatorSettings, price?: number | null): CalculatorState {
  const r = calculatorRanges(s, price);
  const amount = s.amount_from_price && price != null && price > 10 ? price : DEFAULT_AMOUNT;
  return {
    amount,
    term: clamp(s.default_term_years, r.term),
    interest: clamp(s.default_interest, r.interest),
    deposit: 0,
    residual: 0,
    frequency: 'weekly',
  };
}

/**
 * A field changed: a negative amount becomes 0 (the amount is not clamped, its message says why);
 * every other number is clamped to its range. Unreadable input keeps the previous value.
 */
export function updateField(state: CalculatorState, field: Field, value: number, r: CalculatorRanges): CalculatorState {
  if (!Number.isFinite(value)) return state;
  if (field === 'amount') return { ...state, amount: Math.max(0, value) };
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

export function calculatorResult(state: CalculatorState, r: CalculatorRanges, s: Pick<CalculatorSettings, 'establishment_fee' | 'round_up'>): CalculatorResult {
  const perYear = FREQUENCIES[state.frequency];
  const payment = repayment({
    amount: state.amount,
    deposit: state.deposit,
    establishmentFee: s.establishment_fee,
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

/** "$31,990", "31990", "31,990.00" -> 31990; NaN when not a number. */
export function parseMoney(input: string): number {
  const s = input.replace(/[$,\s]/g, '');
  return s === '' ? Number.NaN : Number(s);
}
