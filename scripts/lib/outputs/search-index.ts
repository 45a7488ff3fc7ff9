/**
 * Search output: decides the tenant's search backend and writes its index.
 *   prepare: the embedded index (content-hashed file name) the model step derived (the model's
 *            `derived.search`, src/lib/search/site-derived.ts), and, for a tenant with a search host,
 *            pushes documents and settings to Meilisearch with the admin key from the environment
 *            and returns only the search-only key for the pages. Meilisearch unreachable
 *            or not configured: the build says so and the site uses the embedded index.
 *   write:   /search-index/<hash>.json into the site (always: it is also the browser's fallback), and
 *            the pointer /search/index.json naming it (src/lib/search/index-pointer.ts): the search
 *            pages read the index's name from there, so a stock change leaves them as they were.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { Meilisearch } from 'meilisearch';
import type { SearchBackendConfig } from '../../../src/lib/search/client.ts';
import { INDEX_URL_PREFIX } from '../../../src/lib/search/index-file.ts';
import { INDEX_POINTER_PATH, indexPointerJson } from '../../../src/lib/search/index-pointer.ts';
import { catalogMeiliDocuments, catalogMeiliSettings, meiliDocuments } from '../../../src/lib/search/meili/settings.ts';
import { offersIndexName } from '../../../src/lib/search/catalog.ts';
import { offerDocs } from '../../../src/lib/content/catalog-docs.ts';
import { adminKeyFromEnv, checkMeiliHealth, pushIndex, scopedSearchKey } from '../../../src/io/meili-push.ts';
import { deriveSite, siteDerived, type SearchDocuments } from '../../../src/lib/search/site-derived.ts';
import { SearchBackendUnavailable, SearchKeyIsAdminKey, SearchKeyTooPowerful, dealerError } from '../../../src/lib/errors/errors-data.ts';
import type { BuildOutput, OutputContext } from './index.ts';

/** The Meilisearch backend for this tenant, or the reason the build falls back to the embedded index. */
async function meiliBackend(
  ctx: OutputContext,
  indexUrl: string,
  search: Pick<SearchDocuments, 'docs' | 'customRanks'>,
): Promise<SearchBackendConfig | string> {
  const { tenant } = ctx.model;
  const host = tenant.search.host as string;
  const indexName = tenant.search.index_name;
  try {
    await checkMeiliHealth(host);
  } catch (err) {
    return `Meilisearch at ${host} is unreachable (${(err as Error).message})`;
  }
  const adminKey = adminKeyFromEnv();
  const given = tenant.search.search_key;
  if (given && adminKey && given === adminKey) throw dealerError(SearchKeyIsAdminKey, tenant.slug);
  if (!adminKey) {
    if (!given) return 'no admin key in the environment (MEILI_ADMIN_KEY or MEILI_MASTER_KEY) and no search.search_key in tenant.json';
    ctx.log(`search: no admin key in the environment; using the existing ${indexName} index with the configured search key (documents not pushed)`);
    return { backend: 'meili', host, indexName, searchKey: given, indexUrl };
  }
  // The documents the model step made for the embedded index, from the same frozen model.
  const { docs, customRanks } = search;
  const pushed = await pushIndex({ host, adminKey, indexName }, meiliDocuments(docs, customRanks));
  ctx.log(`search: pushed ${pushed.documents} documents and settings to ${host} index ${indexName} in ${pushed.ms} ms`);
  // The offers search (spec section 7) is a hosted search too: its own index beside the stock's.
  const offersIndex = offersIndexName(indexName);
  const offers = offerDocs(ctx.model);
  const pushedOffers = await pushIndex(
    { host, adminKey, indexName: offersIndex },
    catalogMeiliDocuments('offers', offers),
    catalogMeiliSettings('offers', offers.length),
  );
  ctx.log(`search: pushed ${pushedOffers.documents} offers and settings to ${host} index ${offersIndex} in ${pushedOffers.ms} ms`);
  let searchKey = given;
  if (searchKey) {
    const key = await new Meilisearch({ host, apiKey: adminKey }).getKey(searchKey).catch(() => undefined);
    if (key && (key.actions.some((a) => a !== 'search') || key.indexes.some((i) => i !== indexName && i !== offersIndex)))
      throw dealerError(SearchKeyTooPowerful, tenant.slug, key.actions, key.indexes);
  } else searchKey = await scopedSearchKey({ host, adminKey, indexName }, [offersIndex]);
  return { backend: 'meili', host, indexName, searchKey, indexUrl, offersIndexName: offersIndex };
}

export const searchIndexOutput: BuildOutput = {
  name: 'search-index',
  async prepare(ctx) {
    const { tenant } = ctx.model;
    const { index, file } = siteDerived(ctx.model).search;
    // The documents come from the model step; an output run on its own (a test) derives them itself.
    const { docs, customRanks } = ctx.documents ?? deriveSite(ctx.model).documents;
    const json = JSON.stringify(index);
    const indexUrl = `${INDEX_URL_PREFIX}${file}`;
    const br = brotliCompressSync(Buffer.from(json), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    const per1000 = docs.length ? (br / docs.length) * 1000 : 0;
    ctx.log(
      `search: embedded index ${docs.length} documents, ${(json.length / 1024).toFixed(1)} KB, ${(br / 1024).toFixed(1)} KB brotli (${(per1000 / 1024).toFixed(1)} KB per 1,000 vehicles)`,
    );
    let config: SearchBackendConfig = { backend: 'embedded', indexName: tenant.search.index_name, indexUrl };
    if (tenant.search.host) {
      const meili = await meiliBackend(ctx, indexUrl, { docs, customRanks });
      if (typeof meili === 'string') ctx.log(`search: WARNING ${SearchBackendUnavailable.message(tenant.slug, meili)}`);
      else config = meili;
    }
    return { search: config };
  },
  write(ctx) {
    // The index the pages were rendered with: the model's derived part (the same text: it was parsed from it).
    const { index, file } = siteDerived(ctx.model).search;
    const dir = join(ctx.siteOut, 'search-index');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, file), JSON.stringify(index));
    const pointer = join(ctx.siteOut, ...INDEX_POINTER_PATH.split('/'));
    mkdirSync(dirname(pointer), { recursive: true });
    writeFileSync(pointer, indexPointerJson(`${INDEX_URL_PREFIX}${file}`));
  },
};
