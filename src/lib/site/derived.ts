/**
 * The site-derived part of the model: what the whole stock makes for the search and the pages (the
 * embedded index and its file name, the search routes and what the breadcrumbs read of them, the
 * in-stock count), derived once in the build's model step (src/lib/search/site-derived.ts deriveSite,
 * called by scripts/lib/outputs/index.ts prepareModel) and written into model.json, so the pages, the
 * vehicle page model and the outputs read it instead of each deriving the search documents again.
 * Types only: this folder's model must not stand on the search code at run time.
 */
import type { PackedIndex } from '../search/engine/codec.ts';
import type { SearchRoute } from '../search/pretty-routes.ts';

export interface SiteDerived {
  search: {
    /** The embedded index as its file holds it (JSON-clean: parsed back from the file's text). */
    index: PackedIndex;
    /** The index file's content-hashed name (src/lib/search/index-file.ts), under /search-index/. */
    file: string;
    /** The pretty search routes this stock builds (/search/<path>), in order. */
    routes: SearchRoute[];
    /** The paths of routes not built (empty, or taken by an earlier route): links use the query form there. */
    skipped: string[];
    /** Every "Make > Model" in stock: a breadcrumb links a model only when the search knows it. */
    models: string[];
  };
  counts: {
    /** Vehicles in stock (src/lib/rules/stock.ts): the number the home page and the stock search show. */
    in_stock: number;
  };
}
