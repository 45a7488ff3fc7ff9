/** src/lib/forms/trade-in.ts: the rego state the trade-in form starts with, the estimate, the offer and the steps. */
import { describe, expect, it } from 'vitest';
import {
  auState,
  defaultRegoState,
  DEFAULT_REGO_STATE,
  contactOf,
  offerValidUntil,
  onlineEstimateAllowed,
  OFFER_ACCEPTED_SUBCATEGORY,
  tradeInEstimate,
  tradeInMaxAgeYears,
  stockMedians,
} from '../../src/lib/forms/trade-in.ts';

describe('defaultRegoState', () => {
  it("is the dealer's own state: the primary location's, else the first location with one", () => {
    expect(defaultRegoState([{ primary: true, address: { state: 'WA' } }])).toBe('WA');
    expect(defaultRegoState([{ address: { state: 'VIC' } }, { primary: true, address: { state: 'NSW' } }])).toBe('NSW');
    expect(defaultRegoState([{ primary: true, address: {} }, { address: { state: 'Tasmania' } }])).toBe('TAS');
  });
  it("falls back to the spec's QLD, never NSW, when no location says", () => {
    expect(DEFAULT_REGO_STATE).toBe('QLD');
    expect(defaultRegoState([])).toBe('QLD');
    expect(defaultRegoState([{ primary: true, address: { state: 'Somewhere' } }])).toBe('QLD');
  });
  it('reads abbreviations and full names in any case', () => {
    expect(auState(' qld ')).toBe('QLD');
    expect(auState('New South Wales')).toBe('NSW');
    expect(auState('Australian Capital Territory')).toBe('ACT');
    expect(auState('')).toBeUndefined();
    expect(auState(undefined)).toBeUndefined();
  });
});

describe('trade-in', () => {
  const now = new Date('2026-11-22');
  it('gives no online estimate over 7 years or 100,000 km', () => {
    expect(onlineEstimateAllowed(2019, 100000, now)).toBe(true);
    expect(onlineEstimateAllowed(2018, 50000, now)).toBe(false);
    expect(onlineEstimateAllowed(2022, 100001, now)).toBe(false);
  });
  it("the spec's variant (features.trade_in_ten_years) estimates up to 10 years; the km limit stays", () => {
    const ten = tradeInMaxAgeYears({ trade_in_ten_years: true });
    expect(ten).toBe(10);
    expect(tradeInMaxAgeYears({ trade_in_ten_years: false })).toBe(7);
    expect(onlineEstimateAllowed(2016, 90000, now, ten)).toBe(true);
    expect(onlineEstimateAllowed(2015, 90000, now, ten)).toBe(false);
    expect(onlineEstimateAllowed(2016, 100001, now, ten)).toBe(false);
    const stock = stockMedians([{ make: 'Mazda', year: 2017, price: 20000 }]);
    expect(tradeInEstimate({ make: 'Mazda', year: 2017, km: 80000 }, 0, stock, now)).toBeUndefined();
    expect(tradeInEstimate({ make: 'Mazda', year: 2017, km: 80000 }, 0, stock, now, ten)).toBeGreaterThan(0);
  });
  it('estimates from the median of our stock of that make within a year, less the adjustments', () => {
    const stock = stockMedians([
      { make: 'Toyota', year: 2021, price: 30000 },
      { make: 'Toyota', year: 2022, price: 40000 },
      { make: 'Toyota', year: 2020, price: 50000 },
      { make: 'Ford', year: 2021, price: 90000 },
    ]);
    expect(stock['toyota|2023']).toBe(40000);
    // median of 30,000 / 40,000 / 50,000 is 40,000; x 0.8 = 32,000
    expect(tradeInEstimate({ make: 'toyota', year: 2021, km: 60000 }, 0, stock, now)).toBe(32000);
    // one "yes" answer: x 0.75
    expect(tradeInEstimate({ make: 'Toyota', year: 2021, km: 60000 }, 1, stock, now)).toBe(30000);
    // 5 years x 15,000 = 75,000 allowed; 95,000 km is 20,000 over: -4%
    expect(tradeInEstimate({ make: 'Toyota', year: 2021, km: 95000 }, 0, stock, now)).toBe(30400);
    expect(tradeInEstimate({ make: 'Toyota', year: 2018, km: 60000 }, 0, stock, now)).toBeUndefined();
    expect(tradeInEstimate({ make: 'Toyota', year: 2021, km: 100001 }, 0, stock, now)).toBeUndefined();
    expect(tradeInEstimate({ make: 'Kia', year: 2021, km: 10000 }, 0, stock, now)).toBeUndefined();
  });
  it('keeps an offer 7 days and accepts with 3. Offer Accepted', () => {
    expect(offerValidUntil(now).toISOString().slice(0, 10)).toBe('2026-11-29');
    expect(OFFER_ACCEPTED_SUBCATEGORY).toBe('3. Offer Accepted');
  });
});

describe('trade-in steps', () => {
  it('repeat the contact fields of the details lead, without empty ones', () => {
    expect(
      contactOf({ name: 'Ann', last_name: '', email: 'a@example.com', phone: '0412345678', odometer: '20,000', terms_conditions: true, opt_in: false }),
    ).toEqual({ name: 'Ann', email: 'a@example.com', phone: '0412345678', terms_conditions: true, opt_in: false });
  });
});
