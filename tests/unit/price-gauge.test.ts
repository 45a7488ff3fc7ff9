import { describe, expect, it } from 'vitest';
import { computePriceGauge, isComparable, priceGauges, shouldShowPriceGauge, type GaugeVehicle, type PriceGauge } from '../../src/lib/price-gauge/index.ts';

let n = 0;

const car = (over: Partial<GaugeVehicle> = {}): GaugeVehicle => ({
  id: `c${++n}`,
  make: 'Toyota',
  model: 'Corolla',
  year: 2021,
  km: 40000,
  price: 30000,
  ...over,
});

describe('isComparable', () => {
  const base = car({ id: 'base' });
  it('same make and model, any case', () => expect(isComparable(base, car({ make: 'TOYOTA', model: 'corolla ' }))).toBe(true));
  it('not the car itself', () => expect(isComparable(base, { ...base })).toBe(false));
  it('other model or make', () => {
    expect(isComparable(base, car({ model: 'Camry' }))).toBe(false);
    expect(isComparable(base, car({ make: 'Mazda' }))).toBe(false);
  });
  it('year band: 2 years either side', () => {
    expect(isComparable(base, car({ year: 2023 }))).toBe(true);
    expect(isComparable(base, car({ year: 2024 }))).toBe(false);
    expect(isComparable(base, car({ year: 2019 }))).toBe(true);
    expect(isComparable(base, car({ year: null }))).toBe(false);
  });
  it('km band: 20,000 km or 30% of the km, whichever is larger', () => {
    expect(isComparable(base, car({ km: 60000 }))).toBe(true);
    expect(isComparable(base, car({ km: 60001 }))).toBe(false);
    const high = car({ id: 'high', km: 100000 });
    expect(isComparable(high, car({ km: 130000 }))).toBe(true);
    expect(isComparable(high, car({ km: 130001 }))).toBe(false);
    expect(isComparable(base, car({ km: undefined }))).toBe(false);
    expect(isComparable(car({ id: 'new', km: null }), car({ km: 5 }))).toBe(true);
  });
  it('needs a price above 10', () => {
    expect(isComparable(base, car({ price: 10 }))).toBe(false);
    expect(isComparable(base, car({ price: 11 }))).toBe(true);
  });
});

describe('computePriceGauge', () => {
  it('no gauge without a price, model, year or comparable', () => {
    expect(computePriceGauge(car({ price: 0 }), [car()])).toBeNull();
    expect(computePriceGauge(car({ model: undefined }), [car()])).toBeNull();
    expect(computePriceGauge(car({ year: null }), [car()])).toBeNull();
    expect(computePriceGauge(car(), [car({ model: 'Camry' })])).toBeNull();
  });
  it('min..max below 5 comparables, fill by position, confidence n/10', () => {
    const g = computePriceGauge(car({ price: 25000 }), [car({ price: 20000 }), car({ price: 30000 })]);
    expect(g).toEqual({
      fill: 50,
      listing_price: 25000,
      market_range_min: 20000,
      market_range_max: 30000,
      confidence: 0.2,
      description: 'Priced within the market range, based on 2 similar cars in stock.',
    });
  });
  it('10th to 90th percentile from 5 comparables', () => {
    const stock = [10000, 20000, 30000, 40000, 50000].map((price) => car({ price }));
    const g = computePriceGauge(car({ price: 30000 }), stock);
    expect(g?.market_range_min).toBe(14000);
    expect(g?.market_range_max).toBe(46000);
    expect(g?.fill).toBe(50);
    expect(g?.confidence).toBe(0.5);
  });
  it('caps confidence at 1 and clamps fill to 0..100', () => {
    const stock = Array.from({ length: 12 }, (_, i) => car({ price: 20000 + i * 1000 }));
    const cheap = computePriceGauge(car({ price: 15000 }), stock);
    expect(cheap?.confidence).toBe(1);
    expect(cheap?.fill).toBe(0);
    expect(cheap?.description).toMatch(/^Priced below the market range/);
    const dear = computePriceGauge(car({ price: 40000 }), stock);
    expect(dear?.fill).toBe(100);
    expect(dear?.description).toMatch(/^Priced above the market range/);
  });
  it('one comparable: a point range, fill 50', () => {
    const g = computePriceGauge(car({ price: 30000 }), [car({ price: 30000 })]);
    expect(g).toMatchObject({ market_range_min: 30000, market_range_max: 30000, fill: 50, confidence: 0.1 });
    expect(g?.description).toContain('1 similar car in stock');
  });
});

