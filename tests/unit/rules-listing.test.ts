import { describe, expect, it } from 'vitest';
import { isListed } from '../../src/lib/rules/listing.ts';

const NOW = Math.floor(Date.parse('2026-11-22T00:00:00Z') / 1000);

const DAY = 86_400;

describe('isListed', () => {
  it('keeps sold cars for the window (default 3 days, configurable)', () => {
    expect(isListed({ status: 'sold', sold_date_timestamp: NOW - 3 * DAY }, NOW)).toBe(true);
    expect(isListed({ status: 'sold', sold_date_timestamp: NOW - 3 * DAY - 1 }, NOW)).toBe(false);
    expect(isListed({ status: 'sold', sold_date_timestamp: NOW - 5 * DAY }, NOW, 7)).toBe(true);
    expect(isListed({ status: 'in_stock', sold: true, sold_date_timestamp: NOW - DAY }, NOW)).toBe(true);
    expect(isListed({ status: 'in_stock', show_on_dealer_website: false }, NOW)).toBe(false);
  });
});
