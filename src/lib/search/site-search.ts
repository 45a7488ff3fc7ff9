import type { SiteModel } from '../site/site-model.ts';
import type { SearchUi } from '../../islands/search/types.ts';
import { activeSearchPromos } from './promo.ts';
import { cardSettingsFor } from '../model/card-facts.ts';
import { embeddedClient, normalisingClient, withSortFilters, type DealerSearchClient, type SearchBackendConfig } from './client.ts';
import { searchDealers, siteDerived } from './site-derived.ts';
import type { SearchDoc } from './documents.ts';
import { unpackIndex } from './engine/codec.ts';
import { SearchEngine } from './engine/engine.ts';
import { INDEX_URL_PREFIX } from './index-file.ts';
import type { Refinements, SearchRoute } from './pretty-routes.ts';
import { sliderRange } from './slider.ts';
import { searchLink, type UrlContext } from './url.ts';

export interface SearchSite {
  docs: SearchDoc[];
  engine: SearchEngine;
  /** The build-time search client (the embedded engine, which the conformance suite holds equal to Meilisearch). */
  client: DealerSearchClient;
  routes: SearchRoute[];
  config: SearchBackendConfig;
  ui: SearchUi;
}

const cache = new WeakMap<SiteModel, SearchSite>();

/**
 * The pre-rendered first page embeds the search answer; its processingTimeMS would differ from build
 * to build and make identical inputs give different files (re-uploaded every night). Zero it.
 */
function withoutTimings(client: DealerSearchClient): DealerSearchClient {
  return {
    async search(requests) {
      const answer = await client.search(requests);
      return { ...answer, results: answer.results.map((r) => ({ ...r, processingTimeMS: 0 })) };
    },
  };
}

/**
 * Everything the search pages need at build time, once per model: read from the model's derived part
 * (src/lib/search/site-derived.ts, made in the build's model step), the documents unpacked from its index.
 */
export function searchSite(model: SiteModel): SearchSite {
  const hit = cache.get(model);
  if (hit) return hit;
  const { tenant } = model;
  const { index, file, routes, skipped } = siteDerived(model).search;
  // The pages render from the index exactly as the browser will read it (the codec round-trips the documents).
  const docs = unpackIndex(index);
  const template = index.photo;
  const engine = new SearchEngine(docs);
  const dealers = searchDealers(tenant);
  const config: SearchBackendConfig = model.search ?? {
    backend: 'embedded',
    indexName: tenant.search.index_name,
    indexUrl: `${INDEX_URL_PREFIX}${file}`,
  };
  const max = (f: (d: SearchDoc) => number | undefined) => docs.reduce((m, d) => Math.max(m, f(d) ?? 0), 0);
  const s = tenant.search;
  const ui: SearchUi = {
    indexName: config.indexName,
    hitsPerPage: s.hits_per_page,
    resultsPerRow: s.results_per_row,
    promoPositions: s.promo_positions,
    promos: activeSearchPromos(model),
    scrollToTop: s.scroll_to_top,
    priceAscendingExcludesZero: s.price_ascending_excludes_zero,
    certifiedFacet: tenant.features.certified_badge || s.certified_only,
    certifiedOnly: s.certified_only,
    priceRange: sliderRange(
      max((d) => d.price),
      s.show_facet_max,
    ),
    kmRange: sliderRange(
      max((d) => d.km),
      s.show_facet_max,
    ),
    popularMakes: s.popular_makes,
    stockCount: s.stock_count,
    card: cardSettingsFor(tenant),
    photo: template,
    dealers,
    skipped: [...skipped],
  };
  const client = withoutTimings(withSortFilters(normalisingClient(embeddedClient(async () => engine)), s.price_ascending_excludes_zero));
  const site: SearchSite = { docs, engine, client, routes, config, ui };
  cache.set(model, site);
  return site;
}

/** Cars the search shows for these refinements (the count the pre-rendered search page prints). */
export function stockCount(site: SearchSite, refinements: Refinements): number {
  const facetFilters = Object.entries(refinements)
    .filter(([, values]) => values?.length)
    .map(([k, values]) => (values ?? []).map((v) => `${k}:${v}`));
  return site.engine.search({ indexName: site.ui.indexName, params: { hitsPerPage: 0, facetFilters } }).nbHits;
}

/** Links into this tenant's search for the browse pages: one builder (`searchLink`), this stock's context. */
export interface SearchLinks {
  ctx: UrlContext;
  /** The search for these refinements. */
  href(refinements: Refinements): string;
  /** The same, or undefined when it would show no car (a link there would be a dead end). */
  stocked(refinements: Refinements): string | undefined;
  count(refinements: Refinements): number;
}

export function searchLinks(model: SiteModel): SearchLinks {
  const site = searchSite(model);
  const ctx: UrlContext = { dealers: site.ui.dealers, skipped: new Set(site.ui.skipped) };
  const count = (r: Refinements) => stockCount(site, r);
  return {
    ctx,
    href: (r) => searchLink(r, ctx),
    stocked: (r) => (count(r) > 0 ? searchLink(r, ctx) : undefined),
    count,
  };
}
