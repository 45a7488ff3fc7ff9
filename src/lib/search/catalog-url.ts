import { CATALOG_FACETS, CATALOG_PATH, CATALOG_RANGE, type CatalogKind } from './catalog.ts';
import { addRefinement, parseRange, parseRangeEnd } from './url.ts';

/**
 * The state a small search's URL carries: `query`, one parameter per facet (repeated per value),
 * `range[price]=min:max` ($ and commas ignored when read) and a 1-based `page`, on the search's own
 * page (`/special-offers?category=Servicing&range[price]=:40000`). Facet keys are the documents'
 * attributes (`category`, `manufacturer.name`), as the search filters them.
 */
export interface CatalogState {
  query: string;
  /** 1-based; page 1 is not written. */
  page: number;
  refinements: Record<string, string[]>;
  range: { min?: number; max?: number };
}

export function emptyCatalogState(): CatalogState {
  return { query: '', page: 1, refinements: {}, range: {} };
}

const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');

/** The one link builder for the offers, models and parts searches (`parseCatalogUrl` is its inverse). */
export function catalogLink(kind: CatalogKind, state: Partial<CatalogState> = {}): string {
  const parts: string[] = [];
  const query = state.query?.trim() ?? '';
  if (query) parts.push(`query=${enc(query)}`);
  for (const f of CATALOG_FACETS[kind]) for (const v of state.refinements?.[f.attribute] ?? []) parts.push(`${f.param}=${enc(v)}`);
  const rangeAttr = CATALOG_RANGE[kind];
  const r = state.range;
  if (rangeAttr && r && (r.min !== undefined || r.max !== undefined)) parts.push(`range[${rangeAttr}]=${r.min ?? ''}:${r.max ?? ''}`);
  if ((state.page ?? 1) > 1) parts.push(`page=${state.page}`);
  return `${CATALOG_PATH[kind]}${parts.length ? `?${parts.join('&')}` : ''}`;
}

/** The state of a search URL's query string (unknown parameters are ignored). */
export function parseCatalogUrl(kind: CatalogKind, href: string): CatalogState {
  const url = new URL(href, 'https://search.invalid');
  const state = emptyCatalogState();
  const byParam = new Map(CATALOG_FACETS[kind].map((f) => [f.param, f.attribute]));
  const rangeAttr = CATALOG_RANGE[kind];
  for (const [key, value] of url.searchParams) {
    if (key === 'query') state.query = value;
    else if (key === 'page') state.page = Math.max(1, Math.floor(Number(value)) || 1);
    else if (rangeAttr && key === `range[${rangeAttr}]`) state.range = parseRange(value) ?? {};
    // The no-JavaScript form's two number inputs.
    else if (rangeAttr && (key === `range[${rangeAttr}][min]` || key === `range[${rangeAttr}][max]`)) {
      const parsed = parseRangeEnd(key.endsWith('[min]') ? 'min' : 'max', value);
      if (parsed) state.range = { ...state.range, ...parsed };
    } else addRefinement(state.refinements, byParam.get(key), value);
  }
  return state;
}
