import { describe, expect, it } from 'vitest';
import {
  FUEL_DISTANCE_DEFAULT,
  FUEL_PRICE_DEFAULT,
  fuelEconomy,
  isFuelCalculatorShown,
  parseFuelInput,
  weeklyFuelCost,
} from '../../src/lib/rules/fuel-cost.ts';

describe('fuel calculator', () => {
  it('defaults 1.70 and 250 kms; strips $, kms and commas; 2 decimals', () => {
    expect([FUEL_PRICE_DEFAULT, FUEL_DISTANCE_DEFAULT]).toEqual(['1.70', '250']);
    expect(parseFuelInput('$1.70')).toBe(1.7);
    expect(parseFuelInput('1,250 kms')).toBe(1250);
    expect(weeklyFuelCost('250', '1.70', 8)).toBe('34.00');
    expect(weeklyFuelCost('250 kms', '$1.95', 6.3)).toBe('30.71');
    expect(weeklyFuelCost('abc', '1.70', 8)).toBeUndefined();
  });
  it('falls back to 10 L/100km and is hidden for electric only', () => {
    expect(fuelEconomy(undefined)).toBe(10);
    expect(fuelEconomy(null)).toBe(10);
    expect(fuelEconomy(5.4)).toBe(5.4);
    expect(isFuelCalculatorShown({ fuel: 'Electric', simple_fuel: 'Electric' })).toBe(false);
    expect(isFuelCalculatorShown({ fuel: 'Hybrid (Petrol/Electric)', simple_fuel: 'Hybrid' })).toBe(true);
    expect(isFuelCalculatorShown({ fuel: 'Diesel' })).toBe(true);
  });
});
