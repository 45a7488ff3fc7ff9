/**
 * The price gauge from its model's file (src/lib/price-gauge/market.ts): what a car's page computes
 * from /cars/_market/<make>--<model>.json is what the build and the functions compute from the whole
 * stock, for every car, and one file per model is all a night's arrivals rewrite (issue 25).
 */
import { describe, expect, it } from 'vitest';
import { priceGauges, type GaugeVehicle } from '../../src/lib/price-gauge/index.ts';
import { gaugeFromMarket, gaugeFromModelFiles, marketFiles, marketKey, marketPath, type MarketGroup } from '../../src/lib/price-gauge/market.ts';

/** A stock of 600 cars over a few models, spellings and gaps (no km, no year, no price), reproducible. */
function stock(): GaugeVehicle[] {
  let seed = 7;
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const models: [string, string][] = [
    ['Toyota', 'Corolla'],
    ['TOYOTA', 'corolla '],
    ['Mazda', 'CX-5'],
    ['Mazda', 'CX 5'],
    ['Ford', 'Ranger'],
    ['Kia', ''],
  ];
  return Array.from({ length: 600 }, (_, i) => {
    const [make, model] = models[Math.floor(rand() * models.length)] as [string, string];
    return {
      id: String(1000 + i),
      make,
      model,
      year: rand() < 0.05 ? null : 2014 + Math.floor(rand() * 10),
      km: rand() < 0.1 ? undefined : Math.floor(rand() * 200_000),
      price: rand() < 0.05 ? 0 : 8_000 + Math.floor(rand() * 50_000),
    };
  });
}

describe('the price gauge from its model file', () => {
  it("gives every car the gauge the build computes from the whole stock, read from its own model's file", () => {
    const cars = stock();
    const expected = priceGauges(cars);
    // As the page gets it: the file as JSON, over the network.
    const files = new Map([...marketFiles(cars)].map(([path, groups]) => [path, JSON.parse(JSON.stringify(groups)) as MarketGroup[]]));
    let shown = 0;
    for (const car of cars) {
      const file = files.get(marketPath(car));
      expect(file, car.id).toBeDefined();
      const gauge = gaugeFromMarket(car.id, file ?? []);
      expect(gauge, car.id).toEqual(expected.get(car.id));
      if (gauge) shown++;
    }
    expect(shown).toBeGreaterThan(400);
  });

  it('keeps spellings that share a file name apart: CX-5 and CX 5 are in one file, each its own group', () => {
    const files = marketFiles(stock());
    expect(marketKey({ make: 'Mazda', model: 'CX-5' })).toBe('mazda--cx-5');
    expect(files.get('/cars/_market/mazda--cx-5.json')?.map((g) => g.model)).toEqual(expect.arrayContaining(['cx-5', 'cx 5']));
    // Case and spaces are the same model (the rule compares them case-insensitively, trimmed).
    expect(files.get('/cars/_market/toyota--corolla.json')?.length).toBe(1);
  });

  it('makes a file name of any make and model: URL-safe words, never empty', () => {
    expect(marketKey({ make: ' Mercedes-Benz ', model: 'C 300 e/AMG' })).toBe('mercedes-benz--c-300-e-amg');
    expect(marketKey({ make: '../..', model: undefined })).toBe('x--x');
    expect(marketPath({ make: 'Kia', model: 'Sportage' })).toBe('/cars/_market/kia--sportage.json');
  });

  it('is used unless the tenant asks AutoGrab (its answer comes from the functions)', () => {
    expect(gaugeFromModelFiles({ features: { price_gauge: true }, plugins: { autogauge: false } })).toBe(true);
    expect(gaugeFromModelFiles({ features: { price_gauge: true }, plugins: { autogauge: true } })).toBe(false);
    expect(gaugeFromModelFiles({ features: { price_gauge: false }, plugins: { autogauge: false } })).toBe(false);
  });

  it('has no gauge for a car its file does not hold', () => {
    expect(gaugeFromMarket('nosuch', [{ make: 'kia', model: 'rio', cars: [['1', 20_000, 2020, 10_000]] }])).toBeNull();
  });
});
