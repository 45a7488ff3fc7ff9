import { describe, expect, it } from 'vitest';
import { cardTag, isJustArrived } from '../../src/lib/rules/card-tag.ts';
import { isListed } from '../../src/lib/rules/listing.ts';

const NOW = Math.floor(Date.parse('2026-11-22T00:00:00Z') / 1000);

const DAY = 86_400;

describe('cardTag precedence', () => {
  const base = { make: 'Toyota', car_type: 'used', status: 'in_stock' as const, now: NOW };
  const opts = { fuelTags: true, certifiedBadge: true };
  it('follows fuel, reserved, certified, custom, coming soon, just arrived', () => {
    expect(cardTag({ ...base, fuel: 'Hybrid', reserved: true }, opts)?.text).toBe('HYBRID');
    expect(cardTag({ ...base, fuel: 'Hybrid', reserved: true }, {})?.text).toBe('RESERVED');
    expect(cardTag({ ...base, certified: true, tag: 'Test Drive Only' }, opts)?.text).toBe('CERTIFIED');
    expect(cardTag({ ...base, make: 'Kia', certified: true, tag: 'Test Drive Only' }, opts)?.text).toBe('Test Drive Only');
    // The badge is for the brand's certified used cars: a certified demo car keeps its own tag.
    expect(cardTag({ ...base, car_type: 'demo', certified: true, tag: 'Test Drive Only' }, opts)?.text).toBe('Test Drive Only');
    expect(cardTag({ ...base, status: 'coming_soon' }, opts)?.text).toBe('COMING SOON');
    expect(cardTag({ ...base, just_arrived: isJustArrived(NOW - 8 * DAY, NOW) }, opts)?.text).toBe('New Arrival');
    expect(cardTag({ ...base, just_arrived: isJustArrived(NOW - 8 * DAY - 1, NOW) }, opts)).toBeUndefined();
    expect(cardTag({ ...base, status: 'sold', reserved: true }, opts)?.text).toBe('JUST SOLD');
  });
});

describe('tags and listing windows', () => {
  const base = { make: 'Kia', car_type: 'used', status: 'in_stock' as const };
  it('just arrived within 8 days (default), not after', () => {
    expect(isJustArrived(NOW - 8 * DAY, NOW)).toBe(true);
    expect(isJustArrived(NOW - 8 * DAY - 1, NOW)).toBe(false);
    expect(isJustArrived(NOW + DAY, NOW)).toBe(false);
    expect(isJustArrived(NOW - 10 * DAY, NOW, 14)).toBe(true);
    expect(cardTag({ ...base, just_arrived: true }, {})?.text).toBe('New Arrival');
    expect(cardTag({ ...base, just_arrived: false }, {})).toBeUndefined();
    expect(cardTag({ ...base, status: 'coming_soon' }, {})?.text).toBe('COMING SOON');
    expect(cardTag({ ...base, status: 'sold' }, {})?.text).toBe('JUST SOLD');
  });
  it('sold cars stay listed for 3 days by default', () => {
    expect(isListed({ status: 'sold', sold_date_timestamp: NOW - 3 * DAY }, NOW)).toBe(true);
    expect(isListed({ status: 'sold', sold_date_timestamp: NOW - 3 * DAY - 1 }, NOW)).toBe(false);
  });
});
