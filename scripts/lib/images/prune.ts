/**
 * Keeps the shared image cache from growing for ever: every build marks the keys it used (store.ts
 * markUsed), and pruning removes each key no build has used for `maxAgeDays` (its variants, metadata
 * and downloaded original), URL records that point at removed keys, and stray variants with no
 * metadata. Published sites are not affected: their images are hard links (or copies) of the cache
 * files. Run it after the nightly build (`npm run build -- --prune-images-days 30`, or
 * `npm run images:prune -- --days 30`); a key pruned by mistake is simply made again on the next build.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { KEY_CHARS, metaFile, sourceFile } from './store.ts';

export interface PruneOptions {
  /** Keys unused for longer than this are removed. */
  maxAgeDays: number;
  /** Report what would go without removing anything. */
  dryRun?: boolean | undefined;
  /** Keys kept whatever their age: the photos of the sites live now (liveImageKeys). */
  keep?: ReadonlySet<string> | undefined;
  now?: number | undefined;
}

export interface PruneResult {
  /** Content keys removed (each with its variants, metadata and original). */
  keys: number;
  /** Content keys kept (used within maxAgeDays). */
  kept: number;
  /** Files removed, and their bytes. */
  files: number;
  bytes: number;
}

const KEY = /^[0-9a-f]{16,64}/;

async function list(dir: string): Promise<string[]> {
  return fsp.readdir(dir).catch(() => []);
}

/** Every file under <root>/<shard>/ as [shard, name]. */
async function sharded(root: string): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const shard of await list(root)) for (const name of await list(path.join(root, shard))) out.push([shard, name]);
  return out;
}

/**
 * The cache keys of every photo the sites in a build's output folder publish (<out>/<slug>/img/ab/<key>-...):
 * a tenant held for weeks keeps its live site's photos although no build has used them since.
 */
export async function liveImageKeys(out: string): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const site of await list(out)) {
    if (site.startsWith('_') || site.startsWith('.')) continue;
    for (const [, name] of await sharded(path.join(out, site, 'img'))) {
      const key = new RegExp(`^[0-9a-f]{${KEY_CHARS}}`).exec(name)?.[0];
      if (key) keys.add(key);
    }
  }
  return keys;
}

export async function pruneImageCache(cacheDir: string, opts: PruneOptions): Promise<PruneResult> {
  if (!Number.isFinite(opts.maxAgeDays) || opts.maxAgeDays < 1) throw new RangeError(`maxAgeDays must be at least 1, got ${opts.maxAgeDays}`);
  const cutoff = (opts.now ?? Date.now()) - opts.maxAgeDays * 86_400_000;
  const result: PruneResult = { keys: 0, kept: 0, files: 0, bytes: 0 };
  const remove = async (file: string) => {
    const st = await fsp.stat(file).catch(() => undefined);
    if (!st?.isFile()) return;
    if (!opts.dryRun) await fsp.rm(file, { force: true });
    result.files++;
    result.bytes += st.size;
  };

  // 1. Keys by their last use.
  const stale = new Set<string>();
  const live = new Set<string>();
  for (const [, name] of await sharded(path.join(cacheDir, 'meta'))) {
    if (!name.endsWith('.json')) continue;
    const key = name.slice(0, -'.json'.length);
    const st = await fsp.stat(metaFile(cacheDir, key)).catch(() => undefined);
    if (st && st.mtimeMs < cutoff && !opts.keep?.has(key)) stale.add(key);
    else live.add(key);
  }
  result.kept = live.size;
  result.keys = stale.size;

  // 2. Variants of stale keys, and old variants nobody describes any more (interrupted or outdated builds).
  for (const [shard, name] of await sharded(path.join(cacheDir, 'v'))) {
    const key = KEY.exec(name)?.[0];
    if (!key || live.has(key)) continue;
    const file = path.join(cacheDir, 'v', shard, name);
    if (stale.has(key) || ((await fsp.stat(file).catch(() => undefined))?.mtimeMs ?? Infinity) < cutoff) await remove(file);
  }
  for (const key of stale) {
    await remove(sourceFile(cacheDir, key));
    await remove(metaFile(cacheDir, key));
  }

  // 3. URL records whose bytes are gone: the next build downloads that photo again.
  for (const [shard, name] of await sharded(path.join(cacheDir, 'url'))) {
    const file = path.join(cacheDir, 'url', shard, name);
    let key: unknown;
    try {
      key = (JSON.parse(fs.readFileSync(file, 'utf8')) as { key?: unknown }).key;
    } catch {
      key = undefined;
    }
    if (typeof key !== 'string' || !live.has(key)) await remove(file);
  }
  return result;
}
