import { useEffect, useId, useMemo, useState } from 'react';
import {
  Configure,
  InstantSearch,
  InstantSearchSSRProvider,
  useClearRefinements,
  useHits,
  useInstantSearch,
  usePagination,
  useRange,
  useRefinementList,
  type InstantSearchServerState,
} from 'react-instantsearch';
import type { SearchClient, UiState } from 'instantsearch.js';
import { EmptyState } from '../../components/search/EmptyState.tsx';
import { SearchField } from './widgets.tsx';
import { FacetOption } from '../../components/search/FacetOption.tsx';
import { formatDollars, formatNumber } from '../../lib/rules/format.ts';
import { bodyTypeLabel } from '../../lib/rules/body-type.ts';
import {
  CATALOG_FACETS,
  CATALOG_HITS_PER_PAGE,
  CATALOG_INDEX,
  CATALOG_PATH,
  CATALOG_RANGE,
  type CardImage,
  type CatalogDoc,
  type CatalogKind,
  type ModelDoc,
  type OfferDoc,
  type PartDoc,
} from '../../lib/search/catalog.ts';
import { catalogClient, catalogEngine, engineClient, type CatalogClient } from '../../lib/search/catalog-client.ts';
import { catalogLink, parseCatalogUrl, type CatalogState } from '../../lib/search/catalog-url.ts';
import { EMPTY_OFFERS_TEXT } from '../../lib/search/empty-state.ts';
import type { SearchEngine } from '../../lib/search/engine/engine.ts';
import { withFallback } from '../../lib/search/client.ts';

export interface CatalogAppProps {
  kind: CatalogKind;
  /** The embedded index of this search (/search-index/<hash>.json: the documents). */
  indexUrl: string;
  /** Offers: the dealership every request is restricted to. */
  dealership?: string | undefined;
  /** Meilisearch tenants: the offers index and the search-only key (the embedded index stays the fallback). */
  meili?: { host: string; searchKey: string; indexName: string } | undefined;
  /** InstantSearch's server state (first page), from getServerState at build time. */
  serverState?: unknown;
}

/** The build-time client, set by the page before it renders the island (props must be plain data). */
let serverClient: CatalogClient | undefined;
export function setCatalogServerClient(client: CatalogClient): void {
  serverClient = client;
}

const engines = new Map<string, Promise<SearchEngine<CatalogDoc>>>();
function loadEngine(kind: CatalogKind, url: string): Promise<SearchEngine<CatalogDoc>> {
  let e = engines.get(url);
  if (!e) {
    e = fetch(url)
      .then((res) => {
        if (!res.ok) throw new Error(`search index ${url} answered ${res.status}`);
        return res.json() as Promise<CatalogDoc[]>;
      })
      .then((docs) => catalogEngine(kind, docs));
    e.catch(() => engines.delete(url));
    engines.set(url, e);
  }
  return e;
}

/**
 * The browser's backend: the embedded index, or Meilisearch (code downloaded only then) falling back to
 * the embedded index for the rest of the visit when it cannot be reached.
 */
function browserBackend(kind: CatalogKind, indexUrl: string, meili: CatalogAppProps['meili']): CatalogClient {
  const embedded = engineClient(() => loadEngine(kind, indexUrl));
  if (!meili) return embedded;
  const remote = import('../../lib/search/meili/browser-client.ts').then((m) => m.meiliClient(meili.host, meili.searchKey) as unknown as CatalogClient);
  const primary: CatalogClient = {
    search: async (requests) => (await remote).search(requests.map((r) => ({ ...r, indexName: r.indexName.replace(CATALOG_INDEX[kind], meili.indexName) }))),
  };
  return withFallback(primary, embedded, (err) => console.warn('Search service unreachable, using the built-in index instead:', err));
}

