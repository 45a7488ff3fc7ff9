/**
 * The calculator options (spec section 5 "Finance calculator ranges", section 9 "Finance display"):
 * the shared calculator's $250,000 and 5 years, custom terms, a fixed 12.94% rate, the hidden or
 * disabled interest slider, the hidden residual, the lender's default ($1,300) and fixed ($1,360.50)
 * establishment fees, one dealership's $395 / $6 / $8 a month / $912.25, the comparison rate range
 * placeholders 8.38% to 19.42% and the sample rates 6.29% and 8.19% in the default disclaimer.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { amortisedPayment, comparisonRate, repayment } from '../../src/lib/finance/amortise.ts';
import { calculatorRanges, calculatorResult, initialCalculatorState, updateField } from '../../src/lib/finance/calculator.ts';
import { calculatorView } from '../../src/lib/finance/calculator-view.ts';
import {
  calculatorComparisonRate,
  calculatorOptions,
  feeLines,
  feePerPeriod,
  financedFees,
  financeDisclaimer,
  financeFees,
  formatFee,
  interestControl,
  nearestTerm,
  SHARED_DEFAULT_TERM_YEARS,
  SHARED_MAX_AMOUNT,
} from '../../src/lib/finance/options.ts';
import { fillDisclaimer, unknownPlaceholders } from '../../src/lib/schemas/finance-placeholders.ts';
import { FinanceSchema, type FinanceSettings } from '../../src/lib/schemas/finance.ts';

const finance = (input: Record<string, unknown> = {}): FinanceSettings => v.parse(FinanceSchema, input);

/** The spec's one dealership: establishment $395, security registration $6, monthly account fee $8, dealer agency fee $912.25. */
const DEALER = { establishment_fee: 395, security_registration_fee: 6, monthly_account_fee: 8, dealer_agency_fee: 912.25 };

describe('defaults keep the general calculator', () => {
  it('a slider for the rate, the residual shown, the term slider, no shared calculator, no fees', () => {
    const f = finance();
    expect(f.interest_slider).toBe('shown');
    expect(f.hide_residual).toBe(false);
    expect(f.terms).toBeUndefined();
    expect(f.fixed_rate).toBeUndefined();
    expect(f.shared_calculator).toBe(false);
    const o = calculatorOptions(f, {});
    expect(o.interest).toBe('slider');
    expect(o.residual).toBe(true);
    expect(o.fees).toEqual({ establishment: 0, securityRegistration: 0, dealerAgency: 0, monthlyAccount: 0 });
    expect(o.charges).toEqual({ financed_fees: 0, monthly_fee: 0, round_up: false });
    expect(o.settings.max_amount).toBe(100000);
    expect(o.settings.default_term_years).toBe(6);
    expect(calculatorRanges(o.settings).terms).toBeUndefined();
  });
});

describe('the shared calculator', () => {
  it('goes up to $250,000 and starts at 5 years and $30,000', () => {
    expect(SHARED_MAX_AMOUNT).toBe(250000);
    expect(SHARED_DEFAULT_TERM_YEARS).toBe(5);
    const view = calculatorView(finance({ shared_calculator: true }), { shared: true });
    expect(view.ranges.amount).toEqual({ min: 1000, max: 250000, step: 500 });
    expect(view.state).toMatchObject({ amount: 30000, term: 5, interest: 10 });
    expect(view.result.message).toBeUndefined();
    expect(calculatorResult({ ...view.state, amount: 250000 }, view.ranges, view.charges).message).toBe('Cannot be less than $1,000 or more than $250,000');
    expect(calculatorResult({ ...view.state, amount: 249500 }, view.ranges, view.charges).message).toBeUndefined();
  });
  it("keeps the tenant's minimum and custom terms, ignores the car-price rules and any dealership's own figures", () => {
    const f = finance({ min_amount: 5000, terms: [1, 2, 3, 4, 5], amount_from_price: true, max_from_price: true, dealerships: { a: { fixed_rate: 3 } } });
    const view = calculatorView(f, { shared: true, dealership: 'a' }, 400000);
    expect(view.ranges.amount).toEqual({ min: 5000, max: 250000, step: 500 });
    expect(view.ranges.terms).toEqual([1, 2, 3, 4, 5]);
    expect(view.state).toMatchObject({ amount: 30000, term: 5, interest: 10 });
  });
});

