import type { HitsBackend, HitsQuery } from './plain-hits.ts';

/** The spec's similar cars: 10 asked, 6 shown. */
export const SIMILAR_ASKED = 10;
export const SIMILAR_SHOWN = 6;
/** Price window: +/-10000 under 50000, else +/-25000. */
export const SIMILAR_PRICE_SPLIT = 50_000;
export const SIMILAR_WINDOW_LOW = 10_000;
export const SIMILAR_WINDOW_HIGH = 25_000;

export interface SimilarFacts {
  id: string;
  make: string;
  model?: string | undefined;
  car_type: string;
  price?: number | null | undefined;
}

export function similarPriceWindow(price: number): number {
  return price < SIMILAR_PRICE_SPLIT ? SIMILAR_WINDOW_LOW : SIMILAR_WINDOW_HIGH;
}

/**
 * The similar-cars query for one car: only in_stock cars, new and demo treated as one type, within
 * the price window, the car itself excluded, 10 asked. A car without a price (0 or none) has no
 * window to centre, so its query has no price bounds.
 */
export function similarCarsQuery(car: SimilarFacts): HitsQuery {
  const types = car.car_type === 'used' ? ['used'] : ['new', 'demo'];
  const price = car.price ?? 0;
  const query: HitsQuery = {
    anyOf: { status: ['in_stock'], car_type: types },
    excludeIds: [car.id],
    limit: SIMILAR_ASKED,
  };
  if (price > 0) {
    const w = similarPriceWindow(price);
    return { ...query, ranges: { price: { min: price - w, max: price + w } } };
  }
  return query;
}

const sameModel = (a: SimilarFacts, b: { make: string; model?: string | undefined }) =>
  a.model !== undefined && b.model !== undefined && a.make.toLowerCase() === b.make.toLowerCase() && a.model.toLowerCase() === b.model.toLowerCase();

/** The 6 shown: same model first (keeping the backend's order within each group), de-duplicated, never the car itself. */
export function pickSimilarCars<T extends { id: string; make: string; model?: string | undefined }>(car: SimilarFacts, hits: readonly T[]): T[] {
  const seen = new Set<string>([car.id]);
  const unique = hits.filter((h) => !seen.has(h.id) && (seen.add(h.id), true));
  const same = unique.filter((h) => sameModel(car, h));
  const others = unique.filter((h) => !sameModel(car, h));
  return [...same, ...others].slice(0, SIMILAR_SHOWN);
}

/** Runs the similar-cars query on a backend (build time: embedded engine or Meilisearch) and picks the 6. */
export async function similarCars(car: SimilarFacts, backend: HitsBackend) {
  return pickSimilarCars(car, await backend.hits(similarCarsQuery(car)));
}
