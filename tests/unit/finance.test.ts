import { describe, expect, it } from 'vitest';
import { repayment } from '../../src/lib/finance/amortise.ts';
import {
  amountMessage,
  calculatorRanges,
  calculatorResult,
  initialCalculatorState,
  fieldAmount,
  updateField,
  type CalculatorSettings,
} from '../../src/lib/finance/calculator.ts';
import {
  chooseLender,
  COMPARISON_WARNING,
  disclaimerText,
  financeBlock,
  financeDisplay,
  type FinanceCar,
  type FinanceProvider,
} from '../../src/lib/rules/finance-display.ts';
import { QUOTE_BASIS, quoteBasis, quoteEstimate, quoteLoan, quoteWeeklyRepayment, shouldFetchQuote } from '../../src/lib/finance/quote.ts';
import { FinanceSchema } from '../../src/lib/schemas/finance.ts';
import * as v from 'valibot';
import type { LenderEntry } from '../../src/lib/schemas/vdp-extras.ts';

const SETTINGS: CalculatorSettings = {
  min_amount: 1000,
  max_amount: 100000,
  min_interest: 0.5,
  max_interest: 15,
  max_term_years: 7,
  default_term_years: 6,
  default_interest: 10,
  amount_from_price: false,
  max_from_price: false,
  round_up: false,
};

describe('finance calculator ranges and clamping', () => {
  const r = calculatorRanges(SETTINGS);
  it('uses the spec ranges and steps', () => {
    expect(r.amount).toEqual({ min: 1000, max: 100000, step: 500 });
    expect(r.term).toEqual({ min: 1, max: 7, step: 0.5 });
    expect(r.interest).toEqual({ min: 0.5, max: 15, step: 0.5 });
    expect(r.deposit).toEqual({ min: 0, max: 250000, step: 500 });
    expect(r.residual).toEqual({ min: 0, max: 250000, step: 500 });
  });
  it('raises the maximum to 1.05 x price where configured', () => {
    expect(calculatorRanges({ ...SETTINGS, max_from_price: true }, 120000).amount.max).toBe(126000);
    expect(calculatorRanges({ ...SETTINGS, max_from_price: true }, 50000).amount.max).toBe(100000);
    expect(calculatorRanges(SETTINGS, 120000).amount.max).toBe(100000);
  });
  it("says 'Cannot be less than {min} or more than {max}' at or beyond either bound", () => {
    const msg = 'Cannot be less than $1,000 or more than $100,000';
    expect(amountMessage(1000, r.amount)).toBe(msg);
    expect(amountMessage(999, r.amount)).toBe(msg);
    expect(amountMessage(1500, r.amount)).toBeUndefined();
    expect(amountMessage(99500, r.amount)).toBeUndefined();
    expect(amountMessage(100000, r.amount)).toBe(msg);
    expect(amountMessage(100001, r.amount)).toBe(msg);
  });
  it('sets a negative amount to 0 and clamps every other field', () => {
    const s = initialCalculatorState(SETTINGS);
    expect(updateField(s, 'amount', -5, r).amount).toBe(0);
    expect(updateField(s, 'amount', 250000, r).amount).toBe(250000);
    expect(updateField(s, 'term', 9, r).term).toBe(7);
    expect(updateField(s, 'term', 0, r).term).toBe(1);
    expect(updateField(s, 'interest', 0.1, r).interest).toBe(0.5);
    expect(updateField(s, 'interest', 20, r).interest).toBe(15);
    expect(updateField(s, 'deposit', -1, r).deposit).toBe(0);
    expect(updateField(s, 'residual', 300000, r).residual).toBe(250000);
    expect(updateField(s, 'term', Number.NaN, r)).toBe(s);
  });
  it('starts at $30,000, 6 years, the configured rate, weekly (the price where configured)', () => {
    expect(initialCalculatorState(SETTINGS, 45990)).toEqual({ amount: 30000, term: 6, interest: 10, deposit: 0, residual: 0, frequency: 'weekly' });
    expect(initialCalculatorState({ ...SETTINGS, amount_from_price: true }, 45990).amount).toBe(45990);
    expect(initialCalculatorState({ ...SETTINGS, amount_from_price: true }, 0).amount).toBe(30000);
  });
  it('reads money typed with $ and commas', () => {
    expect(fieldAmount('$31,990')).toBe(31990);
    expect(Number.isNaN(fieldAmount(''))).toBe(true);
    expect(Number.isNaN(fieldAmount('1e5'))).toBe(true);
  });
});

