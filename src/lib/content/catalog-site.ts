import type { SiteModel } from '../site/site-model.ts';
import type { CatalogDoc, CatalogKind } from '../search/catalog.ts';
import { catalogClient, catalogEngine, engineClient, type CatalogClient } from '../search/catalog-client.ts';
import { modelDocs, offerDocs, partDocs } from './catalog-docs.ts';
import { INDEX_URL_PREFIX, indexFileName } from '../search/index-file.ts';

export interface CatalogSite {
  kind: CatalogKind;
  docs: CatalogDoc[];
  /** The embedded index file's body (the documents as JSON) and its content-hashed site path. */
  json: string;
  indexUrl: string;
  /** Offers: the dealership every request is restricted to. */
  dealership: string | undefined;
  /** The build-time client the page pre-renders the first page with. */
  client: CatalogClient;
}

const caches: Record<CatalogKind, WeakMap<SiteModel, CatalogSite>> = { offers: new WeakMap(), models: new WeakMap(), parts: new WeakMap() };

const DOCS: Record<CatalogKind, (model: SiteModel) => CatalogDoc[]> = { offers: offerDocs, models: modelDocs, parts: partDocs };

/**
 * The pre-rendered first page embeds the answer; its processingTimeMS (0 or 1 ms, as the build ran)
 * would make two builds of the same inputs differ (the models page did). Zero it, as the stock search does.
 */
function withoutTimings(client: CatalogClient): CatalogClient {
  return {
    async search(requests) {
      const answer = await client.search(requests);
      return { ...answer, results: answer.results.map((r) => ({ ...r, processingTimeMS: 0 })) };
    },
  };
}

/** One small search of a tenant: its documents, index file and build-time client (once per build). */
export function catalogSite(model: SiteModel, kind: CatalogKind): CatalogSite {
  const hit = caches[kind].get(model);
  if (hit) return hit;
  const docs = DOCS[kind](model);
  const json = JSON.stringify(docs);
  const dealership = kind === 'offers' ? model.tenant.slug : undefined;
  // The page renders from the documents exactly as the browser reads them back.
  const engine = catalogEngine(kind, JSON.parse(json) as CatalogDoc[]);
  const client = catalogClient(kind, withoutTimings(engineClient(async () => engine)), { dealership });
  const site: CatalogSite = { kind, docs, json, indexUrl: `${INDEX_URL_PREFIX}${indexFileName(json)}`, dealership, client };
  caches[kind].set(model, site);
  return site;
}