describe('custom terms', () => {
  const f = finance({ terms: [1, 2, 3, 4, 5] });
  const { settings } = calculatorOptions(f, {});
  const r = calculatorRanges(settings);
  it('replace the 1..7 slider; the start is the nearest to the configured term (6 -> 5)', () => {
    expect(r.terms).toEqual([1, 2, 3, 4, 5]);
    expect(r.term).toEqual({ min: 1, max: 5, step: 0.5 });
    expect(initialCalculatorState(settings).term).toBe(5);
    expect(initialCalculatorState({ ...settings, default_term_years: 2 }).term).toBe(2);
  });
  it('a chosen term snaps to the list', () => {
    const s = initialCalculatorState(settings);
    expect(updateField(s, 'term', 3, r).term).toBe(3);
    expect(updateField(s, 'term', 3.4, r).term).toBe(3);
    expect(updateField(s, 'term', 9, r).term).toBe(5);
    expect(nearestTerm(2.5, [2, 3])).toBe(3);
  });
  it('are validated: ascending, each once, whole or half years from 0.5 to 10', () => {
    expect(() => finance({ terms: [3, 2] })).toThrow(/ascending/);
    expect(() => finance({ terms: [2, 2] })).toThrow(/ascending/);
    expect(() => finance({ terms: [] })).toThrow(/at least one term/);
    expect(() => finance({ terms: [1.25] })).toThrow(/whole or half years/);
    expect(() => finance({ terms: [12] })).toThrow(/0.5 to 10/);
    expect(finance({ terms: [0.5, 1, 1.5] }).terms).toEqual([0.5, 1, 1.5]);
  });
});

describe('the interest rate: a fixed rate, a hidden or disabled slider', () => {
  it('one brand shows a fixed 12.94%: no slider, the rate as text, the calculator keeps it', () => {
    const f = finance({ fixed_rate: 12.94 });
    expect(interestControl(f)).toBe('text');
    const view = calculatorView(f, {});
    expect(view.interest).toBe('text');
    expect(view.ranges.interest).toEqual({ min: 12.94, max: 12.94, step: 0.5 });
    expect(view.state.interest).toBe(12.94);
    expect(view.rates.interest).toBe('12.94% p.a.');
    expect(updateField(view.state, 'interest', 5, view.ranges).interest).toBe(12.94);
    expect(view.result.payment).toBe(repayment({ amount: 30000, annualRatePct: 12.94, years: 6 }));
  });
  it("a dealership's fixed rate applies to its cars only, over the tenant's", () => {
    const f = finance({ fixed_rate: 9.9, dealerships: { 'southern-ford': { fixed_rate: 12.94 } } });
    expect(calculatorView(f, { dealership: 'southern-ford' }).state.interest).toBe(12.94);
    expect(calculatorView(f, { dealership: 'southern-toyota' }).state.interest).toBe(9.9);
    expect(calculatorView(finance({ dealerships: { 'southern-ford': { fixed_rate: 12.94 } } }), { dealership: 'southern-toyota' }).interest).toBe('slider');
  });
  it('a hidden slider shows the default rate as text; a disabled slider stays, unmovable', () => {
    expect(interestControl(finance({ interest_slider: 'hidden' }))).toBe('text');
    expect(interestControl(finance({ interest_slider: 'disabled' }))).toBe('disabled');
    expect(interestControl(finance({ interest_slider: 'disabled', fixed_rate: 12.94 }))).toBe('text');
    expect(calculatorView(finance({ interest_slider: 'hidden', default_interest: 8.95 }), {}).rates.interest).toBe('8.95% p.a.');
    expect(() => finance({ interest_slider: 'off' })).toThrow(/shown, disabled, hidden/);
  });
  it('the rate shown as text comes with its comparison rate: the configured one at the default rate, else worked out with the fees', () => {
    const f = finance({ default_interest: 8.95, comparison_rate: 9.62 });
    const none = financeFees(f, {});
    expect(calculatorComparisonRate(f, 8.95, none)).toBe(9.62);
    expect(calculatorComparisonRate(f, 12.94, none)).toBe(12.94);
    const fees = financeFees(finance({ dealerships: { d: DEALER } }), { dealership: 'd' });
    const withFees = calculatorComparisonRate(f, 12.94, fees);
    expect(withFees).toBe(comparisonRate({ annualRatePct: 12.94, establishmentFee: 1313.25, monthlyFee: 8 }));
    expect(withFees).toBeGreaterThan(12.94);
  });
});

