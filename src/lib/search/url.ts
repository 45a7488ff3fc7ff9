import { readAmount } from '../rules/format.ts';
import { slugify } from '../utils/slugify.ts';
import { LIST_FACETS, RANGE_FACETS, type ListFacet, type RangeFacet } from './attributes.ts';
import { makeOf, modelOf } from './documents.ts';
import { bodySlug, carTypeRouteOf, DEFAULT_ROUTE, type Dealer, type Refinements, type SearchRoute } from './pretty-routes.ts';
import { DEFAULT_SORT, isSortKey, type SortKey } from './sort.ts';

/**
 * The search state a URL carries (the router's route state): a pretty path for car type, make,
 * make and model, body or dealership, and the rest in the query string: query, page, sortBy, one
 * parameter per facet (repeated for several values) and range[price]=min:max.
 */
export interface SearchState {
  query: string;
  /** 1-based; page 1 is not written. */
  page: number;
  sortBy: SortKey;
  refinements: Refinements;
  ranges: Partial<Record<RangeFacet, { min?: number; max?: number }>>;
}

/** URL parameter per facet attribute (shorter names where the attribute is long). */
export const FACET_PARAMS: Readonly<Record<ListFacet, string>> = {
  car_type: 'car_type',
  make: 'make',
  make_model: 'model',
  body: 'body',
  fuel: 'fuel',
  transmission: 'transmission',
  drive: 'drive',
  colour: 'colour',
  seats: 'seats',
  location_name: 'location',
  state: 'state',
  year: 'year',
  tag: 'tag',
  certified: 'certified',
  dealership_name: 'dealership',
};

export function emptyState(): SearchState {
  return { query: '', page: 1, sortBy: DEFAULT_SORT, refinements: {}, ranges: {} };
}

export interface UrlContext {
  dealers: readonly Dealer[];
  /** Pretty paths that were not built (a collision kept another page there). */
  skipped?: ReadonlySet<string> | undefined;
}

const values = (r: Refinements, k: ListFacet) => r[k] ?? [];

/** The pretty path for a state and the refinements that path already says. */
export function prettyPath(state: Pick<SearchState, 'refinements'>, ctx: UrlContext): { path: string; consumed: Refinements } {
  const r = state.refinements;
  const ok = (path: string) => !ctx.skipped?.has(path);
  const makes = values(r, 'make');
  if (makes.length === 1) {
    const make = makes[0] as string;
    const models = values(r, 'make_model');
    const makePath = slugify(make);
    if (models.length === 1 && makeOf(models[0] as string) === make) {
      const path = `${makePath}/${slugify(modelOf(models[0] as string))}`;
      if (ok(path)) return { path, consumed: { make: [make], make_model: [...models] } };
    }
    if (ok(makePath)) return { path: makePath, consumed: { make: [make] } };
  }
  const typeRoute = carTypeRouteOf(values(r, 'car_type'));
  if (typeRoute && typeRoute !== DEFAULT_ROUTE) return { path: typeRoute.path, consumed: { car_type: [...values(r, 'car_type')] } };
  const bodies = values(r, 'body');
  if (bodies.length === 1 && ok(bodySlug(bodies[0] as string))) return { path: bodySlug(bodies[0] as string), consumed: { body: [...bodies] } };
  const dealerships = values(r, 'dealership_name');
  const dealer = dealerships.length === 1 ? ctx.dealers.find((d) => d.name === dealerships[0]) : undefined;
  if (dealer && ok(dealer.slug)) return { path: dealer.slug, consumed: { dealership_name: [...dealerships] } };
  return { path: DEFAULT_ROUTE.path, consumed: typeRoute === DEFAULT_ROUTE ? { car_type: [...values(r, 'car_type')] } : {} };
}

const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');

/** Refinements minus what the path already says. */
function remaining(r: Refinements, consumed: Refinements): Refinements {
  const out: Refinements = {};
  for (const k of LIST_FACETS) {
    const used = new Set(consumed[k] ?? []);
    const rest = values(r, k).filter((v) => !used.has(v));
    if (rest.length) out[k] = rest;
  }
  return out;
}

/** "/search/toyota/hilux?colour=White&range[price]=20000:50000&sortBy=price_desc&page=2" */
export function searchUrl(state: SearchState, ctx: UrlContext): string {
  const { path, consumed } = prettyPath(state, ctx);
  const parts: string[] = [];
  if (state.query.trim()) parts.push(`query=${enc(state.query.trim())}`);
  const rest = remaining(state.refinements, consumed);
  for (const k of LIST_FACETS) for (const v of rest[k] ?? []) parts.push(`${FACET_PARAMS[k]}=${enc(v)}`);
  for (const k of RANGE_FACETS) {
    const range = state.ranges[k];
    if (range && (range.min !== undefined || range.max !== undefined)) parts.push(`range[${k}]=${range.min ?? ''}:${range.max ?? ''}`);
  }
  if (state.sortBy !== DEFAULT_SORT) parts.push(`sortBy=${state.sortBy}`);
  if (state.page > 1) parts.push(`page=${state.page}`);
  return `/search/${path}${parts.length ? `?${parts.join('&')}` : ''}`;
}

