/** Favourites, compare and viewed cars: local lists of small car records (vehicle spec section 3). */
import { persistedAtom, isArrayOf, isRecord } from './persisted.ts';

/** Favourite (stored locally): id, name, slug, make, model, primary_image_url. */
export interface SavedCar {
  id: string;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string;
  /** Compare only: the spec values shown side by side. */
  specs?: Record<string, string> | undefined;
}
const isSavedCar = (x: unknown) => isRecord(x) && typeof x['id'] === 'string' && typeof x['slug'] === 'string';

export const COMPARE_MAX = 4;
export const VIEWED_MAX = 20;

export const $favourites = persistedAtom<SavedCar[]>('dealer:favourites', [], isArrayOf<SavedCar>(isSavedCar));
export const $compare = persistedAtom<SavedCar[]>('dealer:compare', [], isArrayOf<SavedCar>(isSavedCar));

export function isFavourite(id: string): boolean {
  return $favourites.get().some((c) => c.id === id);
}

/** Adds or removes the car; answers whether it is now a favourite. */
export function toggleFavourite(car: SavedCar): boolean {
  const list = $favourites.get();
  const on = !list.some((c) => c.id === car.id);
  $favourites.set(on ? [...list, car] : list.filter((c) => c.id !== car.id));
  return on;
}

/** Adds a car to compare; the list holds at most 4 (adding a fifth drops the oldest). */
export function toggleCompare(car: SavedCar): boolean {
  const list = $compare.get();
  if (list.some((c) => c.id === car.id)) {
    $compare.set(list.filter((c) => c.id !== car.id));
    return false;
  }
  $compare.set([...list, car].slice(-COMPARE_MAX));
  return true;
}

/** Viewed car record: id, stocknum, make, model, body, simple_body. Newest first, no repeats. */
export interface ViewedCar {
  id: string;
  stocknum: string;
  make: string;
  model: string;
  body: string;
  simple_body: string;
}
export const $viewed = persistedAtom<ViewedCar[]>(
  'dealer:viewed',
  [],
  isArrayOf<ViewedCar>((x) => isRecord(x) && typeof x['id'] === 'string'),
);

export function recordView(car: ViewedCar): void {
  $viewed.set([car, ...$viewed.get().filter((c) => c.id !== car.id)].slice(0, VIEWED_MAX));
}