describe('finance calculator result', () => {
  const r = calculatorRanges(SETTINGS);
  it('is the amortised payment on amount - deposit + fee with residual, per frequency', () => {
    const state = { amount: 30000, term: 5, interest: 8, deposit: 5000, residual: 6000, frequency: 'monthly' as const };
    const res = calculatorResult(state, r, { financed_fees: 395, monthly_fee: 0, round_up: false });
    const expected = repayment({ amount: 30000, deposit: 5000, establishmentFee: 395, residual: 6000, annualRatePct: 8, years: 5, periodsPerYear: 12 });
    expect(res.payment).toBe(expected);
    expect(res.per).toBe('month');
    expect(res.display).toBe(`$${Math.round(expected).toLocaleString('en-AU')}`);
    expect(res.total).toBe(`$${Math.round(expected * 60 + 6000).toLocaleString('en-AU')}`);
    const weekly = calculatorResult({ ...state, frequency: 'weekly' }, r, { financed_fees: 395, monthly_fee: 0, round_up: false });
    const fortnightly = calculatorResult({ ...state, frequency: 'fortnightly' }, r, { financed_fees: 395, monthly_fee: 0, round_up: false });
    expect(weekly.payment).toBeLessThan(fortnightly.payment);
    expect(fortnightly.payment).toBeLessThan(res.payment);
  });
  it("reads 'Enquire for Finance' with blank totals at 25 or less, and shows 26", () => {
    // 0% interest over 1 year weekly: the payment is the amount / 52.
    const at = (amount: number) =>
      calculatorResult({ amount, term: 1, interest: 0.5, deposit: 0, residual: 0, frequency: 'weekly' }, r, {
        financed_fees: 0,
        monthly_fee: 0,
        round_up: false,
      });
    const find = (target: number) => {
      // Amount whose weekly payment rounds to exactly target (0.5% over 52 weeks).
      let lo = 0;
      let hi = 5000;
      for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2;
        if (at(mid).payment < target) lo = mid;
        else hi = mid;
      }
      return hi;
    };
    const a25 = at(find(25));
    expect(a25.payment).toBe(25);
    expect(a25.display).toBe('Enquire for Finance');
    expect(a25.total).toBe('');
    const a26 = at(find(26));
    expect(a26.payment).toBe(26);
    expect(a26.display).toBe('$26');
    expect(a26.total).not.toBe('');
  });
  it('rounds up to whole dollars for the brand that does', () => {
    const res = calculatorResult({ amount: 30000, term: 5, interest: 8, deposit: 0, residual: 0, frequency: 'weekly' }, r, {
      financed_fees: 0,
      monthly_fee: 0,
      round_up: true,
    });
    expect(Number.isInteger(res.payment)).toBe(true);
  });
});

const entry = (e: Partial<LenderEntry>): LenderEntry => ({ interestRate: 6.29, comparisonRate: 8.19, ...e }) as LenderEntry;
const car = (c: Partial<FinanceCar> = {}): FinanceCar => ({ year: 2024, price: 30000, make: 'Toyota', available: true, ...c });
const show = (provider: FinanceProvider, e: Partial<LenderEntry>, c: Partial<FinanceCar> = {}, hidden: string[] = []) =>
  financeDisplay(car(c), { provider, entry: entry(e) }, { currentYear: 2026, hiddenDealerships: hidden }).show;

