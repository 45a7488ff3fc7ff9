import { describe, expect, it } from 'vitest';
import { AU_POSTCODES_COUNT, AU_POSTCODES_SOURCE } from '../../functions/data/au-postcodes.ts';
import { lookupPostcode, postcodeCount } from '../../functions/lib/postcodes.ts';

describe('the bundled postcode table (derived from GeoNames)', () => {
  it('has every distinct postcode of the source and credits GeoNames', () => {
    expect(AU_POSTCODES_COUNT).toBe(3312);
    expect(postcodeCount()).toBe(3312);
    expect(AU_POSTCODES_SOURCE).toBe('GeoNames (CC BY 3.0)');
  });
  it('restores leading zeros (source 200 is 0200)', () => {
    expect(lookupPostcode('0200')?.states).toEqual(['ACT']);
    expect(lookupPostcode('200')).toBeUndefined();
    expect(lookupPostcode('0800')?.states).toEqual(['NT']);
  });
  it('lists every state of a postcode spanning several (0872: NT, SA, WA)', () => {
    expect(lookupPostcode('0872')?.states.sort()).toEqual(['NT', 'SA', 'WA']);
  });
  it('has plausible coordinates inside Australia', () => {
    const sydney = lookupPostcode('2000');
    expect(sydney).toMatchObject({ states: ['NSW'], place: 'Sydney' });
    expect(sydney?.latitude).toBeCloseTo(-33.87, 1);
    for (const pc of ['0200', '0872', '3000', '4000', '5000', '6000', '7000']) {
      const p = lookupPostcode(pc);
      expect(p?.latitude).toBeGreaterThan(-44);
      expect(p?.latitude).toBeLessThan(-9);
      expect(p?.longitude).toBeGreaterThan(112);
      expect(p?.longitude).toBeLessThan(154);
    }
  });
  it('knows nothing of unknown postcodes', () => {
    expect(lookupPostcode('0001')).toBeUndefined();
    expect(lookupPostcode('9999')).toBeUndefined();
  });
});
