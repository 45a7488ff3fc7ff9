/**
 * Loan repayments by the standard amortisation formula, and the comparison rate of a benchmark loan.
 * Rates are percentages per annum (6.29 means 6.29% p.a.). Pure; used by the finance calculator, the
 * quote function's local default and the build.
 */

export const FREQUENCIES = {
  weekly: 52,
  fortnightly: 26,
  monthly: 12,
} as const;
export type Frequency = keyof typeof FREQUENCIES;

/**
 * The payment per period that repays `principal` over `periods` at `ratePerPeriod`, leaving
 * `residual` (a balloon) owing at the end: P = (PV - FV / (1+i)^n) * i / (1 - (1+i)^-n).
 */
export function amortisedPayment(principal: number, ratePerPeriod: number, periods: number, residual = 0): number {
  if (!(periods > 0)) throw new RangeError('periods must be positive');
  if (ratePerPeriod === 0) return (principal - residual) / periods;
  const growth = (1 + ratePerPeriod) ** periods;
  return ((principal - residual / growth) * ratePerPeriod) / (1 - 1 / growth);
}

export interface RepaymentInput {
  /** Loan amount or purchase price. Negative amounts count as 0. */
  amount: number;
  deposit?: number | undefined;
  /** Added to the amount financed. */
  establishmentFee?: number | undefined;
  /** Balloon owing after the last payment. */
  residual?: number | undefined;
  /** Charged with every repayment (a monthly account fee as a per-period amount); added to the payment. */
  periodicFee?: number | undefined;
  annualRatePct: number;
  years: number;
  periodsPerYear?: number | undefined;
  /** Round up to whole dollars (one brand's rule); otherwise cents. */
  roundUp?: boolean | undefined;
}

/** Repayment per period on (amount - deposit + establishment fee), with residual, plus any periodic fee. */
export function repayment(input: RepaymentInput): number {
  const perYear = input.periodsPerYear ?? FREQUENCIES.weekly;
  const financed = Math.max(0, input.amount) - (input.deposit ?? 0) + (input.establishmentFee ?? 0);
  if (financed <= 0) return 0;
  const periods = Math.round(input.years * perYear);
  const raw = amortisedPayment(financed, input.annualRatePct / 100 / perYear, periods, input.residual ?? 0);
  const payment = Math.max(0, raw) + (input.periodicFee ?? 0);
  return input.roundUp ? Math.ceil(payment) : Math.round(payment * 100) / 100;
}

/** The spec's threshold: a payment of 25 or less displays "Enquire for Finance". */
export function isDisplayableRepayment(payment: number): boolean {
  return payment > 25;
}

export interface ComparisonInput {
  annualRatePct: number;
  /** Benchmark amount and term: the spec quotes a 5-year secured fixed loan of $30,000. */
  amount?: number | undefined;
  years?: number | undefined;
  /** Financed with the loan (capitalised), as in repayment(). */
  establishmentFee?: number | undefined;
  monthlyFee?: number | undefined;
}

/**
 * The comparison rate (% p.a., 2 decimals): the annual rate at which the benchmark amount equals the
 * present value of every monthly outgoing, fees included. Without fees it equals the advertised rate.
 */
export function comparisonRate(input: ComparisonInput): number {
  const amount = input.amount ?? 30000;
  const months = Math.round((input.years ?? 5) * 12);
  const outgoing = amortisedPayment(amount + (input.establishmentFee ?? 0), input.annualRatePct / 100 / 12, months) + (input.monthlyFee ?? 0);
  const presentValue = (monthly: number) => (monthly === 0 ? outgoing * months : (outgoing * (1 - (1 + monthly) ** -months)) / monthly);
  // presentValue falls as the rate rises: bisect for presentValue(rate) = amount.
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (presentValue(mid) > amount) lo = mid;
    else hi = mid;
  }
  return Math.round(((lo + hi) / 2) * 12 * 100 * 100) / 100;
}
