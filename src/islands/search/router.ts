import type { Router, StateMapping, UiState } from 'instantsearch.js';
import { LIST_FACETS, RANGE_FACETS, type ListFacet } from '../../lib/search/attributes.ts';
import type { Refinements } from '../../lib/search/pretty-routes.ts';
import { DEFAULT_SORT, sortIndex, sortKeyOfIndex } from '../../lib/search/sort.ts';
import { parseRange, parseSearchQuery, searchUrl, type SearchState, type UrlContext } from '../../lib/search/url.ts';

/** The page's own pretty path and what it means (a static page per path). */
export interface PageRoute {
  /** After /search/, e.g. "toyota/hilux". */
  path: string;
  refinements: Refinements;
}

const HISTORY_KEY = 'dealerSearch';

/**
 * InstantSearch router for Astro's static pages. getLocation() works while the page is rendered on
 * the server (the page's own URL) and in the browser. Hydration first reads the server's URL, so the
 * first client render matches the HTML; sync() then applies the address bar (extra query parameters)
 * once hydrated. Query-only changes replace the history entry, anything else pushes one, so
 * back/forward step through refinements; each entry carries its state for popstate.
 */
export function createSearchRouter(o: { serverUrl: string; page: PageRoute; ctx: UrlContext }) {
  const isBrowser = typeof window !== 'undefined';
  const getLocation = (): { pathname: string; search: string } => (isBrowser ? window.location : new URL(o.serverUrl));
  const ownPath = `/search/${o.page.path}`;
  const parse = (loc: { pathname: string; search: string }): SearchState | undefined =>
    loc.pathname.replace(/\/$/, '') === ownPath ? parseSearchQuery(loc.search, o.page.refinements) : undefined;
  let hydrating = isBrowser;
  // Until sync() runs after hydration, the address bar is the truth: InstantSearch's first write
  // (the server-rendered state) must not replace a richer URL such as ?colour=White.
  let synced = !isBrowser;
  let started = false;
  let pendingSync = false;
  let update: ((route: SearchState) => void) | undefined;
  let current: SearchState | undefined;

  const applyLocation = () => {
    pendingSync = false;
    const route = parse(window.location);
    if (!route) return;
    const serverRoute = parse(new URL(o.serverUrl));
    current = route;
    window.history.replaceState({ ...(window.history.state as object | null), [HISTORY_KEY]: route }, '', window.location.href);
    if (serverRoute && searchUrl(route, o.ctx) !== searchUrl(serverRoute, o.ctx)) update?.(route);
  };

  const onPopState = (event: PopStateEvent) => {
    const state = (event.state as Record<string, unknown> | null)?.[HISTORY_KEY] as SearchState | undefined;
    const route = state ?? parse(window.location);
    // An entry from another pretty path without saved state: its own static page knows it.
    if (!route) window.location.reload();
    else {
      current = route;
      update?.(route);
    }
  };

  const router: Router<SearchState> & { sync(): void } = {
    $$type: 'dealer-astro',
    read() {
      if (hydrating) {
        hydrating = false;
        return parse(new URL(o.serverUrl)) ?? parseSearchQuery('', o.page.refinements);
      }
      return parse(getLocation()) ?? parseSearchQuery('', o.page.refinements);
    },
    write(route) {
      if (!isBrowser || !synced) return;
      const url = searchUrl(route, o.ctx);
      const here = `${window.location.pathname}${window.location.search}`;
      if (url === here) return;
      const onlyQuery = current !== undefined && searchUrl({ ...route, query: current.query }, o.ctx) === searchUrl(current, o.ctx);
      current = route;
      window.history[onlyQuery ? 'replaceState' : 'pushState']({ [HISTORY_KEY]: route }, '', url);
    },
    createURL: (route) => searchUrl(route, o.ctx),
    onUpdate(callback) {
      update = callback;
      if (isBrowser) window.addEventListener('popstate', onPopState);
    },
    dispose() {
      if (isBrowser) window.removeEventListener('popstate', onPopState);
    },
    start() {
      started = true;
      if (pendingSync) applyLocation();
    },
    /** After hydration: apply the address bar if it says more than the server-rendered page. */
    sync() {
      if (!isBrowser || synced) return;
      synced = true;
      if (started && update) applyLocation();
      else pendingSync = true;
    },
  };
  return router;
}

/** InstantSearch UI state <-> the route state the URL carries. */
export function searchStateMapping(indexName: string): StateMapping<UiState, SearchState> {
  return {
    stateToRoute(uiState) {
      const s = uiState[indexName] ?? {};
      const refinements: Refinements = {};
      for (const k of LIST_FACETS) {
        const v = s.refinementList?.[k];
        if (v?.length) refinements[k] = [...v];
      }
      const ranges: SearchState['ranges'] = {};
      for (const k of RANGE_FACETS) {
        const r = s.range?.[k];
        const parsed = r ? parseRange(r) : undefined;
        if (parsed) ranges[k] = parsed;
      }
      return {
        query: s.query ?? '',
        page: s.page ?? 1,
        sortBy: s.sortBy ? sortKeyOfIndex(indexName, s.sortBy) : DEFAULT_SORT,
        refinements,
        ranges,
      };
    },
    routeToState(route) {
      const refinementList: Record<string, string[]> = {};
      for (const [k, v] of Object.entries(route.refinements) as [ListFacet, string[]][]) if (v.length) refinementList[k] = [...v];
      const range: Record<string, string> = {};
      for (const [k, r] of Object.entries(route.ranges)) if (r) range[k] = `${r.min ?? ''}:${r.max ?? ''}`;
      return {
        [indexName]: {
          ...(route.query ? { query: route.query } : {}),
          ...(route.page > 1 ? { page: route.page } : {}),
          ...(route.sortBy !== DEFAULT_SORT ? { sortBy: sortIndex(indexName, route.sortBy) } : {}),
          refinementList,
          range,
        },
      };
    },
  };
}
