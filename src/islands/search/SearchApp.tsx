import { Suspense, use, useEffect, useMemo, useRef, useState } from 'react';
import {
  Configure,
  InstantSearch,
  InstantSearchSSRProvider,
  useClearRefinements,
  useHits,
  useInstantSearch,
  type InstantSearchServerState,
} from 'react-instantsearch';
import type { SearchClient, UiState } from 'instantsearch.js';
import VehicleCard from '../../components/VehicleCard.tsx';
import { Breadcrumbs } from '../../components/search/Breadcrumbs.tsx';
import { EmptyState } from '../../components/search/EmptyState.tsx';
import { PromoCard } from '../../components/search/PromoCard.tsx';
import { searchBreadcrumbs, searchTitle } from '../../lib/search/breadcrumbs.ts';
import { cardCarFromDoc } from '../../lib/search/card.ts';
import { displayCount, sumFacetCounts } from '../../lib/search/count.ts';
import type { SearchDoc } from '../../lib/search/documents.ts';
import { clearFiltersTarget } from '../../lib/search/empty-state.ts';
import { gridClass } from '../../lib/search/grid.ts';
import { promosForSearch, withPromos } from '../../lib/search/promo.ts';
import { searchUrl, type SearchState, type UrlContext } from '../../lib/search/url.ts';
import { formatNumber } from '../../lib/rules/format.ts';
import { INDEX_POINTER_PATH } from '../../lib/search/index-pointer.ts';
import { browserSearchClient, loadEngine } from './browser-client.ts';
import { BodyTiles, FacetDropdown, FacetList, FacetMenu, FacetSelect, MakeFacet, UncountedFacets } from './facets.tsx';
import { createSearchRouter, searchStateMapping } from './router.ts';
import { recordSearch, RecentSearches } from './search-history.tsx';
import { getServerSearchClient } from './server-client.ts';
import { lacksResults, rememberedServerState, restoreResults, shownResultsKey, uncountedFacets } from './server-state.ts';
import type { SearchAppProps, SearchUi } from './types.ts';
import { Pager, RangeField, SearchField, ShowMeButton, SortField } from './widgets.tsx';

/**
 * The search page: React InstantSearch over the embedded index or Meilisearch. Rendered at build time
 * with the first page of results (getServerState), hydrated in the browser on first interaction.
 */
export default function SearchApp(props: SearchAppProps) {
  // The boundary lets hydration wait, keeping the server's HTML, while the browser asks the index for
  // the first page's results again (src/islands/search/server-state.ts).
  return (
    <Suspense fallback={null}>
      <SearchRoot {...props} />
    </Suspense>
  );
}

/** Each island's restored server state, asked once (hydration may render the root more than once). */
const restored = new WeakMap<object, Promise<InstantSearchServerState>>();

