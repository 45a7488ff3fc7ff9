/**
 * The finance disclaimer's placeholders (spec section 9: the comparison rate range placeholders
 * 8.38% to 19.42%, the sample rates of the default disclaimer). A placeholder is a name in braces,
 * `{comparison_rate_min}`; each is filled with a rate as "8.38%". Pure and free of imports: the
 * tenant schema validates disclaimers with it, and the vehicle page fills them.
 */

export const DISCLAIMER_PLACEHOLDERS = [
  'interest_rate',
  'comparison_rate',
  'comparison_rate_min',
  'comparison_rate_max',
  'sample_rate',
  'sample_comparison_rate',
] as const;
export type DisclaimerPlaceholder = (typeof DISCLAIMER_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The placeholders a text names that are not one of DISCLAIMER_PLACEHOLDERS (a typo, an old name). */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(DISCLAIMER_PLACEHOLDERS);
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').filter((name) => !known.has(name));
}

/** A rate as the disclaimer shows it: two decimals and a percent sign ("8.38%"). */
export function placeholderRate(rate: number): string {
  return `${rate.toFixed(2)}%`;
}

/** The text with every known placeholder replaced by its rate; anything else in braces is left as written. */
export function fillDisclaimer(text: string, rates: Record<DisclaimerPlaceholder, number>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(rates, name) ? placeholderRate(rates[name as DisclaimerPlaceholder]) : whole));
}