/** InstantSearch's UI state of one search <-> the URL state the link builder writes. */
function toUiState(kind: CatalogKind, s: CatalogState): UiState {
  const index = CATALOG_INDEX[kind];
  const rangeAttr = CATALOG_RANGE[kind];
  const refinementList = Object.fromEntries(Object.entries(s.refinements).filter(([, v]) => v.length > 0));
  const range =
    rangeAttr && (s.range.min !== undefined || s.range.max !== undefined) ? { [rangeAttr]: `${s.range.min ?? ''}:${s.range.max ?? ''}` } : undefined;
  return {
    [index]: {
      ...(s.query ? { query: s.query } : {}),
      ...(s.page > 1 ? { page: s.page } : {}),
      ...(Object.keys(refinementList).length ? { refinementList } : {}),
      ...(range ? { range } : {}),
    },
  };
}

function fromUiState(kind: CatalogKind, ui: UiState): CatalogState {
  const s = ui[CATALOG_INDEX[kind]] ?? {};
  const rangeAttr = CATALOG_RANGE[kind];
  const [lo, hi] = (rangeAttr ? (s.range?.[rangeAttr] ?? '') : '').split(':');
  const num = (x: string | undefined) => (x === undefined || x === '' ? undefined : Number(x));
  const range: CatalogState['range'] = {};
  if (num(lo) !== undefined) range.min = num(lo) as number;
  if (num(hi) !== undefined) range.max = num(hi) as number;
  return { query: s.query ?? '', page: s.page ?? 1, refinements: (s.refinementList ?? {}) as Record<string, string[]>, range };
}

/**
 * The offers, models and parts searches: React InstantSearch over the search's small embedded index,
 * pre-rendered with its first page at build time, hydrated on first interaction (or at once for a URL
 * with a query string). The URL is written by `catalogLink` and read by `parseCatalogUrl`.
 */
export default function CatalogApp(props: CatalogAppProps) {
  const { kind, indexUrl, dealership, meili } = props;
  const searchClient = useMemo(() => {
    if (typeof window === 'undefined')
      return (serverClient ?? { search: () => Promise.reject(new Error('setCatalogServerClient() was not called')) }) as unknown as SearchClient;
    return catalogClient(kind, browserBackend(kind, indexUrl, meili), { dealership, cache: true }) as unknown as SearchClient;
  }, [kind, indexUrl, dealership, meili]);
  const index = CATALOG_INDEX[kind];
  return (
    <InstantSearchSSRProvider {...((props.serverState ?? {}) as InstantSearchServerState)}>
      <InstantSearch
        searchClient={searchClient}
        indexName={index}
        onStateChange={({ uiState, setUiState }) => {
          setUiState(uiState);
          if (typeof window === 'undefined') return;
          const next = fromUiState(kind, uiState);
          const href = catalogLink(kind, next);
          const here = `${window.location.pathname}${window.location.search}`;
          if (href === here) return;
          // Typing replaces the history entry; any other change pushes one, so Back steps through refinements.
          const current = parseCatalogUrl(kind, window.location.href);
          const queryOnly = catalogLink(kind, { ...current, query: next.query }) === href;
          if (queryOnly) window.history.replaceState(null, '', href);
          else window.history.pushState(null, '', href);
        }}
        future={{ preserveSharedStateOnUnmount: true }}
        insights={false}
      >
        <Configure hitsPerPage={CATALOG_HITS_PER_PAGE} />
        <UrlSync kind={kind} />
        <CatalogLayout kind={kind} />
      </InstantSearch>
    </InstantSearchSSRProvider>
  );
}

/** Applies the address bar's state after hydration (the HTML is the page's base search), and on Back/Forward. */
function UrlSync({ kind }: { kind: CatalogKind }) {
  const { setUiState } = useInstantSearch();
  useEffect(() => {
    const apply = () => setUiState(toUiState(kind, parseCatalogUrl(kind, window.location.href)));
    // After InstantSearch has started (its effect runs after this child's), or the state is dropped.
    const timer = window.location.search.length > 1 ? setTimeout(apply, 0) : undefined;
    window.addEventListener('popstate', apply);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('popstate', apply);
    };
  }, [kind, setUiState]);
  return null;
}