function SearchRoot(props: SearchAppProps) {
  const { ui, config, page, serverUrl, shownKey } = props;
  const ctx: UrlContext = useMemo(() => ({ dealers: ui.dealers, skipped: new Set(ui.skipped) }), [ui.dealers, ui.skipped]);
  const uncounted = useMemo(() => uncountedFacets(page.refinements), [page.refinements]);
  const searchClient = useMemo(
    () => (typeof window === 'undefined' ? getServerSearchClient() : browserSearchClient(config, ui.priceAscendingExcludesZero)) as unknown as SearchClient,
    [config, ui.priceAscendingExcludesZero],
  );
  const router = useMemo(() => createSearchRouter({ serverUrl, page, ctx }), [serverUrl, page, ctx]);
  const routing = useMemo(() => ({ router, stateMapping: searchStateMapping(ui.indexName) }), [router, ui.indexName]);
  useEffect(() => {
    router.sync();
    // The index is fetched once the page is interactive, so the first search does not wait for it.
    if (config.backend === 'embedded') {
      const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
      idle(() => void loadEngine().catch(() => undefined));
    }
  }, [router, config]);
  let serverState = props.serverState as InstantSearchServerState | undefined;
  // The page's HTML is older than the index (the site was published again since it was loaded).
  let outdated = false;
  if (serverState && lacksResults(serverState)) {
    if (typeof window === 'undefined') serverState = rememberedServerState(page.path) ?? serverState;
    else {
      const lite = serverState;
      let full = restored.get(lite);
      if (!full) restored.set(lite, (full = restoreResults(lite, searchClient as unknown as Parameters<typeof restoreResults>[1])));
      serverState = use(full);
      outdated = shownKey !== undefined && shownResultsKey(serverState, uncounted) !== shownKey;
    }
  }
  // An outdated page is not hydrated over (the current index's results would not match its HTML): its
  // HTML is kept as it is for the hydration, then the search renders afresh, focus kept in the search box.
  const [renewed, setRenewed] = useState(false);
  const kept = useRef<HTMLDivElement>(null);
  const refocus = useRef<Element | null>(null);
  useEffect(() => {
    if (!outdated || renewed) return;
    const island = kept.current?.parentElement ?? null;
    refocus.current = document.activeElement?.closest('.search-field') ? island : null;
    setRenewed(true);
  }, [outdated, renewed]);
  useEffect(() => {
    if (renewed) refocus.current?.querySelector<HTMLInputElement>('.search-field input')?.focus();
  }, [renewed]);
  if (outdated && !renewed) {
    return <div ref={kept} className="search-page container" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
  }
  return (
    <InstantSearchSSRProvider {...(serverState ?? {})}>
      <InstantSearch searchClient={searchClient} indexName={ui.indexName} routing={routing} future={{ preserveSharedStateOnUnmount: true }} insights={false}>
        <SearchLayout
          ui={ui}
          ctx={ctx}
          ownPath={`/search/${page.path}`}
          indexPointer={config.backend === 'embedded' ? INDEX_POINTER_PATH : undefined}
          uncounted={uncounted}
        />
      </InstantSearch>
    </InstantSearchSSRProvider>
  );
}

const COUNT_ALL: ReadonlySet<string> = new Set();

function routeOf(uiState: UiState, indexName: string): SearchState {
  return searchStateMapping(indexName).stateToRoute(uiState);
}

