/**
 * The embedded indexes of the small searches (offers, models, parts): the documents as JSON under a
 * content-hashed name beside the stock index, so a rebuilt index never meets a stale cache.
 */
import type { APIRoute } from 'astro';
import type { CatalogKind } from '../../lib/search/catalog.ts';
import { catalogSite } from '../../lib/content/catalog-site.ts';
import { INDEX_URL_PREFIX } from '../../lib/search/index-file.ts';
import { siteModel } from '../../io/site-model-file.ts';

export function getStaticPaths() {
  const model = siteModel();
  const kinds: CatalogKind[] = ['offers', 'models', 'parts'];
  const seen = new Set<string>();
  return kinds.flatMap((kind) => {
    const site = catalogSite(model, kind);
    const file = site.indexUrl.slice(INDEX_URL_PREFIX.length);
    if (seen.has(file)) return [];
    seen.add(file);
    return [{ params: { file }, props: { json: site.json } }];
  });
}

export const GET: APIRoute = ({ props }) => new Response((props as { json: string }).json, { headers: { 'Content-Type': 'application/json' } });
