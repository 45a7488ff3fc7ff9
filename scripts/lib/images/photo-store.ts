/**
 * The fleet's photo store: processed photos kept once, content-addressed, in the bucket the sites are
 * published to (or any S3-API store the fleet shares), so a photo is encoded once ever, not once per
 * runner or per evicted cache. The local cache (store.ts) stays the working copy a build reads from; the
 * store is where a runner with an empty cache fetches what another runner already made.
 *
 *   <prefix>_photos/v/ab/<key>-w640-q75.webp    a variant (the same relative path as in the cache and the site)
 *   <prefix>_photos/meta/ab/<key>.json          the photo's ImageMeta (written after its variants)
 *   <prefix>_photos/url/ab/<sha256(url)>.json   URL -> key of the bytes last downloaded from it, with validators
 *
 * The meta file is written last, so a meta in the store vouches for the variants it lists. A photo
 * that cannot be fetched from the store is encoded again: the store only ever saves work.
 * `_photos` cannot be a tenant (slugs start with a letter or digit), so no site listing sees it.
 */
import { createHash } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { describeError, errorName, httpStatus } from '../publish/bucket.ts';
import { KEY_CHARS, type ImageMeta, type UrlRecord, isObject, META_VERSION } from './store.ts';

export const PHOTO_STORE_FOLDER = '_photos/';

/** Where the store is: a bucket and the folder its `_photos/` lives in (the sites' prefix). */
export interface PhotoStoreLocation {
  bucket: string;
  prefix: string;
  endpoint?: string | undefined;
  region?: string | undefined;
}

/** How a build learns the store from the fleet runner (scripts/build.ts sets it; no tenant file can). */
export const PHOTO_STORE_ENV = 'DEALER_PHOTO_STORE';

export function photoStoreFromEnv(env: NodeJS.ProcessEnv = process.env): PhotoStoreLocation | undefined {
  const raw = env[PHOTO_STORE_ENV];
  if (!raw) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new Error(`${PHOTO_STORE_ENV} is not JSON: ${raw.slice(0, 80)}`);
  }
  if (!isObject(v) || typeof v['bucket'] !== 'string' || typeof v['prefix'] !== 'string') {
    throw new Error(`${PHOTO_STORE_ENV} must be {"bucket": "...", "prefix": "..."}`);
  }
  const str = (x: unknown) => (typeof x === 'string' && x !== '' ? x : undefined);
  return { bucket: v['bucket'], prefix: v['prefix'], endpoint: str(v['endpoint']), region: str(v['region']) };
}

export function photoStoreEnv(where: PhotoStoreLocation): string {
  return JSON.stringify(where);
}

const shard = (key: string) => key.slice(0, 2);

export const storeVariantKey = (prefix: string, rel: string): string => `${prefix}${PHOTO_STORE_FOLDER}v/${rel}`;
export const storeMetaKey = (prefix: string, key: string): string => `${prefix}${PHOTO_STORE_FOLDER}meta/${shard(key)}/${key}.json`;
export function storeUrlKey(prefix: string, url: string): string {
  const h = createHash('sha256').update(url).digest('hex').slice(0, KEY_CHARS);
  return `${prefix}${PHOTO_STORE_FOLDER}url/${shard(h)}/${h}.json`;
}

/** What the store did for one build: shown in the build's line and report.json. */
export interface PhotoStoreStats {
  /** Photos whose variants came from the store instead of sharp. */
  fetched: number;
  /** Variant files downloaded from the store, and their bytes. */
  fetchedFiles: number;
  fetchedBytes: number;
  /** Photos this build encoded and put into the store. */
  stored: number;
  /** Photos this runner's cache had and the store lacked, put into it (a cache older than the store). */
  backfilled: number;
  storedFiles: number;
  /** Requests that failed (the photo was then encoded, or left only in the local cache); the first reason. */
  errors: number;
  firstError?: string | undefined;
}

export function emptyStoreStats(): PhotoStoreStats {
  return { fetched: 0, fetchedFiles: 0, fetchedBytes: 0, stored: 0, backfilled: 0, storedFiles: 0, errors: 0 };
}

const OFF_AFTER = 5;

