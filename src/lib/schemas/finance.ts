import * as v from 'valibot';
import { DISCLAIMER_PLACEHOLDERS, unknownPlaceholders } from './finance-placeholders.ts';
import { HttpsUrl, SlugSchema } from './common.ts';

export const FINANCE_PROVIDERS = ['Taurus', 'Powertorque', 'AusLoans', 'Angle', '360 Finance', 'Nissan Finance', 'Manual', 'Car Clarity'] as const;

/** How the calculator's interest rate is offered: a slider, a slider the shopper cannot move, or no slider (the rate shown as text). */
export const INTEREST_SLIDER_MODES = ['shown', 'disabled', 'hidden'] as const;

const Rate = v.pipe(v.number(), v.minValue(0, 'a rate from 0 to 30 (% p.a.)'), v.maxValue(30, 'a rate from 0 to 30 (% p.a.)'));
const Fee = v.pipe(v.number(), v.minValue(0, 'a fee in dollars, 0 or more'), v.maxValue(100000, 'a fee in dollars, at most 100000'));
const TermYears = v.pipe(
  v.number(),
  v.minValue(0.5, 'a term from 0.5 to 10 years'),
  v.maxValue(10, 'a term from 0.5 to 10 years'),
  v.check((n) => Number.isInteger(n * 2), 'a term in whole or half years'),
);

/** One dealership's own finance figures; each replaces the tenant-wide one for that dealership's cars. */
const DealershipFinanceSchema = v.strictObject({
  establishment_fee: v.optional(Fee),
  security_registration_fee: v.optional(Fee),
  monthly_account_fee: v.optional(Fee),
  dealer_agency_fee: v.optional(Fee),
  fixed_rate: v.optional(Rate),
});

/** A lender's establishment fee: its default (used where no fee is configured), or fixed (always used). */
const LenderFeeSchema = v.strictObject({
  establishment_fee: Fee,
  fixed: v.optional(v.boolean(), false),
});

const DEFAULT_DISCLAIMER =
  // About the comparison rate's legal benchmark and its sample rates only: the sidebar's estimate states its own basis (10% deposit, 30% final payment).
  'Comparison rates are based on a 5-year secured fixed loan of $30,000 with no deposit (sample: 5-year term, {sample_rate} p.a., comparison rate {sample_comparison_rate} p.a.) and apply only to that example. Different amounts and terms will result in different comparison rates. Repayment estimates are a guide only. Fees and charges apply. Approved applicants only.';

const Disclaimer = v.pipe(
  v.string(),
  v.check(
    (s) => unknownPlaceholders(s).length === 0,
    (issue) =>
      `unknown placeholder ${unknownPlaceholders(String(issue.input))
        .map((p) => `{${p}}`)
        .join(', ')}; use ${DISCLAIMER_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`,
  ),
);

/** Finance calculator and quote settings. Rates are percentages per annum; fees and amounts dollars. */
export const FinanceSchema = v.optional(
  v.pipe(
    v.strictObject({
      provider: v.optional(v.picklist(FINANCE_PROVIDERS)),
      default_interest: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(30)), 10),
      comparison_rate: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(30))),
      default_term_years: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(7)), 6),
      min_amount: v.optional(v.number(), 1000),
      max_amount: v.optional(v.number(), 100000),
      min_interest: v.optional(v.number(), 0.5),
      max_interest: v.optional(v.number(), 15),
      max_term_years: v.optional(v.number(), 7),
      /** Unset: the lender's default fee (lender_fees), else 0. */
      establishment_fee: v.optional(Fee),
      security_registration_fee: v.optional(Fee, 0),
      monthly_account_fee: v.optional(Fee, 0),
      dealer_agency_fee: v.optional(Fee, 0),
      lender_fees: v.optional(v.record(v.picklist(FINANCE_PROVIDERS, 'a finance provider'), LenderFeeSchema), {}),
      dealerships: v.optional(v.record(SlugSchema, DealershipFinanceSchema), {}),
      interest_slider: v.optional(v.picklist(INTEREST_SLIDER_MODES, 'one of shown, disabled, hidden'), 'shown'),
      fixed_rate: v.optional(Rate),
      hide_residual: v.optional(v.boolean(), false),
      terms: v.optional(
        v.pipe(
          v.array(TermYears),
          v.minLength(1, 'at least one term'),
          v.check((a) => a.every((t, i) => i === 0 || t > (a[i - 1] ?? 0)), 'terms in ascending order, each once'),
        ),
      ),
      shared_calculator: v.optional(v.boolean(), false),
      comparison_rate_min: v.optional(Rate, 8.38),
      comparison_rate_max: v.optional(Rate, 19.42),
      sample_rate: v.optional(Rate, 6.29),
      sample_comparison_rate: v.optional(Rate, 8.19),
      youx_quote: v.optional(v.boolean(), false),
      /** Used only when its host is YOUX_API_URL's or in YOUX_ALLOWED_HOSTS (the platform's key goes there). */
      youx_api_url: v.optional(HttpsUrl),
      disclaimer: v.optional(Disclaimer, DEFAULT_DISCLAIMER),
      hidden_dealerships: v.optional(v.array(v.string()), []),
      /** Calculator starts at the car's price instead of $30,000 (one brand's rule). */
      amount_from_price: v.optional(v.boolean(), false),
      /** Calculator maximum is 1.05 x the price when that is above max_amount (one brand's rule). */
      max_from_price: v.optional(v.boolean(), false),
      /** Repayments rounded up to whole dollars (one brand's rule). */
      round_up: v.optional(v.boolean(), false),
    }),
    v.check((f) => f.comparison_rate_min <= f.comparison_rate_max, 'comparison_rate_min is above comparison_rate_max'),
  ),
  {},
);
export type FinanceSettings = v.InferOutput<typeof FinanceSchema>;
