/**
 * One finance offer per car (issue 26). A vehicle page states one repayment for a car: the lender's
 * offer where the car shows one, and its calculator opens on that offer's numbers (the car's price,
 * the offer's deposit, balloon, rate, term and fees), so the first figure the calculator shows is the
 * offer's. Where the car has no lender offer the calculator opens on the tenant's own rate, and says
 * so. The comparison rate warning is printed once, in the first offer the page shows; the others point
 * to it. Pure: the page model calls these once and the templates only render the answers.
 */
import type { LenderEntry } from '../schemas/vdp-extras.ts';
import { calculatorResult, type CalculatorRanges, type CalculatorState } from './calculator.ts';
import type { CalculatorView } from './calculator-view.ts';
import { formatFee } from './options.ts';
import { formatRate } from '../rules/format.ts';

/** The numbers a lender offer is worked out on. */
export interface OfferTerms {
  /** The amount before the deposit: the car's price. */
  amount: number;
  deposit: number;
  balloon: number;
  /** Annual percentage rate. */
  rate: number;
  comparison: number;
  years: number;
  /** Fees the lender adds to the amount financed (its establishment fee). */
  financedFees: number;
}

/** The term of a lender entry in years (months / 12, weeks / 52); undefined when it states none. */
export function termYears(term: LenderEntry['term']): number | undefined {
  if (!term) return undefined;
  if (term.termMonths != null && term.termMonths > 0) return term.termMonths / 12;
  if (term.termYears != null && term.termYears > 0) return term.termYears;
  if (term.termWeeks != null && term.termWeeks > 0) return Math.round((term.termWeeks / 52) * 2) / 2;
  return undefined;
}

/**
 * The terms of the lender offer a car shows, on the car's price; undefined without a price, a rate, a
 * comparison rate or a term (then the calculator stays on the tenant's own settings).
 */
export function lenderOfferTerms(entry: LenderEntry, price: number | null | undefined): OfferTerms | undefined {
  const years = termYears(entry.term);
  if (price == null || !(price > 0) || entry.interestRate == null || entry.comparisonRate == null || years === undefined) return undefined;
  return {
    amount: price,
    deposit: Math.max(0, entry.deposit ?? 0),
    balloon: Math.max(0, entry.balloon ?? 0),
    rate: entry.interestRate,
    comparison: entry.comparisonRate,
    years,
    financedFees: Math.max(0, entry.establishmentFees ?? 0),
  };
}

const widen = (r: { min: number; max: number; step: number }, value: number) => ({ ...r, min: Math.min(r.min, value), max: Math.max(r.max, value) });

/**
 * The calculator opened on the car's price where it starts elsewhere ($30,000): the tenant's rate and
 * term, labelled as the tenant's (the page model says so).
 */
export function calculatorOnPrice(calc: CalculatorView, price: number | null | undefined): CalculatorView {
  if (calc.shared || price == null || !(price > 10) || calc.state.amount === price) return calc;
  const ranges: CalculatorRanges = { ...calc.ranges, amount: widen(calc.ranges.amount, price) };
  const state: CalculatorState = { ...calc.state, amount: price };
  return { ...calc, ranges, state, result: calculatorResult(state, ranges, calc.charges) };
}

/**
 * The calculator opened on a lender offer: its state is the offer's (price, deposit, balloon, rate,
 * term, weekly), its ranges reach those values (a fixed rate becomes the offer's, a custom term list
 * gains the offer's term), its rates are the offer's, its charges the lender's fees, and its first
 * result is recomputed from them. `disclaimer` is the tenant's disclaimer filled with the offer's rates.
 */
export function calculatorOnOffer(calc: CalculatorView, o: OfferTerms, disclaimer: CalculatorView['disclaimer']): CalculatorView {
  const fixed = calc.ranges.interest.min === calc.ranges.interest.max;
  const terms = calc.ranges.terms && !calc.ranges.terms.includes(o.years) ? [...calc.ranges.terms, o.years].sort((a, b) => a - b) : calc.ranges.terms;
  const ranges: CalculatorRanges = {
    amount: widen(calc.ranges.amount, o.amount),
    term: widen(calc.ranges.term, o.years),
    interest: fixed ? { ...calc.ranges.interest, min: o.rate, max: o.rate } : widen(calc.ranges.interest, o.rate),
    deposit: widen(calc.ranges.deposit, o.deposit),
    residual: widen(calc.ranges.residual, o.balloon),
    ...(terms ? { terms } : {}),
  };
  const state: CalculatorState = { amount: o.amount, term: o.years, interest: o.rate, deposit: o.deposit, residual: o.balloon, frequency: 'weekly' };
  // The lender's figure is not rounded up to whole dollars: the calculator opens on it exactly.
  const charges = { financed_fees: o.financedFees, monthly_fee: 0, round_up: false };
  return {
    ...calc,
    ranges,
    state,
    charges,
    result: calculatorResult(state, ranges, charges),
    // The offer's balloon is part of its repayment: the field that holds it is shown.
    residual: calc.residual || o.balloon > 0,
    rates: { interest: formatRate(o.rate), comparison: formatRate(o.comparison) },
    // The lender's fee is in the offer's figure; the tenant's own fee lines describe another loan.
    fees: o.financedFees > 0 ? [{ label: 'Lender establishment fee', amount: formatFee(o.financedFees) }] : [],
    disclaimer,
  };
}

/** Where the page's one offer comes from: the lender's, or the tenant's standard rate (the calculator's own). */
export type OfferSource = 'lender' | 'tenant';

/** The offers a vehicle page can show, in document order (the sidebar estimate comes before the Finance section). */
export type OfferPlace = 'estimate' | 'block' | 'calculator';

/**
 * Where the comparison rate warning is printed: once a page, in the first offer it shows that states a
 * comparison rate (document order: the sidebar estimate, the Finance section's lender block, the
 * calculator's rates). The other offers link to it. Undefined when the page shows no comparison rate.
 */
export function warningPlace(shown: Record<OfferPlace, boolean>): OfferPlace | undefined {
  return (['estimate', 'block', 'calculator'] as const).find((p) => shown[p]);
}

/** The id of the page's one comparison rate warning (the other offers' asterisks link to it). */
export const WARNING_ID = 'comparison-warning';
