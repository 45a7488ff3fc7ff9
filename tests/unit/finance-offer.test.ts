/**
 * Issue 26, one finance offer per car: the calculator opens on the lender offer the car shows (same
 * first figure), the comparison rate warning is placed once, the sidebar leads with at most three
 * actions, and the compliance check compares a disclaimer's rates and deposit with the offer's.
 */
import { describe, expect, it } from 'vitest';
import { calculatorView } from '../../src/lib/finance/calculator-view.ts';
import { financeBlock } from '../../src/lib/rules/finance-display.ts';
import { calculatorOnOffer, calculatorOnPrice, lenderOfferTerms, termYears, warningPlace } from '../../src/lib/finance/offer.ts';
import { repayment } from '../../src/lib/finance/amortise.ts';
import { disclaimerMismatches, shownNumber, statedFigures } from '../../src/lib/compliance/disclaimer.ts';
import { financeFindings, readPage } from '../../src/lib/compliance/pages.ts';
import { sidebarActions } from '../../src/lib/vdp/sidebar-actions.ts';
import { FinanceSchema, type FinanceSettings } from '../../src/lib/schemas/finance.ts';
import { lenderDisclaimer } from '../../scripts/demo/vdp-extras.ts';
import type { VdpActions } from '../../src/lib/rules/vdp-actions.ts';
import * as v from 'valibot';

const settings = (over: Record<string, unknown> = {}): FinanceSettings =>
  v.parse(FinanceSchema, { provider: 'Angle', default_interest: 12.94, comparison_rate: 13.5, default_term_years: 7, establishment_fee: 495, ...over });

const price = 40490;
const deposit = 4049;
const entry = {
  interestRate: 8.45,
  comparisonRate: 9.12,
  paymentWeek: repayment({ amount: price, deposit, establishmentFee: 495, residual: 0, annualRatePct: 8.45, years: 5, periodsPerYear: 52 }),
  term: { termMonths: 60 },
  deposit,
  balloon: 0,
  establishmentFees: 495,
};

describe('the calculator opens on the offer the car shows', () => {
  it('reads the offer: the car price, deposit, balloon, rate, comparison rate, term in years and the lender fee', () => {
    expect(termYears({ termMonths: 60 })).toBe(5);
    expect(termYears({ termYears: 4 })).toBe(4);
    expect(termYears(undefined)).toBeUndefined();
    expect(lenderOfferTerms(entry, price)).toEqual({ amount: price, deposit, balloon: 0, rate: 8.45, comparison: 9.12, years: 5, financedFees: 495 });
    expect(lenderOfferTerms(entry, null)).toBeUndefined();
    expect(lenderOfferTerms({ ...entry, term: undefined }, price)).toBeUndefined();
  });

  it("its first weekly figure is the offer's, on the offer's numbers, whatever the tenant's defaults", () => {
    const calc = calculatorView(settings(), { dealership: undefined, provider: 'Angle' }, price);
    expect(calc.state.amount).toBe(30000);
    expect(calc.state.interest).toBe(12.94);
    const on = calculatorOnOffer(calc, lenderOfferTerms(entry, price)!, { short: 'd', full: 'd', truncated: false });
    expect(on.state).toMatchObject({ amount: price, deposit, interest: 8.45, term: 5, residual: 0, frequency: 'weekly' });
    expect(on.result.display).toBe(financeBlock(entry).payment?.amount);
    expect(on.rates).toEqual({ interest: '8.45% p.a.', comparison: '9.12% p.a.' });
    expect(on.fees).toEqual([{ label: 'Lender establishment fee', amount: '$495' }]);
  });

  it('a fixed rate or a term list still holds the offer: the fixed rate becomes the offer rate, the list gains its term', () => {
    const fixed = calculatorView(settings({ dealerships: { d: { fixed_rate: 12.94 } }, terms: [1, 2, 3, 7] }), { dealership: 'd', provider: 'Angle' }, price);
    const on = calculatorOnOffer(fixed, lenderOfferTerms(entry, price)!, { short: '', full: '', truncated: false });
    expect(on.ranges.interest).toMatchObject({ min: 8.45, max: 8.45 });
    expect(on.ranges.terms).toEqual([1, 2, 3, 5, 7]);
    expect(on.state.term).toBe(5);
  });

  it("without an offer it opens on the car's price at the tenant's rate", () => {
    const calc = calculatorView(settings(), { dealership: undefined, provider: 'Angle' }, price);
    const on = calculatorOnPrice(calc, price);
    expect(on.state).toMatchObject({ amount: price, interest: 12.94 });
    expect(calculatorOnPrice(calc, undefined)).toBe(calc);
  });
});

describe('the comparison rate warning once a page', () => {
  it('goes to the first offer the page shows', () => {
    expect(warningPlace({ estimate: true, block: true, calculator: true })).toBe('estimate');
    expect(warningPlace({ estimate: false, block: true, calculator: true })).toBe('block');
    expect(warningPlace({ estimate: false, block: false, calculator: true })).toBe('calculator');
    expect(warningPlace({ estimate: false, block: false, calculator: false })).toBeUndefined();
  });
});