describe('finance display eligibility (per provider table)', () => {
  it('needs non-null interestRate and comparisonRate', () => {
    expect(show('360 Finance', {})).toBe('block');
    expect(show('360 Finance', { interestRate: null })).toBe('none');
    expect(show('360 Finance', { comparisonRate: null })).toBe('none');
  });
  it('Taurus: newer than current year - 12, price above 500, available, comparison rate', () => {
    expect(show('Taurus', {}, { year: 2015 })).toBe('block');
    expect(show('Taurus', {}, { year: 2014 })).toBe('none');
    expect(show('Taurus', {}, { price: 500 })).toBe('none');
    expect(show('Taurus', {}, { price: 501 })).toBe('block');
    expect(show('Taurus', {}, { available: false })).toBe('none');
  });
  it('360 Finance and AusLoans: available only', () => {
    expect(show('AusLoans', {}, { price: 0 })).toBe('block');
    expect(show('AusLoans', {}, { available: false })).toBe('none');
    expect(show('360 Finance', {}, { available: false })).toBe('none');
  });
  it('Manual, Angle, Powertorque: price above 500, available, weekly payment', () => {
    for (const p of ['Manual', 'Angle', 'Powertorque'] as const) {
      expect(show(p, { paymentWeek: 120 })).toBe('block');
      expect(show(p, {})).toBe('none');
      expect(show(p, { paymentWeek: 120 }, { price: 500 })).toBe('none');
      expect(show(p, { paymentWeek: 120 }, { available: false })).toBe('none');
    }
  });
  it('Nissan Finance: price above 500, available, monthly payment', () => {
    expect(show('Nissan Finance', { paymentMonth: 520 })).toBe('block');
    expect(show('Nissan Finance', { paymentWeek: 120 })).toBe('none');
  });
  it('Car Clarity shows the disclaimer only', () => {
    expect(show('Car Clarity', { disclaimer: 'Terms apply.' })).toBe('disclaimer');
    expect(show('Car Clarity', {})).toBe('none');
  });
  it('a sold car shows no finance from any provider, Car Clarity included', () => {
    expect(show('Car Clarity', { disclaimer: 'Terms apply.' }, { available: false })).toBe('none');
    expect(show('Nissan Finance', { paymentMonth: 520 }, { available: false })).toBe('none');
  });
  it('is hidden for Suzuki and for the configured dealerships', () => {
    expect(show('AusLoans', {}, { make: 'Suzuki' })).toBe('none');
    expect(show('AusLoans', {}, { dealership_slug: 'southern-motorcycles' }, ['southern-motorcycles'])).toBe('none');
  });
  it('uses the configured provider, else the first the car has in the spec order', () => {
    const lenders = { Manual: entry({}), Taurus: entry({ interestRate: 5 }) };
    expect(chooseLender(lenders, 'Manual')?.provider).toBe('Manual');
    expect(chooseLender(lenders, undefined)?.provider).toBe('Taurus');
    expect(chooseLender(lenders, 'Angle')).toBeUndefined();
  });
});