const LABELS: Record<CatalogKind, { search: string; placeholder: string; one: string; many: string }> = {
  offers: { search: 'Search offers', placeholder: 'Search offers, models...', one: 'offer', many: 'offers' },
  models: { search: 'Search models', placeholder: 'Search make, model, body...', one: 'model', many: 'models' },
  parts: { search: 'Search parts', placeholder: 'Search part name or number...', one: 'part', many: 'parts' },
};

function CatalogLayout({ kind }: { kind: CatalogKind }) {
  const { results, status, uiState } = useInstantSearch();
  const state = fromUiState(kind, uiState);
  const { items } = useHits<CatalogDoc>();
  const clear = useClearRefinements({ excludedAttributes: [] });
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const nbHits = results?.nbHits ?? 0;
  const labels = LABELS[kind];
  const home = CATALOG_PATH[kind];
  const rangeAttr = CATALOG_RANGE[kind];
  const hasRefinement = clear.canRefine || state.query !== '';
  const clearAll = () => clear.refine();
  // The filters applied (each ticked option, a price range), counted on the phone's Filters button.
  const activeFilters =
    Object.values(state.refinements).reduce((n, v) => n + v.length, 0) + (state.range.min !== undefined || state.range.max !== undefined ? 1 : 0);
  const filtersId = `${kind}-filters`;
  return (
    <div className={`catalog-search catalog-${kind}`} data-ready={ready ? '' : undefined} data-testid={`${kind}-search`}>
      <div className="search-bar">
        <SearchField action={home} label={labels.search} placeholder={labels.placeholder} />
      </div>
      <div className="search-body">
        {/*
          Phones: the results come first and the filters open from a Filters button over the page. The
          button and the panel are the browser's popover (popovertarget), so they work before the island
          has loaded and without JavaScript; from 901 px the panel is the side column, always shown
          (catalog.css). A browser without popovers shows the panel in the page, as before.
        */}
        <aside id={filtersId} popover="auto" className="search-filters catalog-filters" aria-label="Filters" data-testid="catalog-filters">
          <div className="filters-head">
            <h2>Filters</h2>
            {hasRefinement && (
              <a className="link-button" href={home} onClick={(e) => (e.preventDefault(), clearAll())}>
                Clear all
              </a>
            )}
            <button type="button" className="link-button catalog-filters-close" popoverTarget={filtersId} popoverTargetAction="hide">
              Close<span className="visually-hidden"> filters</span>
            </button>
          </div>
          {CATALOG_FACETS[kind].map((f) => (
            <CatalogFacet key={f.attribute} kind={kind} attribute={f.attribute} title={f.title} state={state} />
          ))}
          {rangeAttr && <PriceFilter kind={kind} attribute={rangeAttr} state={state} />}
          <div className="catalog-filters-foot">
            <button type="button" className="btn" popoverTarget={filtersId} popoverTargetAction="hide">
              Show {nbHits === 1 ? `1 ${labels.one}` : `${formatNumber(nbHits)} ${labels.many}`}
            </button>
          </div>
        </aside>
        <div className="search-results" aria-busy={status === 'loading' || status === 'stalled'} data-status={status}>
          <h2 className="visually-hidden">Search results</h2>
          <div className="catalog-results-head">
            <p className="muted result-count" data-testid="result-count" aria-live="polite">
              {nbHits === 0 ? `0 ${labels.many}` : `Showing ${items.length} of ${formatNumber(nbHits)} ${nbHits === 1 ? labels.one : labels.many}`}
            </p>
            <button type="button" className="btn btn-small btn-outline catalog-filters-toggle" popoverTarget={filtersId} data-testid="catalog-filters-toggle">
              Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
            </button>
          </div>
          {status === 'error' && <p className="search-error">Search is not answering right now; these are the last results.</p>}
          {items.length === 0 && status !== 'loading' ? (
            <EmptyState clearHref={home} onClear={clearAll} text={kind === 'offers' ? EMPTY_OFFERS_TEXT : undefined} />
          ) : (
            <div className="grid catalog-grid" id="results">
              {items.map((hit) =>
                kind === 'offers' ? (
                  <OfferCardView key={hit.id} offer={hit as unknown as OfferDoc} />
                ) : kind === 'models' ? (
                  <ModelCardView key={hit.id} model={hit as unknown as ModelDoc} />
                ) : (
                  <PartCardView key={hit.id} part={hit as unknown as PartDoc} />
                ),
              )}
            </div>
          )}
          <CatalogPager kind={kind} state={state} />
        </div>
      </div>
    </div>
  );
}

