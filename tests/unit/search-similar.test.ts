import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../../src/lib/search/engine/engine.ts';
import type { SearchDoc } from '../../src/lib/search/documents.ts';
import { embeddedHits, hitsFilters, meiliFilter } from '../../src/lib/search/plain-hits.ts';
import { SIMILAR_ASKED, SIMILAR_SHOWN, pickSimilarCars, similarCars, similarCarsQuery } from '../../src/lib/search/similar.ts';

const car = (id: string, over: Partial<SearchDoc> = {}): SearchDoc => ({
  id,
  rank: 0,
  slug: `car-${id}`,
  make: 'Toyota',
  model: 'HiLux',
  car_type: 'used',
  status: 'in_stock',
  sold: false,
  reserved: false,
  preorder: false,
  certified: false,
  price: 40_000,
  ...over,
});

describe('similarCarsQuery', () => {
  it('asks 10 in-stock cars of the same type in the price window, without the car itself', () => {
    expect(similarCarsQuery({ id: '7', make: 'Toyota', car_type: 'used', price: 30_000 })).toEqual({
      anyOf: { status: ['in_stock'], car_type: ['used'] },
      excludeIds: ['7'],
      ranges: { price: { min: 20_000, max: 40_000 } },
      limit: SIMILAR_ASKED,
    });
    expect(SIMILAR_ASKED).toBe(10);
  });

  it('treats new and demo as one type', () => {
    expect(similarCarsQuery({ id: '1', make: 'Kia', car_type: 'new', price: 30_000 }).anyOf?.['car_type']).toEqual(['new', 'demo']);
    expect(similarCarsQuery({ id: '1', make: 'Kia', car_type: 'demo', price: 30_000 }).anyOf?.['car_type']).toEqual(['new', 'demo']);
  });

  it('uses +/-10000 under 50000 and +/-25000 from 50000', () => {
    expect(similarCarsQuery({ id: '1', make: 'Kia', car_type: 'used', price: 49_999 }).ranges).toEqual({ price: { min: 39_999, max: 59_999 } });
    expect(similarCarsQuery({ id: '1', make: 'Kia', car_type: 'used', price: 50_000 }).ranges).toEqual({ price: { min: 25_000, max: 75_000 } });
  });

  it('has no price window for a car without a price', () => {
    expect(similarCarsQuery({ id: '1', make: 'Kia', car_type: 'used', price: 0 }).ranges).toBeUndefined();
    expect(similarCarsQuery({ id: '1', make: 'Kia', car_type: 'used', price: null }).ranges).toBeUndefined();
  });

  it('reads as the same filter on both backends', () => {
    const q = similarCarsQuery({ id: '7', make: 'Toyota', car_type: 'new', price: 30_000 });
    expect(meiliFilter(q)).toEqual(['status = "in_stock"', 'car_type = "new" OR car_type = "demo"', 'id != "7"', 'price >= 20000', 'price <= 40000']);
    expect(hitsFilters(q)).toEqual({
      facetFilters: [['status:in_stock'], ['car_type:new', 'car_type:demo'], ['id:-7']],
      numericFilters: ['price>=20000', 'price<=40000'],
    });
  });
});

describe('pickSimilarCars', () => {
  it('puts the same model first, drops duplicates and the car itself, and shows 6', () => {
    const me = { id: '1', make: 'Toyota', model: 'HiLux', car_type: 'used', price: 40_000 };
    const hits = [
      { id: '2', make: 'Ford', model: 'Ranger' },
      { id: '1', make: 'Toyota', model: 'HiLux' },
      { id: '3', make: 'Toyota', model: 'hilux' },
      { id: '2', make: 'Ford', model: 'Ranger' },
      { id: '4', make: 'Isuzu', model: 'D-Max' },
      { id: '5', make: 'Toyota', model: 'HiLux' },
      { id: '6', make: 'Mazda', model: 'BT-50' },
      { id: '7', make: 'Nissan', model: 'Navara' },
      { id: '8', make: 'Mitsubishi', model: 'Triton' },
      { id: '9', make: 'Lexus', model: 'HiLux' },
    ];
    expect(pickSimilarCars(me, hits).map((h) => h.id)).toEqual(['3', '5', '2', '4', '6', '7']);
    expect(SIMILAR_SHOWN).toBe(6);
  });
});

describe('similar cars on the embedded backend', () => {
  it('runs the query through the engine: in stock, same type, in the window, default order', async () => {
    const docs = [
      car('1', { price: 45_000 }),
      car('2', { price: 52_000, model: 'RAV4' }),
      car('3', { price: 56_000 }),
      car('4', { price: 30_000, status: 'sold', sold: true }),
      car('5', { price: 50_000, car_type: 'new' }),
      car('6', { price: 36_000, model: 'Corolla' }),
      car('7', { price: 35_000 }),
    ].map((d, rank) => ({ ...d, rank }));
    const engine = new SearchEngine(docs);
    const picked = await similarCars({ id: '1', make: 'Toyota', model: 'HiLux', car_type: 'used', price: 45_000 }, embeddedHits(engine));
    // Window 35000..55000: 2, 6, 7 (3 is outside, 4 sold, 5 new); HiLux 7 first.
    expect(picked.map((d) => d.id)).toEqual(['7', '2', '6']);
  });
});
