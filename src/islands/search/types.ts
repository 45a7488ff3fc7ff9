import type { PromoPlacement } from '../../lib/search/promo.ts';
import type { CardSettings } from '../../lib/model/card-facts.ts';
import type { PageSearchConfig } from '../../lib/search/client.ts';
import type { PhotoTemplate } from '../../lib/search/documents.ts';
import type { Dealer } from '../../lib/search/pretty-routes.ts';
import type { PageRoute } from './router.ts';

/** A call-to-action card shown between results (content/search-promos.json, or the built-in three). */
export interface Promo extends PromoPlacement {
  title: string;
  text: string;
  href: string;
  cta: string;
}

/** Everything the search island needs, as plain data (it is serialised into the page). */
export interface SearchUi {
  indexName: string;
  hitsPerPage: number;
  resultsPerRow: 3 | 4;
  promoPositions: number[];
  promos: Promo[];
  scrollToTop: boolean;
  priceAscendingExcludesZero: boolean;
  certifiedFacet: boolean;
  certifiedOnly: boolean;
  /** Slider ranges (the facet maximum only when the tenant shows it). */
  priceRange: { min: number; max: number };
  kmRange: { min: number; max: number };
  popularMakes: string[];
  stockCount: number | undefined;
  card: CardSettings;
  photo: PhotoTemplate | undefined;
  dealers: Dealer[];
  /** Pretty paths not built (collisions): those refinements stay in the query string. */
  skipped: string[];
}

export interface SearchAppProps {
  /** Absolute URL of this pre-rendered page (its pretty path, no query). */
  serverUrl: string;
  page: PageRoute;
  /** The backend, without the embedded index's name (the island reads it from the index pointer). */
  config: PageSearchConfig;
  ui: SearchUi;
  /** InstantSearch's server state (first page of results), from getServerState at build time. */
  serverState?: unknown;
  /**
   * The fingerprint of what the page shows from its results (server-state.ts shownResultsKey): the
   * browser tells by it whether the current index still gives this page's HTML.
   */
  shownKey?: string | undefined;
}
