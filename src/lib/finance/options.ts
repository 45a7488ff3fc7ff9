/**
 * The tenant's and dealership's calculator options (spec section 5 "Finance calculator ranges" and
 * section 9 "Finance display"): the shared calculator's limits, custom terms, a fixed rate, a hidden or
 * disabled interest slider, a hidden residual, per-lender establishment fees, the dealership's security
 * registration, monthly account and agency fees, and the disclaimer's placeholders. Each rule decides
 * once; the vehicle page, the shared calculator page and the calculator script read the result.
 */
import type { FinanceSettings } from '../schemas/finance.ts';
import { formatDollars } from '../rules/format.ts';
import { comparisonRate } from './amortise.ts';
import type { CalculatorSettings } from './calculator.ts';
import type { FinanceProvider } from '../rules/finance-display.ts';
import { fillDisclaimer, type DisclaimerPlaceholder } from '../schemas/finance-placeholders.ts';

/** The shared calculator (not tied to a car): up to $250,000, starting at 5 years (spec sections 5 and 9). */
export const SHARED_MAX_AMOUNT = 250000;
export const SHARED_DEFAULT_TERM_YEARS = 5;

/** Where a calculator is: on a car's page, or the shared calculator page. */
export interface CalculatorContext {
  shared?: boolean | undefined;
  /** The car's dealership (its own figures in finance.dealerships apply). */
  dealership?: string | undefined;
  /** The lender whose fees apply: the car's lender, else the tenant's provider. */
  provider?: FinanceProvider | undefined;
}

export interface FinanceFees {
  establishment: number;
  securityRegistration: number;
  dealerAgency: number;
  /** Charged every month; added to each repayment. */
  monthlyAccount: number;
}

type Settings = Pick<
  FinanceSettings,
  | 'establishment_fee'
  | 'security_registration_fee'
  | 'monthly_account_fee'
  | 'dealer_agency_fee'
  | 'lender_fees'
  | 'dealerships'
  | 'fixed_rate'
  | 'interest_slider'
  | 'default_interest'
  | 'comparison_rate'
>;

/**
 * The fees a calculator charges. Establishment: a lender's fixed fee always; else the dealership's;
 * else the tenant's; else the lender's default; else none. The other three: the dealership's, else the
 * tenant's (default 0).
 */
export function financeFees(f: Settings, ctx: Pick<CalculatorContext, 'dealership' | 'provider'>): FinanceFees {
  const d = ctx.dealership !== undefined ? f.dealerships[ctx.dealership] : undefined;
  const lender = ctx.provider !== undefined ? f.lender_fees[ctx.provider] : undefined;
  return {
    establishment: lender?.fixed ? lender.establishment_fee : (d?.establishment_fee ?? f.establishment_fee ?? lender?.establishment_fee ?? 0),
    securityRegistration: d?.security_registration_fee ?? f.security_registration_fee,
    dealerAgency: d?.dealer_agency_fee ?? f.dealer_agency_fee,
    monthlyAccount: d?.monthly_account_fee ?? f.monthly_account_fee,
  };
}

/** The fees added to the amount financed: establishment, security registration and dealer agency. */
export function financedFees(fees: FinanceFees): number {
  return Math.round((fees.establishment + fees.securityRegistration + fees.dealerAgency) * 100) / 100;
}

/** A monthly fee as a charge per repayment: x 12 / 52 weekly, x 12 / 26 fortnightly, as is monthly. */
export function feePerPeriod(monthly: number, periodsPerYear: number): number {
  return (monthly * 12) / periodsPerYear;
}