const facetLabel = (attribute: string, value: string) => (attribute === 'model.body' ? (bodyTypeLabel(value) ?? value) : value);

function CatalogFacet({ kind, attribute, title, state }: { kind: CatalogKind; attribute: string; title: string; state: CatalogState }) {
  const { items, refine } = useRefinementList({ attribute, limit: 100, sortBy: ['count:desc', 'name:asc'] });
  if (items.length === 0) return null;
  const toggled = (value: string): CatalogState => {
    const current = state.refinements[attribute] ?? [];
    const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
    return { ...state, page: 1, refinements: { ...state.refinements, [attribute]: next } };
  };
  return (
    <fieldset className="facet">
      <legend>{title}</legend>
      {items.map((i) => (
        <FacetOption
          key={i.value}
          label={facetLabel(attribute, i.label)}
          count={i.count}
          checked={i.isRefined}
          href={catalogLink(kind, toggled(i.value))}
          onToggle={() => refine(i.value)}
        />
      ))}
    </fieldset>
  );
}

/** Price from and to: a GET form before JavaScript (range[price][min]/[max]), a range refinement after. */
function PriceFilter({ kind, attribute, state }: { kind: CatalogKind; attribute: string; state: CatalogState }) {
  // The range widget reads range[price] from the UI state; the form writes that state itself (the
  // widget's own refine() clamps to facet stats the helper does not report for a non-list attribute).
  useRange({ attribute });
  const { setIndexUiState } = useInstantSearch();
  const refine = ([lo, hi]: [number | undefined, number | undefined]) =>
    setIndexUiState((s) => {
      const { page: _page, ...rest } = s;
      const range = { ...rest.range };
      if (lo === undefined && hi === undefined) delete range[attribute];
      else range[attribute] = `${lo ?? ''}:${hi ?? ''}`;
      return { ...rest, range };
    });
  const [min, setMin] = useState(state.range.min?.toString() ?? '');
  const [max, setMax] = useState(state.range.max?.toString() ?? '');
  useEffect(() => {
    setMin(state.range.min?.toString() ?? '');
    setMax(state.range.max?.toString() ?? '');
  }, [state.range.min, state.range.max]);
  const id = useId();
  const num = (x: string) => {
    const n = Number(x.replace(/[$,\s]/g, ''));
    return x.trim() === '' || !Number.isFinite(n) ? undefined : n;
  };
  return (
    <form
      className="facet price-filter"
      action={CATALOG_PATH[kind]}
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        refine([num(min), num(max)]);
      }}
    >
      <fieldset>
        <legend>Price</legend>
        <label htmlFor={`${id}-min`}>From ($)</label>
        <input
          id={`${id}-min`}
          name={`range[${attribute}][min]`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={min}
          onChange={(e) => setMin(e.target.value)}
        />
        <label htmlFor={`${id}-max`}>To ($)</label>
        <input
          id={`${id}-max`}
          name={`range[${attribute}][max]`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={max}
          onChange={(e) => setMax(e.target.value)}
        />
        <button type="submit" className="btn btn-small">
          Apply price
        </button>
      </fieldset>
    </form>
  );
}

