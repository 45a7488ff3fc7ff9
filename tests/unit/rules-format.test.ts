import { describe, expect, it } from 'vitest';
import { formatCount, formatDollars, formatDollarsAsRead, formatKm, formatNumber, formatRate } from '../../src/lib/rules/format.ts';

// The one number-formatting module: the pages, islands, ingest report and compliance findings all format
// through it, so these are the site's number formats (en-AU grouping).
describe('rules/format', () => {
  it('formatNumber groups thousands and writes a whole number as toLocaleString(en-AU) did', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1329)).toBe('1,329');
    expect(formatNumber(1_234_567)).toBe('1,234,567');
    for (const n of [0, 7, 1000, 45_210, 1_000_000]) expect(formatNumber(n)).toBe(n.toLocaleString('en-AU'));
  });

  it("writes exactly Intl.NumberFormat's en-AU strings, though whole numbers are grouped without it (a browser's first formatter costs)", () => {
    const intlDollars = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
    const intlPlain = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });
    // Every digit count up to the largest safe integer, each sign, the roundings, and what falls to Intl.
    const values: number[] = [
      0,
      -0,
      0.4,
      -0.4,
      0.5,
      -0.5,
      2.5,
      -2.5,
      999.5,
      -999.5,
      1234.49,
      1e21,
      -1e21,
      2 ** 53,
      -(2 ** 53),
      Number.NaN,
      Infinity,
      -Infinity,
    ];
    for (let digits = 1; digits <= 16; digits++) {
      const top = Math.min(10 ** digits - 1, Number.MAX_SAFE_INTEGER);
      for (const n of [10 ** (digits - 1), top, Math.floor(top / 7), Math.floor(top / 3) + 1]) values.push(n, -n);
    }
    // A fixed walk through the common range (prices, kilometres, counts), not random: the test fails the same way each time.
    for (let n = 1; n < 5_000_000; n = Math.floor(n * 1.37) + 1) values.push(n, -n);
    for (const n of values) {
      expect(formatDollars(n), `formatDollars(${n})`).toBe(intlDollars.format(Math.round(n)));
      expect(formatNumber(n), `formatNumber(${n})`).toBe(intlPlain.format(n));
      expect(formatCount(n, 'car', 'cars'), `formatCount(${n})`).toBe(`${intlPlain.format(n)} ${n === 1 ? 'car' : 'cars'}`);
      expect(formatKm(n), `formatKm(${n})`).toBe(`${intlPlain.format(Math.round(n))} km`);
    }
  });

  it('formatCount says the count and its noun, singular only for exactly one', () => {
    expect(formatCount(1, 'review', 'reviews')).toBe('1 review');
    expect(formatCount(0, 'review', 'reviews')).toBe('0 reviews');
    expect(formatCount(2, 'view', 'views')).toBe('2 views');
    expect(formatCount(1329, 'vehicle', 'vehicles')).toBe('1,329 vehicles');
  });

  it('formatKm rounds to whole kilometres and groups them', () => {
    expect(formatKm(45210)).toBe('45,210 km');
    expect(formatKm(100_000)).toBe('100,000 km');
    expect(formatKm(12.4)).toBe('12 km');
    expect(formatKm(1499.5)).toBe('1,500 km');
  });

  it('formatDollarsAsRead keeps the cents a page wrote, where formatDollars rounds to whole dollars', () => {
    expect(formatDollarsAsRead(31990)).toBe('$31,990');
    expect(formatDollarsAsRead(31990.4)).toBe('$31,990.4');
    expect(formatDollarsAsRead(31990.45)).toBe('$31,990.45');
    expect(formatDollars(31990.45)).toBe('$31,990');
    for (const n of [0, 5000, 31990.45, 1_250_000.5]) expect(formatDollarsAsRead(n)).toBe(`$${n.toLocaleString('en-AU')}`);
  });

  it('formatRate writes two decimals and "-" when missing', () => {
    expect(formatRate(6.29)).toBe('6.29% p.a.');
    expect(formatRate(7)).toBe('7.00% p.a.');
    expect(formatRate(undefined)).toBe('-');
    expect(formatRate(null)).toBe('-');
  });
});
