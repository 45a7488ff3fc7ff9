import * as v from 'valibot';
import { HttpsUrl } from './common.ts';

export const FINANCE_PROVIDERS = ['Taurus', 'Powertorque', 'AusLoans', 'Angle', '360 Finance', 'Nissan Finance', 'Manual', 'Car Clarity'] as const;

/** Finance calculator and quote settings. Rates are percentages per annum. */
export const FinanceSchema = v.optional(
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
    establishment_fee: v.optional(v.number(), 0),
    youx_quote: v.optional(v.boolean(), false),
    /** Used only when its host is YOUX_API_URL's or in YOUX_ALLOWED_HOSTS (the platform's key goes there). */
    youx_api_url: v.optional(HttpsUrl),
    disclaimer: v.optional(
      v.string(),
      // About the comparison rate's legal benchmark only: the sidebar's estimate states its own basis (10% deposit, 30% final payment).
      'Comparison rates are based on a 5-year secured fixed loan of $30,000 with no deposit and apply only to that example. Different amounts and terms will result in different comparison rates. Repayment estimates are a guide only. Fees and charges apply. Approved applicants only.',
    ),
    hidden_dealerships: v.optional(v.array(v.string()), []),
    /** Calculator starts at the car's price instead of $30,000 (one brand's rule). */
    amount_from_price: v.optional(v.boolean(), false),
    /** Calculator maximum is 1.05 x the price when that is above max_amount (one brand's rule). */
    max_from_price: v.optional(v.boolean(), false),
    /** Repayments rounded up to whole dollars (one brand's rule). */
    round_up: v.optional(v.boolean(), false),
  }),
  {},
);
export type FinanceSettings = v.InferOutput<typeof FinanceSchema>;