const missing = (err: unknown): boolean => ['NoSuchKey', 'NotFound'].includes(errorName(err)) || httpStatus(err) === 404;

/** The store through the S3 API. Every method answers "not there" rather than throw for a missing object. */
export class PhotoStore {
  readonly stats = emptyStoreStats();
  /** Names this store in a local cache's "in the store" markers (store.ts storedMarker). */
  readonly id: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(client: S3Client, bucket: string, prefix: string) {
    this.client = client;
    this.bucket = bucket;
    this.prefix = prefix;
    this.id = createHash('sha256').update(`${bucket}\0${prefix}`).digest('hex').slice(0, 12);
  }

  /** Failures in a row; past OFF_AFTER the store is left alone for the rest of the build. */
  private failuresInRow = 0;

  /** False once the store failed OFF_AFTER times in a row: a store that is down costs seconds, not a retry per photo. */
  get usable(): boolean {
    return this.failuresInRow < OFF_AFTER;
  }

  private noteError(what: string, err: unknown): void {
    this.stats.errors++;
    this.failuresInRow++;
    this.stats.firstError ??= `${what}: ${describeError(err)}`;
  }

  private async get(key: string): Promise<Buffer | undefined> {
    if (!this.usable) return undefined;
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const bytes = await res.Body?.transformToByteArray();
      this.failuresInRow = 0;
      return bytes ? Buffer.from(bytes) : undefined;
    } catch (err) {
      if (missing(err)) this.failuresInRow = 0;
      else this.noteError(`reading ${key}`, err);
      return undefined;
    }
  }

  private async put(key: string, body: Uint8Array | string, contentType: string, cacheControl: string): Promise<boolean> {
    if (!this.usable) return false;
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: cacheControl }));
      this.failuresInRow = 0;
      return true;
    } catch (err) {
      this.noteError(`writing ${key}`, err);
      return false;
    }
  }

  async meta(key: string): Promise<ImageMeta | undefined> {
    const bytes = await this.get(storeMetaKey(this.prefix, key));
    if (!bytes) return undefined;
    try {
      const m = JSON.parse(bytes.toString('utf8')) as unknown;
      if (isObject(m) && m['v'] === META_VERSION && typeof m['w'] === 'number' && typeof m['h'] === 'number' && isObject(m['variants'])) {
        return m as unknown as ImageMeta;
      }
    } catch {
      // unreadable: as if absent, the photo is encoded again and the meta rewritten
    }
    return undefined;
  }

  async variant(rel: string): Promise<Buffer | undefined> {
    const bytes = await this.get(storeVariantKey(this.prefix, rel));
    if (bytes) {
      this.stats.fetchedFiles++;
      this.stats.fetchedBytes += bytes.byteLength;
    }
    return bytes;
  }

  async urlRecord(url: string): Promise<UrlRecord | undefined> {
    const bytes = await this.get(storeUrlKey(this.prefix, url));
    if (!bytes) return undefined;
    try {
      const r = JSON.parse(bytes.toString('utf8')) as unknown;
      if (isObject(r) && r['url'] === url && typeof r['key'] === 'string') return r as unknown as UrlRecord;
    } catch {
      // as if absent
    }
    return undefined;
  }

  /** Variants first, the meta last: a meta in the store always has its files. */
  async putPhoto(key: string, meta: ImageMeta, files: { rel: string; bytes: Buffer }[], why: 'encoded' | 'backfill' = 'encoded'): Promise<boolean> {
    const ok = await Promise.all(files.map((f) => this.put(storeVariantKey(this.prefix, f.rel), f.bytes, 'image/webp', 'public, max-age=31536000, immutable')));
    if (ok.some((x) => !x)) return false;
    this.stats.storedFiles += files.length;
    if (!(await this.put(storeMetaKey(this.prefix, key), JSON.stringify(meta), 'application/json', 'no-store'))) return false;
    if (why === 'encoded') this.stats.stored++;
    else this.stats.backfilled++;
    return true;
  }

  async putUrlRecord(rec: UrlRecord): Promise<boolean> {
    return this.put(storeUrlKey(this.prefix, rec.url), JSON.stringify(rec), 'application/json', 'no-store');
  }
}
