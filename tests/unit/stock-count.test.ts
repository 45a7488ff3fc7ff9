import { describe, expect, it } from 'vitest';
import { inStock, isInStock, stockCount, vehiclesLabel } from '../../src/lib/rules/stock.ts';
import { isListed } from '../../src/lib/rules/listing.ts';
import { toSearchDocs } from '../../src/lib/search/documents.ts';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';

const NOW = Math.floor(Date.parse('2026-11-22T00:00:00Z') / 1000);
const DAY = 86_400;

type Car = Parameters<typeof isListed>[0] & { id: string };
const cars: Car[] = [
  { id: 'a', status: 'in_stock' },
  { id: 'b', status: 'coming_soon' },
  { id: 'c', status: 'sold', sold_date_timestamp: NOW - DAY }, // just sold: still in the stock list with its SOLD tag
  { id: 'd', status: 'sold', sold_date_timestamp: NOW - 10 * DAY }, // gone
  { id: 'e', status: 'under_offer' as Car['status'] }, // its page stays, the stock search leaves it out
  { id: 'f', status: 'in_stock', show_on_dealer_website: false },
];
const withListed = cars.map((c) => ({ ...c, listed: isListed(c, NOW) }));

describe('vehicles in stock (the one definition every count uses)', () => {
  it('counts what the stock search lists: in stock, coming soon and just sold; not other statuses, hidden or long-sold cars', () => {
    expect(withListed.filter(isInStock).map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(stockCount(withListed)).toBe(3);
    expect(inStock(withListed).map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(stockCount([])).toBe(0);
  });

  it('is the count of the search documents, so a number beside a link into the search is what the search shows', () => {
    const vehicles = withListed.map(
      (c, i) => ({ ...c, custom_rank: 0, created_at: i, make: 'Toyota', model: 'HiLux', car_type: 'used', photos: [] }) as unknown as Vehicle,
    );
    const { docs } = toSearchDocs(vehicles, {});
    expect(docs.map((d) => d.id).sort()).toEqual(['a', 'b', 'c']);
    expect(docs).toHaveLength(stockCount(vehicles));
  });

  it('labels a count in Australian English', () => {
    expect(vehiclesLabel(1)).toBe('1 vehicle');
    expect(vehiclesLabel(1318)).toBe('1,318 vehicles');
    expect(vehiclesLabel(2, ['car', 'cars'])).toBe('2 cars');
  });
});
