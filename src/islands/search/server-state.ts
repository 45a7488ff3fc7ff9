import type { InstantSearchServerState } from 'react-instantsearch';
import type { DealerSearchClient } from '../../lib/search/client.ts';
import type { Refinements } from '../../lib/search/pretty-routes.ts';
import { LIST_FACETS } from '../../lib/search/attributes.ts';

/**
 * The search island's server state without its results. InstantSearch hydrates from the first page
 * of results the build computed (getServerState); sent as the island's props, those results (every
 * hit's fields and the facet counts: 2-3.5 KB brotli) came with the search page's HTML, which
 * already shows them. On the embedded index the browser gets exactly the same results by asking the
 * same requests of the same index, which the page fetches with the island's code when the search starts: so
 * the props keep what InstantSearch asked (state, requestParams) and the browser re-runs it before
 * hydrating (restoreResults). Meilisearch answers live, so its tenants keep the results.
 */
type Initial = InstantSearchServerState['initialResults'];
type IndexState = Initial[string];

export function withoutResults(state: InstantSearchServerState): InstantSearchServerState {
  const initialResults = Object.fromEntries(Object.entries(state.initialResults).map(([id, s]) => [id, { ...s, results: [] }])) as Initial;
  return { ...state, initialResults };
}

/** Whether some index of the state lacks its results (a withoutResults state). */
export function lacksResults(state: InstantSearchServerState): boolean {
  return Object.values(state.initialResults).some((s) => (s.results ?? []).length === 0 && (s.requestParams ?? []).length > 0);
}

/** The state with each index's results asked again of `client`, with the requests InstantSearch made at build time. */
export async function restoreResults(state: InstantSearchServerState, client: DealerSearchClient): Promise<InstantSearchServerState> {
  const entries = await Promise.all(
    Object.entries(state.initialResults).map(async ([id, s]): Promise<[string, IndexState]> => {
      if ((s.results ?? []).length > 0 || !s.requestParams?.length) return [id, s];
      const indexName = (s.state as { index?: string }).index ?? id;
      const { results } = await client.search(s.requestParams.map((params) => ({ indexName, params })) as Parameters<DealerSearchClient['search']>[0]);
      return [id, { ...s, results } as IndexState];
    }),
  );
  return { ...state, initialResults: Object.fromEntries(entries) as Initial };
}

/** Build side: the full state of each search page being rendered (its island's props carry withoutResults of it). */
const full = new Map<string, InstantSearchServerState>();

export function rememberServerState(path: string, state: InstantSearchServerState): void {
  full.set(path, state);
}

export function rememberedServerState(path: string): InstantSearchServerState | undefined {
  return full.get(path);
}

/**
 * The facets a search page's first render shows without counts: those of the attributes its pretty
 * path refines. Their values are counted over cars the page does not list (the other makes on a
 * make's page, the other models on a model's page), so their counts would change the page, and have
 * it uploaded again, whenever any car is added or sold. They are listed in an order that does not
 * depend on the counts either; the counts appear once the search runs in the page.
 */
export function uncountedFacets(refinements: Refinements): ReadonlySet<string> {
  return new Set(Object.entries(refinements).flatMap(([attribute, values]) => (values?.length ? [attribute] : [])));
}

type Result = {
  hits?: Record<string, unknown>[];
  nbHits?: number;
  page?: number;
  nbPages?: number;
  hitsPerPage?: number;
  facets?: Record<string, Record<string, number>>;
};

/** The facets shown as lists of values; the sliders (price, km) show no facet value, count or statistic. */
const LISTED: ReadonlySet<string> = new Set(LIST_FACETS);

/**
 * A fingerprint of what a search page's first render shows from its results: the hits of the first
 * page (less `rank`, their place in the whole stock's order, which the page does not show), the counts,
 * each listed facet's values and their counts (only the values of an uncounted facet). Not the
 * sliders' facets or statistics (a price anywhere in the page's cars), which the page does not show. The page carries the
 * one it was built with; the browser works it out again from the results it restored from the current
 * index. They differ when the site was published again after the page was loaded (the page's cars
 * changed): the island is then rendered afresh instead of hydrating over HTML it does not match.
 * Nothing in it changes unless the page's own HTML does.
 */
export function shownResultsKey(state: InstantSearchServerState, uncounted: ReadonlySet<string>): string {
  const facets = (f: Result['facets']) =>
    Object.fromEntries(
      Object.entries(f ?? {})
        .filter(([attribute]) => LISTED.has(attribute))
        .map(([attribute, counts]) => [attribute, uncounted.has(attribute) ? Object.keys(counts).sort() : counts]),
    );
  const shown = Object.keys(state.initialResults)
    .sort()
    .map((id) =>
      ((state.initialResults[id]?.results ?? []) as Result[]).map((r, i) =>
        // The first result is the page's own search; the others only count an uncounted facet's values.
        i === 0
          ? {
              hits: (r.hits ?? []).map(({ rank: _rank, ...hit }) => hit),
              nbHits: r.nbHits,
              page: r.page,
              nbPages: r.nbPages,
              hitsPerPage: r.hitsPerPage,
              facets: facets(r.facets),
            }
          : { facets: facets(r.facets) },
      ),
    );
  // FNV-1a: a fingerprint, not a secret.
  const text = canonicalJson(shown);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/**
 * JSON with every object's keys in order: the engine's objects follow the whole stock's order (a
 * facet's values in the order they first appear in the index), which selling any car can change.
 */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
