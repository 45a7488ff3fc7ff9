/** Money and distance inputs: $ prefix / kms suffix, thousands separators, quick-pick amounts. */
import { formatNumber } from '../rules/format.ts';

/** Spec: quick picks 5,000 to 70,000 dollars (one dealership group uses 300,000 to 800,000). */
export const MONEY_QUICK_PICKS = [5000, 10000, 15000, 20000, 30000, 40000, 50000, 70000] as const;
export const MONEY_QUICK_PICKS_HIGH = [300000, 400000, 500000, 600000, 700000, 800000] as const;
/** The money quick picks a tenant's forms offer (features.high_money_quick_picks: the spec's one group). */
export function moneyQuickPicks(features: { high_money_quick_picks: boolean }): readonly number[] {
  return features.high_money_quick_picks ? MONEY_QUICK_PICKS_HIGH : MONEY_QUICK_PICKS;
}

export const DISTANCE_QUICK_PICKS = [10000, 25000, 50000, 75000, 100000, 150000] as const;

/** What a shopper typed in a masked amount field, digits only: '$', 'kms', commas and spaces are ignored; empty means no value. */
export function typedAmount(input: string): number | undefined {
  const digits = input.replace(/[^\d]/g, '');
  return digits ? Number(digits) : undefined;
}

/** 12345 -> '12,345' (the input shows the $ or kms around it). */
export function withSeparators(value: number | undefined): string {
  return value === undefined ? '' : formatNumber(value);
}

/** Re-formats what the shopper typed, keeping only digits. */
export function formatAmountInput(input: string): string {
  return withSeparators(typedAmount(input));
}
