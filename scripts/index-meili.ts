/**
 * `npm run index -- --tenant <slug> [--dist dist] [--host URL] [--index Car_production]`
 * Pushes one tenant's search documents and index settings to Meilisearch (the same documents the
 * built site shows, read from <dist>/_build/<slug>/model.json), then makes sure the search-only key
 * scoped to that index exists. The admin key comes from the environment only: MEILI_ADMIN_KEY, else
 * MEILI_MASTER_KEY. Host and index default to the tenant's search settings (then MEILI_HOST).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { toSearchDocs } from '../src/lib/search/documents.ts';
import { meiliDocuments } from '../src/lib/search/meili/settings.ts';
import { adminKeyFromEnv, checkMeiliHealth, pushIndex, scopedSearchKey } from '../src/io/meili-push.ts';
import { offersIndexName } from '../src/lib/search/catalog.ts';
import type { SiteModel } from '../src/lib/site/site-model.ts';
import { parseCli } from './lib/cli.ts';

const USAGE = `
Usage: npm run index -- --tenant <slug> [--dist dist] [--host URL] [--index Car_production]

Pushes one tenant's search documents and index settings to Meilisearch and makes sure the index's
search-only key exists. The admin key comes from MEILI_ADMIN_KEY, else MEILI_MASTER_KEY.

  --tenant <slug>   the tenant (required; built first, read from <dist>/_build/<slug>/model.json)
  --dist <dir>      the build output (default: dist)
  --host <url>      Meilisearch (default: the tenant's search.host, then MEILI_HOST)
  --index <name>    the index (default: the tenant's search.index_name)
  -h, --help        show this help
`;

function fail(message: string): never {
  console.error(`index: ${message}`);
  process.exit(1);
}

const flags = parseCli(USAGE, { tenant: { type: 'string' }, dist: { type: 'string' }, host: { type: 'string' }, index: { type: 'string' } });
const slug = flags.tenant;
if (!slug) {
  console.error(`error: --tenant <slug> is required\n\n${USAGE.trim()}`);
  process.exit(2);
}
const dist = resolve(flags.dist ?? 'dist');
const modelFile = join(dist, '_build', slug, 'model.json');
if (!existsSync(modelFile)) fail(`${modelFile} not found: build the tenant first (npm run build -- --only ${slug}), or pass --dist <folder> of a build.`);
const model = JSON.parse(readFileSync(modelFile, 'utf8')) as SiteModel;
const host = flags.host ?? model.tenant.search.host ?? process.env['MEILI_HOST'];
if (!host) fail(`no Meilisearch host: set search.host in tenants/${slug}/tenant.json, MEILI_HOST, or pass --host.`);
const indexName = flags.index ?? model.tenant.search.index_name;
const adminKey = adminKeyFromEnv();
if (!adminKey) fail('no admin key: set MEILI_ADMIN_KEY (or MEILI_MASTER_KEY) in the environment. It is never read from a file.');

try {
  await checkMeiliHealth(host);
} catch (err) {
  fail(`Meilisearch at ${host} is unreachable: ${(err as Error).message}`);
}
const { docs, customRanks } = toSearchDocs(model.vehicles, model.views);
const pushed = await pushIndex({ host, adminKey, indexName }, meiliDocuments(docs, customRanks));
// The key keeps its scope over the offers index the build pushes (it is the same key).
await scopedSearchKey({ host, adminKey, indexName }, [offersIndexName(indexName)]);
console.log(
  `index: ${pushed.documents} documents and settings pushed to ${host} index ${indexName} in ${pushed.ms} ms; search-only key for ${indexName} is ready.`,
);