describe('the residual', () => {
  it('is hidden for the brand that hides it', () => {
    expect(calculatorView(finance({ hide_residual: true }), {}).residual).toBe(false);
    expect(calculatorView(finance(), {}).residual).toBe(true);
  });
});

describe('fees', () => {
  it("one dealership's establishment $395, security registration $6, dealer agency $912.25 are financed; $8 a month joins each repayment", () => {
    const f = finance({ dealerships: { 'southern-toyota': DEALER } });
    const fees = financeFees(f, { dealership: 'southern-toyota' });
    expect(fees).toEqual({ establishment: 395, securityRegistration: 6, dealerAgency: 912.25, monthlyAccount: 8 });
    expect(financedFees(fees)).toBe(1313.25);
    expect(feePerPeriod(8, 12)).toBe(8);
    expect(feePerPeriod(8, 26)).toBeCloseTo(3.6923, 4);
    expect(feePerPeriod(8, 52)).toBeCloseTo(1.8462, 4);
    const view = calculatorView(f, { dealership: 'southern-toyota' });
    // $30,000 + $1,313.25 at 10% over 6 years, monthly: the amortised payment plus $8.
    const monthly = calculatorResult({ ...view.state, frequency: 'monthly' }, view.ranges, view.charges);
    expect(monthly.payment).toBe(Math.round((amortisedPayment(31313.25, 0.1 / 12, 72) + 8) * 100) / 100);
    const weekly = calculatorResult(view.state, view.ranges, view.charges);
    expect(weekly.payment).toBe(Math.round((amortisedPayment(31313.25, 0.1 / 52, 312) + (8 * 12) / 52) * 100) / 100);
    expect(feeLines(fees)).toEqual([
      { label: 'Establishment fee', amount: '$395' },
      { label: 'Security registration fee', amount: '$6' },
      { label: 'Monthly account fee', amount: '$8 per month' },
      { label: 'Dealer agency fee', amount: '$912.25' },
    ]);
    // Another dealership of the group has the tenant's (none).
    expect(financeFees(f, { dealership: 'southern-ford' })).toEqual({ establishment: 0, securityRegistration: 0, dealerAgency: 0, monthlyAccount: 0 });
  });
  it('tenant-wide fees apply where a dealership names none of its own', () => {
    const f = finance({ establishment_fee: 495, monthly_account_fee: 10, dealerships: { a: { monthly_account_fee: 8 } } });
    expect(financeFees(f, { dealership: 'a' })).toEqual({ establishment: 495, securityRegistration: 0, dealerAgency: 0, monthlyAccount: 8 });
    expect(financeFees(f, { dealership: 'b' }).monthlyAccount).toBe(10);
  });
  it("a lender's default fee ($1,300) applies where none is configured; a lender's fixed fee ($1,360.50) always", () => {
    const lender_fees = { Taurus: { establishment_fee: 1300 }, Angle: { establishment_fee: 1360.5, fixed: true } };
    expect(financeFees(finance({ lender_fees }), { provider: 'Taurus' }).establishment).toBe(1300);
    expect(financeFees(finance({ lender_fees, establishment_fee: 395 }), { provider: 'Taurus' }).establishment).toBe(395);
    expect(financeFees(finance({ lender_fees, establishment_fee: 0 }), { provider: 'Taurus' }).establishment).toBe(0);
    expect(financeFees(finance({ lender_fees, dealerships: { d: { establishment_fee: 395 } } }), { provider: 'Taurus', dealership: 'd' }).establishment).toBe(
      395,
    );
    expect(
      financeFees(finance({ lender_fees, establishment_fee: 395, dealerships: { d: DEALER } }), { provider: 'Angle', dealership: 'd' }).establishment,
    ).toBe(1360.5);
    expect(financeFees(finance({ lender_fees }), { provider: 'Manual' }).establishment).toBe(0);
    expect(formatFee(1360.5)).toBe('$1,360.50');
    expect(() => finance({ lender_fees: { Acme: { establishment_fee: 1 } } })).toThrow(/finance provider/);
    expect(() => finance({ dealerships: { d: { monthly_account_fee: -8 } } })).toThrow(/0 or more/);
  });
});