describe('the sidebar leads with at most three actions', () => {
  const actions = (over: Partial<VdpActions> = {}): VdpActions => ({
    available: true,
    soldPanel: false,
    save: true,
    favourite: true,
    testDrive: true,
    tradeIn: { href: '/trade' },
    finance: { href: '/finance' },
    historyReport: { href: 'https://ppsr' },
    quote: { calculator: true, sidebar: false, href: '#enquire' },
    print: { href: '/print/a' },
    ...over,
  });
  it('Call, Enquire, then reserve (else a quote, else a test drive); the rest after', () => {
    expect(sidebarActions(actions({ reserve: { href: '/r', label: 'Reserve', deposit: 500 } }), true)).toEqual({
      primary: ['call', 'enquire', 'reserve'],
      secondary: ['test-drive', 'trade-in', 'finance', 'history-report'],
    });
    expect(sidebarActions(actions(), true).primary).toEqual(['call', 'enquire', 'test-drive']);
    expect(sidebarActions(actions(), false).primary).toEqual(['enquire', 'test-drive', 'trade-in']);
    expect(sidebarActions(actions({ available: false }), true)).toEqual({ primary: [], secondary: [] });
  });
});

describe("a lender disclaimer states the offer's own figures", () => {
  const old =
    'Finance provided by Angle to approved applicants. Example based on a 5-year secured fixed loan of $30,000 at 8.95% p.a., comparison rate 9.62% p.a., with no deposit.';
  it('reads the rates and deposit a disclaimer states', () => {
    expect(statedFigures(old)).toEqual({ rates: [8.95], comparisons: [9.62], deposit: 0 });
    expect(statedFigures('at 7.5% p.a. with a deposit of $4,049')).toMatchObject({ rates: [7.5], deposit: 4049 });
    expect(statedFigures('Fees and charges apply.')).toEqual({ rates: [], comparisons: [], deposit: undefined });
    expect(shownNumber('8.45% p.a.')).toBe(8.45);
    expect(shownNumber('$4,049')).toBe(4049);
    expect(shownNumber('no deposit')).toBe(0);
  });
  it('reports each figure that is not the one beside it', () => {
    expect(disclaimerMismatches(old, { rate: 8.45, comparison: 9.12, deposit: 4049 })).toEqual([
      'interest rate 8.95% (shown 8.45%)',
      'comparison rate 9.62% (shown 9.12%)',
      'deposit no deposit (shown $4,049)',
    ]);
    expect(disclaimerMismatches(old, { rate: 8.95, comparison: 9.62, deposit: 0 })).toEqual([]);
  });
  it("the demo's disclaimer is written from the numbers it describes", () => {
    const text = lenderDisclaimer('Angle', { price, deposit, balloon: 0, rate: 8.45, comparison: 9.12, months: 60, fee: 495 });
    expect(disclaimerMismatches(text, { rate: 8.45, comparison: 9.12, deposit })).toEqual([]);
    expect(text).not.toMatch(/true only for the example/);
  });
  it('the page check finds a disclaimer that contradicts its offer, and accepts an offer linking to the one warning', () => {
    const warning = 'WARNING: This comparison rate is true only for the examples given and may not include all fees and charges.';
    const offer = (id: string, inner: string) =>
      `<div data-finance-offer="${id}"><p><span data-finance="repayment">$80</span> per week</p><dl><div><dt>Interest rate</dt><dd data-finance="rate">8.45% p.a.</dd></div><div><dt>Comparison rate*</dt><dd data-finance="comparison">9.12% p.a.</dd></div></dl><dl><div><dt>Deposit</dt><dd data-finance="deposit">$4,049</dd></div></dl>${inner}</div>`;
    const ctx = { car: 'A1 car', today: '2026-11-27' };
    const good = `<html><body>${offer('estimate', `<p data-finance="warning" id="comparison-warning">${warning}</p>`)}${offer('lender', '<p><a href="#comparison-warning" data-finance="warning-link">*See the comparison rate warning</a></p>')}</body></html>`;
    expect(financeFindings(readPage('/cars/a', good), ctx)).toEqual([]);
    const bad = `<html><body>${offer('lender', `<p data-finance="warning">${warning}</p><p data-finance="lender-disclaimer">${old}</p>`)}</body></html>`;
    expect(financeFindings(readPage('/cars/a', bad), ctx)).toMatchObject([{ rule: 'lender-disclaimer-mismatch', severity: 'error' }]);
    const twice = `<html><body>${offer('estimate', `<p data-finance="warning">${warning}</p>`)}${offer('lender', `<p data-finance="warning">${warning}</p>`)}</body></html>`;
    expect(financeFindings(readPage('/cars/a', twice), ctx)).toMatchObject([{ rule: 'comparison-rate-warning-repeated', severity: 'warning' }]);
  });
});