function SearchLayout({
  ui,
  ctx,
  ownPath,
  indexPointer,
  uncounted,
}: {
  ui: SearchUi;
  ctx: UrlContext;
  ownPath: string;
  indexPointer: string | undefined;
  uncounted: ReadonlySet<string>;
}) {
  const { uiState, results, status } = useInstantSearch();
  const { items } = useHits<SearchDoc>();
  const clear = useClearRefinements({ excludedAttributes: [] });
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Set once hydrated (false on the server and in the first client render, so the HTML matches).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const route = routeOf(uiState, ui.indexName);
  const known = new Set(Object.keys(facetCounts(results, 'make_model')));
  const crumbs = searchBreadcrumbs(route.refinements, { ...ctx, isKnownModel: (mm) => known.has(mm) });
  const title = searchTitle(route.refinements);
  const nbHits = results?.nbHits ?? 0;
  const count = displayCount(nbHits, { stockCount: ui.stockCount, facetSum: sumFacetCounts(facetCounts(results, 'car_type')) });
  const busy = status === 'loading' || status === 'stalled';
  const page = results?.page ?? 0;
  const grid = withPromos(items, ui.promoPositions, promosForSearch(ui.promos, route.refinements.car_type ?? []), page * ui.promoPositions.length);
  const url = searchUrl(route, ctx);

  // After a search change, scroll to the top where the tenant wants it (not on the first render).
  const lastUrl = useRef(url);
  useEffect(() => {
    if (lastUrl.current === url) return;
    lastUrl.current = url;
    if (ui.scrollToTop) window.scrollTo({ top: 0 });
  }, [url, ui.scrollToTop]);
  useEffect(() => {
    if (status === 'idle' && results) recordSearch(route, url);
  }, [url, status]);

  const resultsRef = useRef<HTMLDivElement>(null);
  const showResults = () => {
    setFiltersOpen(false);
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };
  const hide = ui.certifiedOnly ? (v: string) => v === 'false' : undefined;
  return (
    // data-search-index: the index pointer whose index the page fetches when the search starts (BaseLayout), before
    // any hydration. The pointer's address, never the index's name: that changes with the stock.
    <div className="search-page container" data-ready={ready ? '' : undefined} data-search-index={indexPointer}>
      <Configure hitsPerPage={ui.hitsPerPage} />
      <div className="page-head">
        <Breadcrumbs crumbs={crumbs} />
        <h1>{title}</h1>
      </div>
      <div className="search-bar">
        <SearchField action={ownPath} />
        <SortField indexName={ui.indexName} />
        <button
          type="button"
          className="btn btn-outline filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls="search-filters"
          onClick={() => setFiltersOpen(!filtersOpen)}
        >
          Filters
        </button>
      </div>
      <div className="search-body">
        {/* Until the search runs in the page, the facets its path refines show no counts (server-state.ts uncountedFacets). */}
        <UncountedFacets.Provider value={ready ? COUNT_ALL : uncounted}>
          <aside id="search-filters" className={`search-filters${filtersOpen ? ' is-open' : ''}`} aria-label="Filters">
            <div className="filters-head">
              <h2>Filters</h2>
              <button type="button" className="link-button filters-close" onClick={() => setFiltersOpen(false)}>
                Close
              </button>
              {clear.canRefine && (
                <a className="link-button" href={clearFiltersTarget('stock')} onClick={(e) => (e.preventDefault(), clear.refine())}>
                  Clear all
                </a>
              )}
            </div>
            <FacetList attribute="car_type" title="Car type" />
            <MakeFacet popularMakes={ui.popularMakes} />
            <BodyTiles title="Body type" />
            <RangeField attribute="price" title="Price" range={ui.priceRange} />
            <RangeField attribute="km" title="Kilometres" range={ui.kmRange} />
            <FacetDropdown attribute="fuel" title="Fuel" />
            <FacetDropdown attribute="transmission" title="Transmission" />
            <FacetDropdown attribute="drive" title="Drive" />
            <FacetDropdown attribute="colour" title="Colour" />
            <FacetDropdown attribute="seats" title="Seats" />
            <FacetSelect attribute="year" title="Year" />
            <FacetMenu attribute="location_name" title="Location" />
            <FacetSelect attribute="state" title="State" />
            <FacetMenu attribute="dealership_name" title="Dealership" />
            <FacetDropdown attribute="tag" title="Tag" />
            {ui.certifiedFacet && <FacetDropdown attribute="certified" title="Certified" hide={hide} />}
            <RecentSearches />
            <div className="filters-foot">
              <ShowMeButton count={count} onClick={showResults} />
            </div>
          </aside>
        </UncountedFacets.Provider>
        <div className="search-results" ref={resultsRef} aria-busy={busy} data-status={status}>
          <h2 className="visually-hidden">Search results</h2>
          <p className="muted result-count" data-testid="result-count" aria-live="polite">
            {count === 0 ? '0 cars' : `Showing ${items.length} of ${formatNumber(count)} ${count === 1 ? 'car' : 'cars'}`}
          </p>
          {status === 'error' && <p className="search-error">Search is not answering right now; these are the last results.</p>}
          {items.length === 0 && status !== 'loading' ? (
            <EmptyState clearHref={clearFiltersTarget('stock')} onClear={() => clear.refine()} />
          ) : (
            <div className={gridClass(ui.resultsPerRow)} id="results">
              {grid.map((g, i) =>
                g.kind === 'hit' ? (
                  <VehicleCard key={g.hit.id} car={cardCarFromDoc(g.hit, ui.photo)} settings={ui.card} priority={i === 0 && page === 0} />
                ) : (
                  <PromoCard key={`promo-${g.slot}`} {...g.promo} />
                ),
              )}
            </div>
          )}
          <Pager onNavigate={() => resultsRef.current?.scrollIntoView({ block: 'start' })} />
        </div>
      </div>
    </div>
  );
}

/** A facet's value counts from the current results ({} before any). */
function facetCounts(results: ReturnType<typeof useInstantSearch>['results'] | undefined, attribute: string): Record<string, number> {
  const raw = results?._rawResults?.[0]?.facets?.[attribute];
  return raw ?? {};
}