describe('shouldShowPriceGauge (confidence > 0.2 and max >= listing price)', () => {
  const g = (over: Partial<PriceGauge>): PriceGauge => ({
    fill: 50,
    listing_price: 30000,
    market_range_min: 25000,
    market_range_max: 35000,
    confidence: 0.5,
    description: '',
    ...over,
  });
  it('confidence boundary', () => {
    expect(shouldShowPriceGauge(g({ confidence: 0.2 }))).toBe(false);
    expect(shouldShowPriceGauge(g({ confidence: 0.21 }))).toBe(true);
  });
  it('market_range_max boundary', () => {
    expect(shouldShowPriceGauge(g({ market_range_max: 30000 }))).toBe(true);
    expect(shouldShowPriceGauge(g({ market_range_max: 29999 }))).toBe(false);
  });
  it('nothing to show', () => {
    expect(shouldShowPriceGauge(null)).toBe(false);
    expect(shouldShowPriceGauge(undefined)).toBe(false);
  });
  it('2 comparables are not enough, 3 are', () => {
    const two = computePriceGauge(car({ price: 25000 }), [car({ price: 20000 }), car({ price: 30000 })]);
    const three = computePriceGauge(car({ price: 25000 }), [car({ price: 20000 }), car({ price: 30000 }), car({ price: 26000 })]);
    expect(shouldShowPriceGauge(two)).toBe(false);
    expect(shouldShowPriceGauge(three)).toBe(true);
  });
});

describe('price gauge display rule', () => {
  const g = (confidence: number, max: number): PriceGauge => ({
    fill: 50,
    listing_price: 30000,
    market_range_min: 25000,
    market_range_max: max,
    confidence,
    description: '',
  });
  it('needs confidence above 0.2 and market_range_max at least the price', () => {
    expect(shouldShowPriceGauge(g(0.2, 35000))).toBe(false);
    expect(shouldShowPriceGauge(g(0.21, 35000))).toBe(true);
    expect(shouldShowPriceGauge(g(0.5, 30000))).toBe(true);
    expect(shouldShowPriceGauge(g(0.5, 29999))).toBe(false);
    expect(shouldShowPriceGauge(null)).toBe(false);
  });
});

describe('priceGauges (the whole stock at once)', () => {
  it('gives every car the gauge computePriceGauge gives it against the whole stock', () => {
    // A mixed stock: makes and models in varied case and spacing, years, km, missing fields, cheap prices.
    const makes = ['Toyota', 'TOYOTA', 'Mazda', 'Ford'];
    const models = ['Corolla', 'corolla ', 'CX-5', 'Ranger', undefined];
    const stock: GaugeVehicle[] = [];
    for (let i = 0; i < 400; i++)
      stock.push({
        id: `s${i}`,
        make: makes[i % makes.length]!,
        model: models[(i * 7) % models.length],
        year: i % 17 === 0 ? undefined : 2015 + ((i * 3) % 10),
        km: i % 13 === 0 ? null : (i * 7919) % 150_000,
        price: i % 29 === 0 ? 5 : 15_000 + ((i * 104_729) % 60_000),
      });
    const all = priceGauges(stock);
    expect(all.size).toBe(stock.length);
    let shown = 0;
    for (const c of stock) {
      expect(all.get(c.id), c.id).toEqual(computePriceGauge(c, stock));
      if (shouldShowPriceGauge(all.get(c.id))) shown++;
    }
    expect(shown).toBeGreaterThan(50);
  });
});
