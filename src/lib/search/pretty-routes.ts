import type { CarType } from '../schemas/car.ts';
import { bodyTypeLabel } from '../rules/body-type.ts';
import { slugify } from '../utils/slugify.ts';
import type { ListFacet } from './attributes.ts';
import { makeModel, makeOf, modelOf } from './documents.ts';

export interface CarTypeRoute {
  /** Path segment after /search/. */
  path: string;
  title: string;
  carTypes: readonly CarType[];
}

/** The spec's car-type search paths, each pre-rendered with its first page of results. */
export const CAR_TYPE_ROUTES: readonly CarTypeRoute[] = [
  { path: 'new-used-and-demo-cars', title: 'New, Used and Demo Cars', carTypes: ['new', 'used', 'demo'] },
  { path: 'used-cars', title: 'Used Cars', carTypes: ['used'] },
  { path: 'new-and-demo-cars', title: 'New and Demo Cars', carTypes: ['new', 'demo'] },
  { path: 'new-cars', title: 'New Cars', carTypes: ['new'] },
  { path: 'demo-cars', title: 'Demo Cars', carTypes: ['demo'] },
];

export const DEFAULT_SEARCH_PATH = '/search/new-used-and-demo-cars';
export const DEFAULT_ROUTE = CAR_TYPE_ROUTES[0] as CarTypeRoute;

export type Refinements = Partial<Record<ListFacet, string[]>>;

/** One pre-rendered search page: its path after /search/ and the refinements the path stands for. */
export interface SearchRoute {
  path: string;
  kind: 'type' | 'make' | 'model' | 'body' | 'dealership';
  refinements: Refinements;
}

export interface Dealer {
  slug: string;
  name: string;
}

/** "suv" -> "suv", "cabChassis" -> "cab-chassis" (slug of the label shoppers read). */
export function bodySlug(body: string): string {
  return slugify(bodyTypeLabel(body) ?? body);
}

/** The refinements of a car-type path: the three types together mean no car-type refinement. */
export function carTypeRefinement(route: CarTypeRoute): string[] {
  return route.carTypes.length === 3 ? [] : [...route.carTypes];
}

/** The car-type route whose types are exactly these (none or all three: the default route). */
export function carTypeRouteOf(carTypes: readonly string[] | undefined): CarTypeRoute | undefined {
  const set = new Set(carTypes ?? []);
  if (set.size === 0) return DEFAULT_ROUTE;
  return CAR_TYPE_ROUTES.find((r) => r.carTypes.length === set.size && r.carTypes.every((t) => set.has(t)));
}

/**
 * Every pretty path this stock has: car types, each make, each make and model, each body, each
 * dealership. A path that two of them would share keeps the first (in that order); the others are
 * reported in `skipped` and their refinements use the query string instead.
 */
export function searchRoutes(
  docs: readonly { make: string; model?: string | undefined; body?: string | undefined; dealership_name?: string | undefined }[],
  dealers: readonly Dealer[],
): { routes: SearchRoute[]; skipped: { path: string; kind: SearchRoute['kind']; value: string }[] } {
  const routes: SearchRoute[] = [];
  const skipped: { path: string; kind: SearchRoute['kind']; value: string }[] = [];
  const taken = new Set<string>();
  const add = (path: string, kind: SearchRoute['kind'], refinements: Refinements, value: string) => {
    if (!path || taken.has(path)) {
      skipped.push({ path, kind, value });
      return;
    }
    taken.add(path);
    routes.push({ path, kind, refinements });
  };
  for (const r of CAR_TYPE_ROUTES) {
    const types = carTypeRefinement(r);
    add(r.path, 'type', types.length ? { car_type: types } : {}, r.title);
  }
  const makes = [...new Set(docs.map((d) => d.make))].sort();
  for (const make of makes) add(slugify(make), 'make', { make: [make] }, make);
  const models = [...new Set(docs.filter((d) => d.model).map((d) => makeModel(d.make, d.model as string)))].sort();
  for (const mm of models) {
    const make = makeOf(mm);
    add(`${slugify(make)}/${slugify(modelOf(mm))}`, 'model', { make: [make], make_model: [mm] }, mm);
  }
  const bodies = [...new Set(docs.map((d) => d.body).filter((b): b is string => Boolean(b)))].sort();
  for (const body of bodies) add(bodySlug(body), 'body', { body: [body] }, body);
  const stocked = new Set(docs.map((d) => d.dealership_name));
  for (const d of dealers) if (stocked.has(d.name)) add(d.slug, 'dealership', { dealership_name: [d.name] }, d.name);
  return { routes, skipped };
}