describe('the disclaimer and its placeholders', () => {
  it('the default disclaimer carries the sample rates: 5-year term, 6.29% p.a., comparison 8.19% p.a., no deposit', () => {
    const f = finance();
    expect(f.sample_rate).toBe(6.29);
    expect(f.sample_comparison_rate).toBe(8.19);
    const text = calculatorView(f, {}).disclaimer.full;
    expect(text).toContain('(sample: 5-year term, 6.29% p.a., comparison rate 8.19% p.a.)');
    expect(text).toMatch(/^Comparison rates are based on a 5-year secured fixed loan of \$30,000 with no deposit/);
    // The sample is inside the short (197-character) disclaimer, rate and comparison rate together.
    expect(calculatorView(f, {}).disclaimer.short).toContain('comparison rate 8.19% p.a.');
    expect(text).not.toMatch(/[{}]/);
  });
  it('fills the comparison rate range placeholders 8.38% to 19.42%, the rate and its comparison rate', () => {
    const f = finance({
      default_interest: 8.95,
      comparison_rate: 9.62,
      disclaimer: 'Rates from {interest_rate} p.a. (comparison {comparison_rate} p.a.); comparison rates {comparison_rate_min} to {comparison_rate_max} p.a.',
    });
    expect(financeDisclaimer(f, { interest: 8.95, comparison: 9.62 })).toBe(
      'Rates from 8.95% p.a. (comparison 9.62% p.a.); comparison rates 8.38% to 19.42% p.a.',
    );
    expect(calculatorView(f, {}).disclaimer.full).toBe('Rates from 8.95% p.a. (comparison 9.62% p.a.); comparison rates 8.38% to 19.42% p.a.');
    expect(calculatorView(finance({ ...f, fixed_rate: 12.94, comparison_rate_min: 7, comparison_rate_max: 21.5 }), {}).disclaimer.full).toMatch(
      /^Rates from 12\.94% p\.a\. \(comparison 12\.94% p\.a\.\); comparison rates 7\.00% to 21\.50% p\.a\.$/,
    );
  });
  it('an unknown placeholder is refused when the tenant is read, naming the known ones', () => {
    expect(unknownPlaceholders('From {comparison_rate_mni} to {comparison_rate_max}')).toEqual(['comparison_rate_mni']);
    expect(() => finance({ disclaimer: 'From {comparison_rate_mni}.' })).toThrow(/unknown placeholder \{comparison_rate_mni\}; use \{interest_rate\}/);
    expect(() => finance({ comparison_rate_min: 20, comparison_rate_max: 19.42 })).toThrow(/comparison_rate_min is above comparison_rate_max/);
    // Braces that are not a placeholder name stay as written.
    expect(
      fillDisclaimer('a {} b', {
        interest_rate: 1,
        comparison_rate: 1,
        comparison_rate_min: 1,
        comparison_rate_max: 1,
        sample_rate: 1,
        sample_comparison_rate: 1,
      }),
    ).toBe('a {} b');
  });
});
