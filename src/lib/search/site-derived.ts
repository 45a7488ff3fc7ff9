/**
 * The model step's derivation of the site-derived part (src/lib/site/derived.ts SiteDerived): the
 * search documents once, and from them the embedded index and its file name, the search routes, the
 * models in stock and the in-stock count. scripts/lib/outputs/index.ts prepareModel calls it once per
 * tenant build and puts the part in the model and model.json; the pages, the vehicle page model and
 * the outputs read it there (siteDerived) instead of deriving the search documents again.
 *
 * The search documents themselves are not in the part: they are the packed index unpacked (the codec
 * round-trips them exactly), and as plain JSON they would add about a tenth to model.json. The build's
 * outputs get them from the model step beside the model (OutputContext.documents); the pages unpack
 * the index, which is what they render from anyway (the browser reads the same file).
 *
 * Here in search, not in site: the site folder's model imports the search's order, so a site module
 * the search pages import would close a ring between the two folders.
 */
import { stockCount } from '../rules/stock.ts';
import type { SiteDerived } from '../site/derived.ts';
import type { SiteModel } from '../site/site-model.ts';
import { toSearchDocs, type PhotoTemplate, type SearchDoc } from './documents.ts';
import { packIndex, type PackedIndex } from './engine/codec.ts';
import { indexFileName } from './index-file.ts';
import { searchRoutes, type Dealer } from './pretty-routes.ts';

/** The search documents of the stock, in the default order (src/lib/search/documents.ts toSearchDocs). */
export interface SearchDocuments {
  docs: SearchDoc[];
  template: PhotoTemplate | undefined;
  customRanks: number[];
}

/** What the model step derives: the part for the model, the documents for the build's outputs, the index file's text. */
export interface SiteDerivation {
  derived: SiteDerived;
  documents: SearchDocuments;
  /** The embedded index file's text (what /search-index/<file> holds; `derived.search.index` parsed). */
  json: string;
}

type StockModel = Pick<SiteModel, 'tenant' | 'vehicles' | 'views'>;

/** The tenant's dealerships as the search names them (the dealership routes and refinements). */
export function searchDealers(tenant: SiteModel['tenant']): Dealer[] {
  return tenant.dealerships.map((d) => ({ slug: d.slug, name: d.name }));
}

/** Derives the site part from the stock: the search documents once, everything else from them. */
export function deriveSite(model: StockModel): SiteDerivation {
  const documents = toSearchDocs(model.vehicles, model.views);
  const { docs, template } = documents;
  const json = JSON.stringify(packIndex(docs, template));
  const { routes, skipped } = searchRoutes(docs, searchDealers(model.tenant));
  const derived: SiteDerived = {
    search: {
      // Parsed back from the text, so the pages' engine reads exactly what the browser will.
      index: JSON.parse(json) as PackedIndex,
      file: indexFileName(json),
      routes,
      skipped: skipped.map((s) => s.path),
      models: [...new Set(docs.flatMap((d) => (d.make_model ? [d.make_model] : [])))],
    },
    counts: { in_stock: stockCount(model.vehicles) },
  };
  return { derived, documents, json };
}

const derivations = new WeakMap<object, SiteDerivation>();

/**
 * The derivation of a model that does not carry its derived part (a model a test makes, or one read
 * from an older model.json): worked out once per model object.
 */
function derivationOf(model: StockModel): SiteDerivation {
  let hit = derivations.get(model);
  if (!hit) {
    hit = deriveSite(model);
    derivations.set(model, hit);
  }
  return hit;
}

/** The model's derived part: the one the build put in it, else derived once for this model object. */
export function siteDerived(model: StockModel & Pick<SiteModel, 'derived'>): SiteDerived {
  return model.derived ?? derivationOf(model).derived;
}