// One formatter: toLocaleString with options builds a new one per call (0.03 ms a vehicle page, issue 17).
// Made on first use, not when the module loads: the calculator's bundle loads this module without
// showing a fee with cents, and a browser's first Intl formatter costs (rules/format.ts says how much).
let centsFormat: Intl.NumberFormat | undefined;
const cents = () => (centsFormat ??= new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** "$395", "$912.25": whole dollars without cents, otherwise with them. */
export function formatFee(amount: number): string {
  return Number.isInteger(amount) ? formatDollars(amount) : `$${cents().format(amount)}`;
}

/** The fees the calculator lists under its result, in the spec's order; a fee of 0 is not listed. */
export function feeLines(fees: FinanceFees): { label: string; amount: string }[] {
  const lines: [string, number, string][] = [
    ['Establishment fee', fees.establishment, ''],
    ['Security registration fee', fees.securityRegistration, ''],
    ['Monthly account fee', fees.monthlyAccount, ' per month'],
    ['Dealer agency fee', fees.dealerAgency, ''],
  ];
  return lines.filter(([, n]) => n > 0).map(([label, n, per]) => ({ label, amount: `${formatFee(n)}${per}` }));
}

/** The rate the calculator offers: the dealership's fixed rate, else the tenant's, else the configured default (adjustable). */
export function calculatorRate(f: Settings, dealership?: string): { rate: number; fixed: boolean } {
  const fixed = (dealership !== undefined ? f.dealerships[dealership]?.fixed_rate : undefined) ?? f.fixed_rate;
  return fixed !== undefined ? { rate: fixed, fixed: true } : { rate: f.default_interest, fixed: false };
}

/**
 * How the interest rate is offered: a slider; a slider the shopper cannot move ('disabled'); or no
 * slider, the rate shown as text ('text': the slider is hidden, or the rate is fixed).
 */
export function interestControl(f: Settings, dealership?: string): 'slider' | 'disabled' | 'text' {
  if (calculatorRate(f, dealership).fixed || f.interest_slider === 'hidden') return 'text';
  return f.interest_slider === 'disabled' ? 'disabled' : 'slider';
}

/**
 * The comparison rate beside the calculator's rate: the configured one where the rate is the configured
 * default, else worked out on the benchmark loan ($30,000 over 5 years) with these fees.
 */
export function calculatorComparisonRate(f: Settings, rate: number, fees: FinanceFees): number {
  if (f.comparison_rate !== undefined && rate === f.default_interest) return f.comparison_rate;
  return comparisonRate({ annualRatePct: rate, establishmentFee: financedFees(fees), monthlyFee: fees.monthlyAccount });
}

/** The nearest of the allowed terms (the longer on a tie). */
export function nearestTerm(term: number, terms: readonly number[]): number {
  let best = terms[0] ?? term;
  for (const t of terms) if (Math.abs(t - term) <= Math.abs(best - term)) best = t;
  return best;
}

/** The disclaimer with its placeholders filled: the calculator's rate and comparison rate, the range, the sample rates. */
export function financeDisclaimer(
  f: Pick<FinanceSettings, 'disclaimer' | 'comparison_rate_min' | 'comparison_rate_max' | 'sample_rate' | 'sample_comparison_rate'>,
  rates: { interest: number; comparison: number },
): string {
  const values: Record<DisclaimerPlaceholder, number> = {
    interest_rate: rates.interest,
    comparison_rate: rates.comparison,
    comparison_rate_min: f.comparison_rate_min,
    comparison_rate_max: f.comparison_rate_max,
    sample_rate: f.sample_rate,
    sample_comparison_rate: f.sample_comparison_rate,
  };
  return fillDisclaimer(f.disclaimer, values);
}

export interface CalculatorOptions {
  /** The ranges and starting values (the shared calculator's maximum and term; the fixed rate; the custom terms). */
  settings: CalculatorSettings;
  fees: FinanceFees;
  /** What the repayment adds: the financed fees (to the amount) and the monthly fee (to each repayment). */
  charges: { financed_fees: number; monthly_fee: number; round_up: boolean };
  interest: 'slider' | 'disabled' | 'text';
  residual: boolean;
  /** The rate the calculator starts at (or keeps, when fixed) and its comparison rate. */
  rates: { interest: number; comparison: number };
  disclaimer: string;
}

/** Every option of one calculator, resolved for where it is (a car's page, its dealership and lender, or the shared page). */
export function calculatorOptions(f: FinanceSettings, ctx: CalculatorContext): CalculatorOptions {
  const dealership = ctx.shared ? undefined : ctx.dealership;
  const fees = financeFees(f, { dealership, provider: ctx.provider });
  const { rate, fixed } = calculatorRate(f, dealership);
  const comparison = calculatorComparisonRate(f, rate, fees);
  const settings: CalculatorSettings = {
    min_amount: f.min_amount,
    max_amount: ctx.shared ? SHARED_MAX_AMOUNT : f.max_amount,
    min_interest: f.min_interest,
    max_interest: f.max_interest,
    max_term_years: f.max_term_years,
    default_term_years: ctx.shared ? SHARED_DEFAULT_TERM_YEARS : f.default_term_years,
    default_interest: f.default_interest,
    fixed_rate: fixed ? rate : undefined,
    terms: f.terms,
    amount_from_price: !ctx.shared && f.amount_from_price,
    max_from_price: !ctx.shared && f.max_from_price,
    round_up: f.round_up,
  };
  return {
    settings,
    fees,
    charges: { financed_fees: financedFees(fees), monthly_fee: fees.monthlyAccount, round_up: f.round_up },
    interest: interestControl(f, dealership),
    residual: !f.hide_residual,
    rates: { interest: rate, comparison },
    disclaimer: financeDisclaimer(f, { interest: rate, comparison }),
  };
}

/** Where the shared calculator is (finance.shared_calculator). */
export const SHARED_CALCULATOR_PATH = '/finance-calculator';