/**
 * The link into the search for these refinements (and optionally a query, sort, ranges or page): the
 * one way pages build a search href, so it is always the URL `parseSearchUrl` reads back as the same
 * state. Locations, body types, makes and models, dealerships, car types, breadcrumbs and footer links
 * all go through here (or `searchUrl` itself, the router's createURL).
 */
export function searchLink(refinements: Refinements, ctx: UrlContext, rest: Partial<Omit<SearchState, 'refinements'>> = {}): string {
  return searchUrl({ ...emptyState(), ...rest, refinements }, ctx);
}

/** The whole stock's search (/search/new-used-and-demo-cars), for pages that link to all of it. */
export function allStockLink(): string {
  return searchLink({}, { dealers: [] });
}

/**
 * The search state of a search href ("/search/toyota/hilux?colour=White"), or undefined when its path
 * is not one of the pre-rendered search pages (`routes`, from `searchRoutes`): the path gives the page's
 * own refinements and the query string the rest. `searchUrl` is its inverse.
 */
export function parseSearchUrl(href: string, routes: readonly SearchRoute[]): SearchState | undefined {
  const url = new URL(href, 'https://search.invalid');
  const m = /^\/search\/(.+?)\/?$/.exec(url.pathname);
  if (!m) return undefined;
  const path = decodeURIComponent(m[1] as string);
  const route = routes.find((r) => r.path === path);
  return route ? parseSearchQuery(url.search, route.refinements) : undefined;
}

/** range[price]=min:max with $ and commas removed. */
export function parseRange(text: string): { min?: number; max?: number } | undefined {
  const [a, b] = text.split(':');
  const min = readAmount(a);
  const max = readAmount(b);
  if (min === undefined && max === undefined) return undefined;
  const out: { min?: number; max?: number } = {};
  if (min !== undefined) out.min = min;
  if (max !== undefined) out.max = max;
  return out;
}

/** One end of a range from the no-JavaScript form's two number inputs (`range[price][min]`, `[max]`). */
export function parseRangeEnd(end: 'min' | 'max', value: string): { min?: number; max?: number } | undefined {
  return parseRange(end === 'min' ? `${value}:` : `:${value}`);
}

/** A facet parameter read from a URL: its value added once to its attribute's list (an empty value refines nothing). */
export function addRefinement<K extends string>(refinements: Partial<Record<K, string[]>>, attr: K | undefined, value: string): void {
  if (attr === undefined || value === '') return;
  const list = refinements[attr] ?? [];
  if (!list.includes(value)) list.push(value);
  refinements[attr] = list;
}

/** The state of a search URL on the page whose pretty path is `base` (its own refinements). */
export function parseSearchQuery(search: string, base: Refinements): SearchState {
  const state = emptyState();
  state.refinements = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, [...(v ?? [])]])) as Refinements;
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const byParam = new Map(Object.entries(FACET_PARAMS).map(([attr, param]) => [param, attr as ListFacet]));
  for (const [key, value] of params) {
    if (key === 'query') state.query = value;
    else if (key === 'page') state.page = Math.max(1, Math.floor(Number(value)) || 1);
    else if (key === 'sortBy') state.sortBy = isSortKey(value) ? value : DEFAULT_SORT;
    else {
      const range = /^range\[(\w+)\](?:\[(min|max)\])?$/.exec(key);
      if (range) {
        const attr = range[1] as RangeFacet;
        const end = range[2] as 'min' | 'max' | undefined;
        // range[price][min]/[max]: the no-JavaScript price range form's two number inputs.
        const parsed = !(RANGE_FACETS as readonly string[]).includes(attr) ? undefined : end ? parseRangeEnd(end, value) : parseRange(value);
        if (parsed) state.ranges[attr] = end ? { ...state.ranges[attr], ...parsed } : parsed;
        continue;
      }
      addRefinement(state.refinements, byParam.get(key), value);
    }
  }
  return state;
}

/** Two states say the same search (for deciding between a history push and a replace). */
export function sameSearch(a: SearchState, b: SearchState, ctx: UrlContext): boolean {
  return searchUrl(a, ctx) === searchUrl(b, ctx);
}
