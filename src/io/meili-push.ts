import { createHash } from 'node:crypto';
import { Meilisearch, type Settings } from 'meilisearch';
import { meiliSettings, type CatalogMeiliDocument, type MeiliDocument } from '../lib/search/meili/settings.ts';

/**
 * Build-side Meilisearch work with the admin key (never shipped): push one tenant's documents and
 * settings, and get the search-only key scoped to that one index that the browser will use. Network
 * and environment I/O, so it lives here, not in src/lib/ (src/io/README.md).
 */

export interface MeiliTarget {
  host: string;
  adminKey: string;
  indexName: string;
}

const WAIT = { timeout: 120_000, interval: 50 };

/** Resolves when the server answers /health within `timeoutMs`, else rejects with the reason. */
export async function checkMeiliHealth(host: string, timeoutMs = 3000): Promise<void> {
  const res = await fetch(new URL('/health', host), { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`GET /health answered ${res.status}`);
}

/**
 * Replaces the index's documents and settings without a window where shoppers see half an index:
 * everything goes into a fresh index that is then swapped with the live one.
 */
export async function pushIndex(
  target: MeiliTarget,
  docs: readonly (MeiliDocument | CatalogMeiliDocument)[],
  settings: Settings = meiliSettings(docs.length),
): Promise<{ documents: number; ms: number }> {
  const started = performance.now();
  const client = new Meilisearch({ host: target.host, apiKey: target.adminKey });
  const staging = `${target.indexName}__staging`;
  await client.deleteIndexIfExists(staging);
  await client.createIndex(staging, { primaryKey: 'rank' }).waitTask(WAIT);
  const index = client.index<MeiliDocument | CatalogMeiliDocument>(staging);
  await index.updateSettings(settings).waitTask(WAIT);
  if (docs.length > 0) {
    const tasks = index.addDocumentsInBatches([...docs], 2000, { primaryKey: 'rank' });
    for (const t of tasks) {
      const done = await t.waitTask(WAIT);
      if (done.status !== 'succeeded') throw new Error(`adding documents failed: ${done.error?.message ?? done.status}`);
    }
  }
  const exists = await client
    .getIndex(target.indexName)
    .then(() => true)
    .catch(() => false);
  if (!exists) await client.createIndex(target.indexName, { primaryKey: 'rank' }).waitTask(WAIT);
  const swap = await client.swapIndexes([{ indexes: [target.indexName, staging], rename: false }]).waitTask(WAIT);
  if (swap.status !== 'succeeded') throw new Error(`swapping in the new index failed: ${swap.error?.message ?? swap.status}`);
  await client.deleteIndexIfExists(staging);
  return { documents: docs.length, ms: Math.round(performance.now() - started) };
}

/** A stable key uid per index name, so rebuilding reuses the same search key instead of piling up keys. */
export function searchKeyUid(indexName: string): string {
  const h = createHash('sha256').update(`dealer-search-key:${indexName}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The search-only key limited to this index and, when given, the tenant's other search indexes (the
 * offers index), created on first use. Same uid every time, so Meilisearch gives back the same key.
 */
export async function scopedSearchKey(target: MeiliTarget, alsoIndexes: readonly string[] = []): Promise<string> {
  const client = new Meilisearch({ host: target.host, apiKey: target.adminKey });
  const uid = searchKeyUid(target.indexName);
  const indexes = [target.indexName, ...alsoIndexes.filter((i) => i !== target.indexName)];
  try {
    const existing = await client.getKey(uid);
    const same = existing.indexes.length === indexes.length && indexes.every((i) => existing.indexes.includes(i));
    if (existing.actions.length === 1 && existing.actions[0] === 'search' && same) return existing.key;
    await client.deleteKey(uid);
  } catch {
    // Not there yet: created below.
  }
  const key = await client.createKey({
    uid,
    name: `search ${target.indexName}`,
    description: `Search-only key for the ${indexes.join(' and ')} ${indexes.length > 1 ? 'indexes' : 'index'} (dealer site browser search)`,
    actions: ['search'],
    indexes,
    expiresAt: null,
  });
  return key.key;
}

/** The admin key, from the environment only (MEILI_ADMIN_KEY, else MEILI_MASTER_KEY). */
export function adminKeyFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env['MEILI_ADMIN_KEY'] || env['MEILI_MASTER_KEY'] || undefined;
}
