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
