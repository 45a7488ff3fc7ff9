/**
 * One finance calculator as a page shows it: its options resolved for where it is (options.ts), its
 * ranges, starting state and first result (calculator.ts), the rates and fees it lists and its filled
 * disclaimer. The vehicle page and the shared calculator page render this; the calculator script
 * recomputes the result from the same ranges and charges.
 */
import type { FinanceSettings } from '../schemas/finance.ts';
import {
  calculatorRanges,
  calculatorResult,
  initialCalculatorState,
  type CalculatorCharges,
  type CalculatorRanges,
  type CalculatorResult,
  type CalculatorState,
} from './calculator.ts';
import { disclaimerText } from '../rules/finance-display.ts';
import { calculatorOptions, feeLines, type CalculatorContext } from './options.ts';
import { formatRate } from '../rules/format.ts';

export interface CalculatorView {
  ranges: CalculatorRanges;
  state: CalculatorState;
  result: CalculatorResult;
  charges: CalculatorCharges;
  /** A slider, a disabled slider, or the rate as text (hidden slider or fixed rate). */
  interest: 'slider' | 'disabled' | 'text';
  /** The residual field is shown. */
  residual: boolean;
  /** The rate the calculator starts at (fixed where it is) and its comparison rate, as "6.29% p.a.". */
  rates: { interest: string; comparison: string };
  /** The fees the repayment includes, as listed under it. */
  fees: { label: string; amount: string }[];
  disclaimer: { short: string; full: string; truncated: boolean };
  /** The shared calculator (no car). */
  shared: boolean;
}

export function calculatorView(f: FinanceSettings, ctx: CalculatorContext, price?: number | null): CalculatorView {
  const o = calculatorOptions(f, ctx);
  const ranges = calculatorRanges(o.settings, ctx.shared ? undefined : price);
  const state = initialCalculatorState(o.settings, ctx.shared ? undefined : price);
  return {
    ranges,
    state,
    result: calculatorResult(state, ranges, o.charges),
    charges: o.charges,
    interest: o.interest,
    residual: o.residual,
    rates: { interest: formatRate(o.rates.interest), comparison: formatRate(o.rates.comparison) },
    fees: feeLines(o.fees),
    disclaimer: disclaimerText(o.disclaimer),
    shared: !!ctx.shared,
  };
}
