import { describe, expect, it } from 'vitest';
import { amortisedPayment, comparisonRate, FREQUENCIES, isDisplayableRepayment, repayment } from '../../src/lib/finance/amortise.ts';

describe('amortisedPayment', () => {
  it('matches the textbook formula (30,000 at 6% over 60 months = 579.98)', () => {
    expect(amortisedPayment(30000, 0.06 / 12, 60)).toBeCloseTo(579.98, 2);
  });
  it('divides evenly at 0%', () => {
    expect(amortisedPayment(12000, 0, 12)).toBe(1000);
  });
  it('leaves the residual owing', () => {
    const n = 60;
    const i = 0.08 / 12;
    const p = amortisedPayment(30000, i, n, 9000);
    // Balance after n payments equals the residual.
    let balance = 30000;
    for (let k = 0; k < n; k++) balance = balance * (1 + i) - p;
    expect(balance).toBeCloseTo(9000, 6);
  });
  it('refuses zero periods', () => {
    expect(() => amortisedPayment(1000, 0.01, 0)).toThrow(RangeError);
  });
});

describe('repayment', () => {
  it('finances amount minus deposit plus establishment fee, per period', () => {
    const direct = amortisedPayment(30000 - 5000 + 395, 0.085 / 52, 5 * 52);
    expect(repayment({ amount: 30000, deposit: 5000, establishmentFee: 395, annualRatePct: 8.5, years: 5, periodsPerYear: FREQUENCIES.weekly })).toBe(
      Math.round(direct * 100) / 100,
    );
  });
  it('defaults to weekly and rounds to cents, or up to whole dollars', () => {
    expect(repayment({ amount: 30000, annualRatePct: 10, years: 5 })).toBe(Math.round(amortisedPayment(30000, 0.1 / 52, 260) * 100) / 100);
    expect(repayment({ amount: 30000, annualRatePct: 10, years: 5, roundUp: true })).toBe(Math.ceil(amortisedPayment(30000, 0.1 / 52, 260)));
  });
  it('treats a negative amount as 0 and a deposit covering the price as no loan', () => {
    expect(repayment({ amount: -5, annualRatePct: 10, years: 5 })).toBe(0);
    expect(repayment({ amount: 1000, deposit: 2000, annualRatePct: 10, years: 5 })).toBe(0);
  });
  it('monthly, fortnightly and weekly frequencies', () => {
    const monthly = repayment({ amount: 30000, annualRatePct: 6, years: 5, periodsPerYear: FREQUENCIES.monthly });
    expect(monthly).toBeCloseTo(579.98, 2);
    const fortnightly = repayment({ amount: 30000, annualRatePct: 6, years: 5, periodsPerYear: FREQUENCIES.fortnightly });
    expect(fortnightly).toBeLessThan(monthly / 2 + 1);
    expect(fortnightly).toBeGreaterThan(monthly / 2.3);
  });
});

describe('isDisplayableRepayment', () => {
  it('hides payments of 25 or less (Enquire for Finance)', () => {
    expect(isDisplayableRepayment(25)).toBe(false);
    expect(isDisplayableRepayment(25.01)).toBe(true);
  });
});

describe('comparisonRate', () => {
  it('equals the advertised rate without fees', () => {
    expect(comparisonRate({ annualRatePct: 6.29 })).toBe(6.29);
  });
  it('rises with an establishment fee (the spec sample: 6.29% advertised, a higher comparison rate)', () => {
    const rate = comparisonRate({ annualRatePct: 6.29, establishmentFee: 990, monthlyFee: 8 });
    expect(rate).toBeGreaterThan(6.29);
    expect(rate).toBeLessThan(8.5);
  });
  it('uses the $30,000 5-year benchmark by default', () => {
    expect(comparisonRate({ annualRatePct: 8.5, establishmentFee: 395 })).toBe(
      comparisonRate({ annualRatePct: 8.5, establishmentFee: 395, amount: 30000, years: 5 }),
    );
  });
});
