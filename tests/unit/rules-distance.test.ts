import { describe, expect, it } from 'vitest';
import { distanceKm } from '../../src/lib/rules/distance.ts';

describe('distanceKm', () => {
  it('uses an earth radius of 6371 km', () => {
    expect(distanceKm({ lat: 0, long: 0 }, { lat: 0, long: 1 })).toBeCloseTo((6371 * Math.PI) / 180, 6);
    // Parramatta to Springwood (QLD): about 730 km.
    expect(distanceKm({ lat: -33.806, long: 151.003 }, { lat: -27.613, long: 153.128 })).toBeGreaterThan(700);
  });
});