function CatalogPager({ kind, state }: { kind: CatalogKind; state: CatalogState }) {
  const { pages, currentRefinement, nbPages, refine } = usePagination({ padding: 2 });
  if (nbPages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {pages.map((p) => (
        <a
          key={p}
          href={catalogLink(kind, { ...state, page: p + 1 })}
          aria-current={p === currentRefinement ? 'page' : undefined}
          onClick={(e) => {
            e.preventDefault();
            refine(p);
          }}
        >
          {p + 1}
        </a>
      ))}
    </nav>
  );
}

function CardPicture({ image, fallback }: { image: CardImage | undefined; fallback: string }) {
  return (
    <div className="catalog-media">
      {image ? (
        <img
          src={image.src}
          srcSet={image.srcset}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
          style={{ background: image.colour }}
        />
      ) : (
        <span className="catalog-badge" aria-hidden="true">
          {fallback}
        </span>
      )}
    </div>
  );
}

/** The spec's offer card: name, image, description, disclaimer cut at 100 characters, Enquire Now and Explore {model}. */
function OfferCardView({ offer }: { offer: OfferDoc }) {
  return (
    <article className="card catalog-card" data-testid="offer-card">
      <CardPicture image={offer.image} fallback="Offer" />
      <div className="catalog-body">
        <h3 className="catalog-title">
          <a href={offer.href}>{offer.name}</a>
        </h3>
        {(offer.category !== undefined || offer.price !== undefined) && (
          <p className="catalog-meta">
            {offer.category}
            {offer.category !== undefined && offer.price !== undefined ? ' · ' : ''}
            {offer.price !== undefined ? formatDollars(offer.price) : ''}
          </p>
        )}
        <p>{offer.description}</p>
        {offer.disclaimer && <p className="catalog-fine">{offer.disclaimer}</p>}
        <div className="catalog-actions">
          <a className="btn btn-small" href={`${offer.href}#enquire`}>
            Enquire Now<span className="visually-hidden">: {offer.name}</span>
          </a>
          {offer.model_name && (
            <a className="btn btn-small btn-outline" href={offer.model_href ?? offer.href}>
              Explore {offer.model_name}
            </a>
          )}
        </div>
      </div>
    </article>
  );
}

function ModelCardView({ model }: { model: ModelDoc }) {
  const body = bodyTypeLabel(model.model.body);
  return (
    <article className="card catalog-card" data-testid="model-card">
      <CardPicture image={model.image} fallback={model.manufacturer.name} />
      <div className="catalog-body">
        <h3 className="catalog-title">
          <a href={model.href}>{model.title}</a>
        </h3>
        <p className="catalog-meta">
          {[body, model.stock > 0 ? `${formatNumber(model.stock)} in stock` : undefined].filter((x) => x !== undefined).join(' · ')}
        </p>
        {model.short_description && <p>{model.short_description}</p>}
        <div className="catalog-actions">
          <a className="btn btn-small btn-outline" href={model.href}>
            Explore {model.model.name}
          </a>
        </div>
      </div>
    </article>
  );
}

function PartCardView({ part }: { part: PartDoc }) {
  return (
    <article className="card catalog-card catalog-part" data-testid="part-card">
      <div className="catalog-body">
        <h3 className="catalog-title">{part.name}</h3>
        <p className="catalog-meta">
          {[
            part.part_number ? `Part no. ${part.part_number}` : undefined,
            part.make,
            part.category,
            part.price !== undefined ? formatDollars(part.price) : undefined,
          ]
            .filter((x) => x !== undefined)
            .join(' · ')}
        </p>
        {part.description && <p>{part.description}</p>}
        <div className="catalog-actions">
          <a className="btn btn-small" href={part.href}>
            Enquire about this part<span className="visually-hidden">: {part.name}</span>
          </a>
        </div>
      </div>
    </article>
  );
}
