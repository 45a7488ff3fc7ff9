import type { InstantSearchServerState } from 'react-instantsearch';
import type { DealerSearchClient } from '../../lib/search/client.ts';

/**
 * The search island's server state without its results. InstantSearch hydrates from the first page
 * of results the build computed (getServerState); sent as the island's props, those results (every
 * hit's fields and the facet counts: 2-3.5 KB brotli) came with the search page's HTML, which
 * already shows them. On the embedded index the browser gets exactly the same results by asking the
 * same requests of the same index, which the page fetches on idle for the first search anyway: so
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
