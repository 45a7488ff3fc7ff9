/**
 * The on-disk layout of the shared, content-addressed image cache, and atomic writes into it.
 *
 *   <cacheDir>/v/ab/<key>-w640-q75.webp      variants (published under the site's /img/ab/...)
 *   <cacheDir>/meta/ab/<key>.json            source size, colour and the dimensions of every variant made
 *   <cacheDir>/src/ab/<key>                  original bytes of downloaded photos (re-used instead of re-fetching)
 *   <cacheDir>/url/ab/<sha256(url)>.json     URL -> key of the bytes last downloaded from it
 *   <cacheDir>/local-index.json              absolute path + size + mtimeMs -> key, so unchanged files are not re-read
 *   <cacheDir>/lock/ab/<key>                 held while one process encodes the photo (file-lock.ts)
 *   <cacheDir>/stored/<store>/ab/<key>       the photo is whole in that fleet photo store (photo-store.ts)
 *
 * A meta file's modification time is when a build last used that key (markUsed): pruneImageCache
 * (prune.ts) removes the keys no build has used for a while, so sold cars' photos do not pile up.
 *
 * <key> is the first 32 hex digits (128 bits) of the SHA-256 of the source bytes: collision-safe for any
 * photo count, and half the bytes of a full digest in every URL of every page and search document.
 * Every write goes to a temp file and is renamed into place, so a killed build never leaves a truncated
 * file that a later build would take as cached. Several builds (tenants) may share one cache at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

export const KEY_CHARS = 32;

/** The cache every build shares: DEALER_IMAGE_CACHE, else <project>/.cache/images. */
export function imageCacheDir(projectRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env['DEALER_IMAGE_CACHE'] ?? path.join(projectRoot, '.cache/images'));
}

/** Bump when encoding changes in a way that makes earlier variants unfit; old metadata is then ignored. */
export const META_VERSION = 1;

export function contentKey(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, KEY_CHARS);
}

function shardOf(key: string): string {
  return key.slice(0, 2);
}

/** Path of a variant relative to the variants root; also its path under the site's image prefix. */
export function variantRel(key: string, suffix: string): string {
  return `${shardOf(key)}/${key}-${suffix}.webp`;
}

/** Only names this module makes: guards publish against odd URLs. */
export const VARIANT_REL = /^[0-9a-f]{2}\/[0-9a-f]{16,64}-[a-z0-9-]+\.webp$/;

export function variantFile(cacheDir: string, rel: string): string {
  return path.join(cacheDir, 'v', rel);
}

export function metaFile(cacheDir: string, key: string): string {
  return path.join(cacheDir, 'meta', shardOf(key), `${key}.json`);
}

export function sourceFile(cacheDir: string, key: string): string {
  return path.join(cacheDir, 'src', shardOf(key), key);
}

/** Present once the photo is known to be whole in the fleet's photo store `storeId` (photo-store.ts). */
export function storedMarker(cacheDir: string, storeId: string, key: string): string {
  return path.join(cacheDir, 'stored', storeId, shardOf(key), key);
}

/** Held while one process encodes the photo (file-lock.ts). */
export function lockFile(cacheDir: string, key: string): string {
  return path.join(cacheDir, 'lock', shardOf(key), key);
}

export function urlRecordFile(cacheDir: string, url: string): string {
  const h = createHash('sha256').update(url).digest('hex').slice(0, KEY_CHARS);
  return path.join(cacheDir, 'url', shardOf(h), `${h}.json`);
}

/** Writes `data` to `file` via a temp file and rename, so readers see the old file or the whole new one. */
export async function writeAtomic(file: string, data: Uint8Array | string): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    try {
      await fsp.writeFile(tmp, data);
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'ENOENT') throw err;
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.writeFile(tmp, data);
    }
    await fsp.rename(tmp, file);
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    throw err;
  }
}

/** Parsed JSON, or undefined when the file is missing or unreadable (a cache miss, never an error). */
export function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** What the cache knows about one source image (by content key). */
export interface ImageMeta {
  v: number;
  /** Source size after EXIF orientation. */
  w: number;
  h: number;
  colour?: string;
  /** Variant suffix (e.g. "w640-q75") -> [width, height] of the file written. */
  variants: Record<string, [number, number]>;
}

export function readMeta(cacheDir: string, key: string): ImageMeta | undefined {
  const m = readJson(metaFile(cacheDir, key));
  if (!isObject(m) || m['v'] !== META_VERSION || typeof m['w'] !== 'number' || typeof m['h'] !== 'number') return undefined;
  if (!isObject(m['variants'])) return undefined;
  return m as unknown as ImageMeta;
}

