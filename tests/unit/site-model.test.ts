/** src/lib/site/site-model.ts: the lists of cars the pages show read each car's view, in the default order. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import { availableVehicles, inDefaultOrder, makeSiteModel } from '../../src/lib/site/site-model.ts';
import { testTenant, testVehicle } from './helpers/vehicle.ts';

const NOW = Date.parse('2026-11-22T02:00:00Z') / 1000;

const car = (id: string, extra: Partial<Vehicle> = {}) => testVehicle({ id, ...extra });
const tenant = testTenant();

describe('availableVehicles and inDefaultOrder', () => {
  it('keeps the cars whose view says available, in the default order (custom rank, ties by id)', () => {
    const cars = [
      car('3', { custom_rank: 9 }),
      car('2', { custom_rank: 9 }),
      car('1', { custom_rank: 1 }),
      car('4', { custom_rank: 99, status: 'sold', sold: true }),
      car('5', { custom_rank: 50, status: 'coming_soon' }),
    ];
    const model = makeSiteModel({ tenant, vehicles: cars, now: NOW, built_at: '' });
    expect(availableVehicles(model, cars).map((c) => c.id)).toEqual(['5', '2', '3', '1']);
    expect(inDefaultOrder(cars).map((c) => c.id)).toEqual(['4', '5', '2', '3', '1']);
    // The view decides: a car the view calls unavailable is left out whatever its own fields say.
    const views = { ...model.views, '5': { ...model.views['5']!, available: false } };
    expect(availableVehicles({ views }, cars).map((c) => c.id)).toEqual(['2', '3', '1']);
  });
});

describe('pages decide nothing', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : /\.(astro|tsx?)$/.test(e.name) ? [join(dir, e.name)] : [],
    );
  const sources = ['src/pages', 'src/components'].flatMap(files).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('no page or component asks the listing rules whether a car is available or sold (the view says), nor works out a price display', () => {
    const offenders = sources.filter((s) => /\bisAvailable\b|\bisSold\b|\bpriceDisplay\(/.test(s.text)).map((s) => s.file);
    expect(offenders).toEqual([]);
  });

  it('no page or component sorts cars by custom_rank itself (inDefaultOrder has the tie-break)', () => {
    const offenders = sources.filter((s) => /custom_rank\s*-/.test(s.text)).map((s) => s.file);
    expect(offenders).toEqual([]);
  });
});
