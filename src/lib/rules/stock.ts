/**
 * The one definition of "vehicles in stock" that every count on the site uses (home, Our Stock, the
 * search pages, brands and brand overviews, model and location pages): the cars the stock search
 * lists. That is every listed car (isListed: in stock or coming soon, or sold within the recent-sold
 * window, which the spec keeps in the list with its SOLD tag) except one with a status the spec does
 * not name (inStockSearch). A number printed beside a link into the search is therefore the number of
 * cars that search shows.
 */
import { inStockSearch, type ListingFacts } from './listing.ts';
import { formatCount } from './format.ts';

export interface StockFacts extends ListingFacts {
  /** The build's isListed verdict for the car (src/lib/model/vehicle.ts). */
  listed: boolean;
}

/** Whether a car counts as in stock: listed, and offered by the stock search. */
export function isInStock(car: StockFacts): boolean {
  return car.listed && inStockSearch(car);
}

/** The cars of these that count as in stock, in their given order. */
export function inStock<V extends StockFacts>(cars: readonly V[]): V[] {
  return cars.filter(isInStock);
}

/** How many of these cars are in stock. */
export function stockCount(cars: readonly StockFacts[]): number {
  let n = 0;
  for (const car of cars) if (isInStock(car)) n++;
  return n;
}

/** "1,329 vehicles" (en-AU grouping; "1 vehicle"). */
export function vehiclesLabel(n: number, noun: readonly [string, string] = ['vehicle', 'vehicles']): string {
  return formatCount(n, noun[0], noun[1]);
}