/** Merges with what another build may have written meanwhile, then writes atomically. */
export async function writeMeta(cacheDir: string, key: string, meta: ImageMeta): Promise<ImageMeta> {
  const onDisk = readMeta(cacheDir, key);
  const merged: ImageMeta =
    onDisk && onDisk.w === meta.w && onDisk.h === meta.h
      ? { ...meta, colour: meta.colour ?? onDisk.colour ?? '#808080', variants: { ...onDisk.variants, ...meta.variants } }
      : meta;
  await writeAtomic(metaFile(cacheDir, key), JSON.stringify(merged));
  return merged;
}

/** Day number, for pruning index entries nobody has used for a while. */
function today(): number {
  return Math.floor(Date.now() / 86_400_000);
}

const PRUNE_AFTER_DAYS = 45;

interface LocalEntry {
  size: number;
  mtimeMs: number;
  key: string;
  used: number;
}

/**
 * absolute path + size + mtimeMs -> content key, so a warm build does not re-read or re-hash unchanged
 * local files. Shared by every tenant using the cache: `save` merges with the file on disk first.
 */
export class LocalIndex {
  private readonly file: string;
  private entries = new Map<string, LocalEntry>();
  private readonly changed = new Map<string, LocalEntry>();
  private readonly day = today();

  constructor(cacheDir: string) {
    this.file = path.join(cacheDir, 'local-index.json');
  }

  load(): void {
    this.entries = LocalIndex.parse(readJson(this.file));
  }

  private static parse(raw: unknown): Map<string, LocalEntry> {
    const out = new Map<string, LocalEntry>();
    if (!isObject(raw) || !isObject(raw['files'])) return out;
    for (const [abs, e] of Object.entries(raw['files'])) {
      if (!Array.isArray(e) || e.length !== 4) continue;
      const [size, mtimeMs, key, used] = e as unknown[];
      if (typeof size === 'number' && typeof mtimeMs === 'number' && typeof key === 'string' && typeof used === 'number') {
        out.set(abs, { size, mtimeMs, key, used });
      }
    }
    return out;
  }

  lookup(abs: string, st: { size: number; mtimeMs: number }): string | undefined {
    const e = this.entries.get(abs);
    if (!e || e.size !== st.size || e.mtimeMs !== st.mtimeMs) return undefined;
    if (e.used !== this.day) this.record(abs, { ...e, used: this.day });
    return e.key;
  }

  set(abs: string, st: { size: number; mtimeMs: number }, key: string): void {
    this.record(abs, { size: st.size, mtimeMs: st.mtimeMs, key, used: this.day });
  }

  private record(abs: string, e: LocalEntry): void {
    this.entries.set(abs, e);
    this.changed.set(abs, e);
  }

  async save(): Promise<void> {
    if (this.changed.size === 0) return;
    const merged = LocalIndex.parse(readJson(this.file));
    for (const [abs, e] of this.changed) merged.set(abs, e);
    const files: Record<string, [number, number, string, number]> = {};
    for (const [abs, e] of merged) {
      if (this.day - e.used <= PRUNE_AFTER_DAYS) files[abs] = [e.size, e.mtimeMs, e.key, e.used];
    }
    await writeAtomic(this.file, JSON.stringify({ v: 1, files }));
    this.changed.clear();
  }
}

export interface UrlRecord {
  url: string;
  key: string;
  bytes: number;
  type?: string;
  /** When these bytes were downloaded. */
  at: string;
  /** When the server last confirmed them (a 304 or the same bytes); `at` until then. */
  checked?: string;
  etag?: string;
  last_modified?: string;
}

/** Marks the keys as used now (their meta file's mtime); a key whose meta cannot be touched is simply skipped. */
export async function markUsed(cacheDir: string, keys: Iterable<string>, now = new Date()): Promise<void> {
  const list = [...keys];
  for (let i = 0; i < list.length; i += 64) {
    await Promise.all(list.slice(i, i + 64).map((key) => fsp.utimes(metaFile(cacheDir, key), now, now).catch(() => undefined)));
  }
}

export function readUrlRecord(cacheDir: string, url: string): UrlRecord | undefined {
  const r = readJson(urlRecordFile(cacheDir, url));
  if (!isObject(r) || r['url'] !== url || typeof r['key'] !== 'string') return undefined;
  return r as unknown as UrlRecord;
}