describe('finance block, quote estimate and disclaimer', () => {
  it('shows the weekly payment in whole dollars, both rates, and No Balloon Payment', () => {
    const b = financeBlock(entry({ paymentWeek: 123.6, deposit: 0, balloon: 0, term: { termMonths: 60 }, offerEnds: '2026-12-31' }));
    expect(b.payment).toEqual({ amount: '$124', per: 'week' });
    expect(b.interest).toBe('6.29% p.a.');
    expect(b.comparison).toBe('8.19% p.a.');
    expect(b.balloon).toBe('No Balloon Payment');
    expect(b.term).toBe('60 months');
    expect(b.offerEnds).toBe('Offer ends 31/12/2026');
    expect(financeBlock(entry({ balloon: 9000 })).balloon).toBe('$9,000');
    expect(COMPARISON_WARNING).toMatch(/^WARNING: This comparison rate is true only for the examples given/);
  });
  it("carries the lender's disclaimer with its figures (short at 197 characters, and full)", () => {
    const terms = `Finance provided by Angle to approved applicants. ${'Fees and charges apply. '.repeat(10)}`.trim();
    const b = financeBlock(entry({ paymentWeek: 99, disclaimer: terms }));
    expect(b.disclaimer).toEqual({ short: `${terms.slice(0, 197)}...`, full: terms, truncated: true });
    expect(financeBlock(entry({ disclaimer: 'Terms apply.' })).disclaimer).toEqual({ short: 'Terms apply.', full: 'Terms apply.', truncated: false });
    expect(financeBlock(entry({ disclaimer: '  ' })).disclaimer).toBeUndefined();
    expect(financeBlock(entry({})).disclaimer).toBeUndefined();
  });
  it("the quote estimate's figure is worked out on the assumptions its label states: 5 years, 10.0% deposit, 30% final payment", () => {
    expect(QUOTE_BASIS).toBe('Based on a 5 year term, 10.0% deposit and 30% final payment.');
    expect(quoteLoan(30000)).toEqual({ amount: 30000, deposit: 3000, residual: 9000, years: 5 });
    const weekly = quoteWeeklyRepayment({ price: 30000, annualRatePct: 8.5, establishmentFee: 395 });
    expect(weekly).toBe(repayment({ amount: 30000, deposit: 3000, residual: 9000, establishmentFee: 395, annualRatePct: 8.5, years: 5, periodsPerYear: 52 }));
    expect(weekly).toBeCloseTo(101.61, 2);
    // Not the full price's payment, which the old label contradicted.
    expect(weekly).toBeLessThan(repayment({ amount: 30000, establishmentFee: 395, annualRatePct: 8.5, years: 5 }));
    expect(quoteBasis(52990)).toBe('Based on a 5 year term, 10.0% deposit ($5,299) and 30% final payment ($15,897) on $52,990.');
    expect(quoteBasis(undefined)).toBe(QUOTE_BASIS);
  });
  it("the default finance disclaimer speaks of the comparison rate's benchmark only, never of the estimate's deposit", () => {
    const text = v.parse(FinanceSchema, {}).disclaimer;
    expect(text).toMatch(/^Comparison rates are based on a 5-year secured fixed loan of \$30,000 with no deposit/);
    expect(text).not.toMatch(/^Finance estimate/);
  });
  it("quote estimate: '...' while loading, '-' when missing, monthly = weekly x 4.33", () => {
    expect(quoteEstimate(undefined, true)).toEqual({ weekly: '...', monthly: '...', advertisedRate: '...', comparisonRate: '...' });
    expect(quoteEstimate(undefined, false)).toEqual({ weekly: '-', monthly: '-', advertisedRate: '-', comparisonRate: '-' });
    const q = quoteEstimate({ weeklyRepaymentAmount: 100, advertisedRate: 6.29, comparisonRate: null }, false);
    expect(q).toEqual({ weekly: '$100', monthly: '$433', advertisedRate: '6.29% p.a.', comparisonRate: '-' });
  });
  it('fetches a quote only when on, missing and the price is positive', () => {
    expect(shouldFetchQuote(true, undefined, 1)).toBe(true);
    expect(shouldFetchQuote(true, undefined, 0)).toBe(false);
    expect(shouldFetchQuote(false, undefined, 100)).toBe(false);
    expect(shouldFetchQuote(true, { weeklyRepaymentAmount: 1, advertisedRate: 1, comparisonRate: 1 }, 100)).toBe(false);
  });
  it('cuts the disclaimer at 197 characters', () => {
    const exact = 'x'.repeat(197);
    expect(disclaimerText(exact)).toEqual({ short: exact, full: exact, truncated: false });
    const long = `${'y'.repeat(197)}z`;
    expect(disclaimerText(long)).toEqual({ short: `${'y'.repeat(197)}...`, full: long, truncated: true });
  });
});
