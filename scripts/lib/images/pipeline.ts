/**
 * The image pipeline: stock photo references (tenant-relative paths or http(s) URLs) -> WebP variants in
 * a content-addressed cache shared by every tenant and build -> `Photo` values for the model.
 * See store.ts for the cache layout. A photo that cannot be used becomes `{ ok: false, reason }` and is
 * listed in `failures`; it never throws and never fails the build.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type CacheResult } from 'sharp';
import type { Photo, PhotoVariant } from '../../../src/lib/model/vehicle.ts';
import { encodeImage, ImageError, planVariants, type VariantParams } from './encode.ts';
import { Fetcher, type Validators } from './fetch.ts';
import { withFileLock } from './file-lock.ts';
import { realPathInside } from '../tenant-files.ts';
import type { PhotoStore } from './photo-store.ts';
import { KeyedLock, mapLimit, Semaphore } from '../pool.ts';
import {
  contentKey,
  type ImageMeta,
  LocalIndex,
  readMeta,
  readUrlRecord,
  markUsed,
  lockFile,
  sourceFile,
  storedMarker,
  type UrlRecord,
  urlRecordFile,
  VARIANT_REL,
  variantFile,
  variantRel,
  writeAtomic,
  writeMeta,
} from './store.ts';

export { CARD_LARGE, CARD_SMALL, THUMB } from './encode.ts';

/** Shown instead of a photo that is `ok: false` (public/img/placeholder-car.svg, 528x385). */
export const PLACEHOLDER_URL = '/img/placeholder-car.svg';

export interface ImageOptions {
  /** Photo paths in the export are relative to this (or absolute http/https URLs). */
  tenantDir: string;
  /** Content-addressed cache shared across tenants and builds, e.g. .cache/images. */
  cacheDir: string;
  /** Tenant image width (spec default 640): full-width variants are made at width and 2*width. */
  width: number;
  /** WebP quality 1-100 (spec default 75). */
  quality: number;
  /** Images decoded/encoded at once; default os.availableParallelism(). */
  concurrency?: number;
  /**
   * libwebp effort 0-6; default 4. Effort 2 roughly halves cold encoding time for ~4% larger files on
   * real photos. Not part of the cache key: variants made at another effort are re-used.
   */
  effort?: number;
  /** Per-download time limit, body included; default 8000. */
  fetchTimeoutMs?: number;
  /** Parallel downloads (network-bound, so more than `concurrency`); default 8. */
  fetchConcurrency?: number;
  /**
   * A downloaded photo is checked with its server again after this many days (a conditional GET: a 304
   * costs no download), so a photo replaced at the same address is picked up; default 7. 0 checks on
   * every build. A server that cannot be reached then leaves the photo we have in place.
   */
  revalidateDays?: number;
  /** The clock (tests). */
  now?: () => number;
  /** URL prefix of the published variants; default '/img/'. */
  urlPrefix?: string;
  /**
   * The fleet's photo store (photo-store.ts): a photo missing from the local cache is fetched from it
   * before it is encoded, and what this run encodes is put into it.
   */
  store?: PhotoStore | undefined;
  onProgress?: (done: number, total: number) => void;
}

/** card: also make the two card crops (only for a car's first photo). */
export interface ImageJob {
  source: string;
  card: boolean;
}

export interface ImageStats {
  /** Distinct sources among the jobs. */
  sources: number;
  /** Sources that needed sharp work in this run. */
  processed: number;
  /** Sources served entirely from the cache (including bytes already processed for another source). */
  cached: number;
  /** Sources whose variants were fetched from the fleet's photo store instead of encoded. */
  fromStore: number;
  /** Photos at web addresses checked with their server in this run, and those whose bytes had changed. */
  revalidated: number;
  replaced: number;
  /** Sources at http(s) addresses among the jobs. */
  remote: number;
  failed: number;
  /** URLs actually downloaded in this run. */
  downloaded: number;
  variantsWritten: number;
  ms: number;
}

export interface ImageResult {
  /** One Photo per distinct job source, keyed by the source string exactly as given. */
  photos: Map<string, Photo>;
  stats: ImageStats;
  failures: { source: string; reason: string }[];
}

type Where = { kind: 'url'; url: URL } | { kind: 'file'; abs: string } | { kind: 'bad'; reason: string };

/** Decides what a photo reference points at, refusing anything outside the tenant folder. */
export function classifySource(source: string, tenantRoot: string): Where {
  let s = source.trim();
  if (!s) return { kind: 'bad', reason: 'empty photo reference' };
  if (s.includes('\0')) return { kind: 'bad', reason: `refused: photo reference contains a NUL byte: ${JSON.stringify(source)}` };
  if (s.startsWith('//')) s = `https:${s}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(s)) {
    let url: URL;
    try {
      url = new URL(s);
    } catch {
      return { kind: 'bad', reason: `invalid URL: ${s}` };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { kind: 'bad', reason: `refused: unsupported URL scheme "${url.protocol}" (only http and https photos are fetched): ${s}` };
    }
    return { kind: 'url', url };
  }
  const abs = path.resolve(tenantRoot, s);
  const rel = path.relative(tenantRoot, abs);
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) {
    return { kind: 'bad', reason: `refused: ${s} is outside the tenant folder` };
  }
  // Nor through a symlink leading out of it (issue 27): an existing file is judged by its real path.
  if (fs.existsSync(abs)) {
    const real = realPathInside(abs, tenantRoot);
    if (!real.ok) return { kind: 'bad', reason: `${real.reason}: ${s}` };
  }
  return { kind: 'file', abs };
}

function firstLine(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  return (m.split('\n')[0] ?? m).trim();
}

function errCode(err: unknown): string | undefined {
  const c = (err as { code?: unknown } | null)?.code;
  return typeof c === 'string' ? c : undefined;
}

function normalisePrefix(prefix: string): string {
  return prefix.endsWith('/') ? prefix : `${prefix}/`;
}

// sharp's settings are process-wide: set them while any run is active, restore after the last one.
let sharpUsers = 0;
let sharpSaved: { concurrency: number; cache: CacheResult } | undefined;

function acquireSharp(threadsPerImage: number): void {
  if (sharpUsers++ > 0) return;
  sharpSaved = { concurrency: sharp.concurrency(), cache: sharp.cache() };
  sharp.concurrency(threadsPerImage);
  sharp.cache(false); // every input is new: libvips' operation cache would only hold memory
}

function releaseSharp(): void {
  if (--sharpUsers > 0 || !sharpSaved) return;
  sharp.concurrency(sharpSaved.concurrency);
  const c = sharpSaved.cache;
  sharp.cache({ memory: c.memory.max, files: c.files.max, items: c.items.max });
  sharpSaved = undefined;
}

interface Outcome {
  photo: Photo;
  /** sharp ran for this source in this run. */
  worked: boolean;
  /** Its variants came from the fleet's photo store in this run. */
  fetched?: boolean;
}

class Run {
  readonly stats: ImageStats = {
    sources: 0,
    processed: 0,
    cached: 0,
    fromStore: 0,
    revalidated: 0,
    replaced: 0,
    remote: 0,
    failed: 0,
    downloaded: 0,
    variantsWritten: 0,
    ms: 0,
  };
  readonly index: LocalIndex;
  private readonly cacheDir: string;
  private readonly tenantRoot: string;
  private readonly prefix: string;
  private readonly width: number;
  private readonly quality: number;
  private readonly effort: number | undefined;
  private readonly cpu: Semaphore;
  private readonly net: Semaphore;
  private readonly fetcher: Fetcher;
  private readonly revalidateMs: number;
  private readonly now: () => number;
  private readonly keyLock = new KeyedLock();
  private readonly store: PhotoStore | undefined;
  private readonly metas = new Map<string, ImageMeta | undefined>();
  /** Variant files (relative paths) known to exist. */
  private readonly present = new Set<string>();
  /** Content keys this run used: their cache entries are marked as used (pruneImageCache keeps them). */
  readonly used = new Set<string>();

  constructor(opts: ImageOptions, cpu: number) {
    this.cacheDir = path.resolve(opts.cacheDir);
    this.tenantRoot = path.resolve(opts.tenantDir);
    this.prefix = normalisePrefix(opts.urlPrefix ?? '/img/');
    this.width = opts.width;
    this.quality = opts.quality;
    this.effort = opts.effort;
    this.cpu = new Semaphore(cpu);
    this.net = new Semaphore(opts.fetchConcurrency ?? 8);
    this.fetcher = new Fetcher(opts.fetchTimeoutMs ?? 8000);
    this.revalidateMs = (opts.revalidateDays ?? 7) * 86_400_000;
    this.now = opts.now ?? Date.now;
    this.index = new LocalIndex(this.cacheDir);
    this.store = opts.store;
  }

  async process(source: string, card: boolean): Promise<Outcome> {
    const where = classifySource(source, this.tenantRoot);
    try {
      if (where.kind === 'bad') return this.fail(source, where.reason);
      const out = where.kind === 'url' ? await this.remote(source, where.url, card) : await this.local(source, where.abs, card);
      if (this.store && out.photo.ok && !out.worked && !out.fetched) {
        const key = /\/([0-9a-f]{16,64})-[^/]*$/.exec(out.photo.thumb.url)?.[1];
        if (key) await this.keyLock.run(key, () => this.backfill(key));
        if (where.kind === 'url') await this.backfillUrl(where.url.href);
      }
      return out;
    } catch (err) {
      if (err instanceof ImageError) return this.fail(source, err.message);
      return this.fail(source, `could not process (${errCode(err) ?? 'error'}): ${firstLine(err)}`);
    }
  }

  private fail(source: string, reason: string): Outcome {
    return { photo: { ok: false, source, reason }, worked: false };
  }

  private async local(source: string, abs: string, card: boolean): Promise<Outcome> {
    const shown = source.trim();
    let st: fs.Stats;
    try {
      st = fs.statSync(abs);
    } catch (err) {
      const code = errCode(err);
      if (code === 'ENOENT' || code === 'ENOTDIR') return this.fail(source, `file not found: ${shown}`);
      if (code === 'EACCES' || code === 'EPERM') return this.fail(source, `cannot read ${shown}: permission denied`);
      return this.fail(source, `cannot read ${shown}: ${firstLine(err)}`);
    }
    if (!st.isFile()) return this.fail(source, `not a file: ${shown}${st.isDirectory() ? ' is a folder' : ''}`);

    const known = this.index.lookup(abs, st);
    if (known) {
      const photo = this.cachedPhoto(source, known, card);
      if (photo) return { photo, worked: false };
    }
    let bytes: Buffer;
    try {
      bytes = await fsp.readFile(abs);
    } catch (err) {
      return this.fail(source, `cannot read ${shown}: ${firstLine(err)}`);
    }
    const key = contentKey(bytes);
    const out = await this.ensure(source, key, bytes, card, undefined);
    if (out.photo.ok) this.index.set(abs, st, key);
    return out;
  }

  private async remote(source: string, url: URL, card: boolean): Promise<Outcome> {
    this.stats.remote++;
    const href = url.href;
    let rec = readUrlRecord(this.cacheDir, href);
    if (!rec && this.store) {
      // Another runner downloaded this address: its record names the bytes, and the store has their variants.
      rec = await this.store.urlRecord(href);
      if (rec) {
        await writeAtomic(urlRecordFile(this.cacheDir, href), JSON.stringify(rec));
        const marker = this.urlMarker(href);
        if (marker) await writeAtomic(marker, '').catch(() => undefined);
      }
    }
    let validators: Validators = {};
    if (rec) {
      const restored = await this.restore(source, rec.key, card);
      const photo = restored?.photo;
      if (photo) {
        if (this.now() - Date.parse(rec.checked ?? rec.at) < this.revalidateMs) return restored;
        // Time to ask the server whether the photo at this address changed.
        const got = await this.net.run(() => this.fetcher.get(url, { etag: rec.etag, lastModified: rec.last_modified }));
        this.stats.revalidated++;
        if (!got.ok) return restored; // unreachable now: keep what we have
        if (got.notModified || contentKey(got.bytes) === rec.key) {
          const checked: UrlRecord = { ...rec, checked: new Date(this.now()).toISOString() };
          await writeAtomic(urlRecordFile(this.cacheDir, href), JSON.stringify(checked));
          await this.storeUrlRecord(checked);
          return restored;
        }
        this.stats.downloaded++;
        this.stats.replaced++;
        return this.downloaded(source, href, card, got.bytes, got.contentType, got.validators, rec);
      }
    }
    let bytes: Buffer | undefined;
    let contentType: string | undefined;
    if (rec) {
      try {
        const b = await fsp.readFile(sourceFile(this.cacheDir, rec.key));
        if (contentKey(b) === rec.key) bytes = b;
      } catch {
        // not kept: download again
      }
    }
    if (!bytes) {
      const got = await this.net.run(() => this.fetcher.get(url));
      if (!got.ok) return this.fail(source, got.reason);
      if (got.notModified) return this.fail(source, `unexpected 304 Not Modified from ${href}`);
      this.stats.downloaded++;
      bytes = got.bytes;
      contentType = got.contentType;
      validators = got.validators;
    }
    return this.downloaded(source, href, card, bytes, contentType, validators, rec);
  }

  /** Processes downloaded (or kept) bytes; once they prove a usable photo, keeps them and records the URL. */
  private async downloaded(
    source: string,
    href: string,
    card: boolean,
    bytes: Buffer,
    contentType: string | undefined,
    validators: Validators,
    rec: UrlRecord | undefined,
  ): Promise<Outcome> {
    const key = contentKey(bytes);
    const out = await this.ensure(source, key, bytes, card, contentType);
    if (out.photo.ok) {
      // Failures are not cached: a bad download is tried again on the next build.
      const src = sourceFile(this.cacheDir, key);
      if (!fs.existsSync(src)) await writeAtomic(src, bytes);
      const fresh = validators.etag !== undefined || validators.lastModified !== undefined;
      if (!rec || rec.key !== key || fresh) {
        const at = new Date(this.now()).toISOString();
        const record: UrlRecord = rec && rec.key === key ? { ...rec, checked: at } : { url: href, key, bytes: bytes.byteLength, at };
        if (contentType) record.type = contentType;
        if (validators.etag) record.etag = validators.etag;
        if (validators.lastModified) record.last_modified = validators.lastModified;
        await writeAtomic(urlRecordFile(this.cacheDir, href), JSON.stringify(record));
        await this.storeUrlRecord(record);
      }
    }
    return out;
  }

  private params(card: boolean): VariantParams {
    const p: VariantParams = { width: this.width, quality: this.quality, card };
    if (this.effort !== undefined) p.effort = this.effort;
    return p;
  }

  private meta(key: string): ImageMeta | undefined {
    if (!this.metas.has(key)) this.metas.set(key, readMeta(this.cacheDir, key));
    return this.metas.get(key);
  }

  private exists(rel: string): boolean {
    if (this.present.has(rel)) return true;
    if (!fs.existsSync(variantFile(this.cacheDir, rel))) return false;
    this.present.add(rel);
    return true;
  }

  private have(key: string, meta: ImageMeta | undefined, suffix: string): boolean {
    return !!meta?.variants[suffix] && this.exists(variantRel(key, suffix));
  }

  /** The Photo from cached metadata when every variant it needs is on disk; otherwise undefined. */
  private cachedPhoto(source: string, key: string, card: boolean): Photo | undefined {
    const meta = this.meta(key);
    if (!meta?.colour) return undefined;
    const sizes: PhotoVariant[] = [];
    const crops = new Map<string, PhotoVariant>();
    for (const v of planVariants(meta.w, this.params(card))) {
      const dims = meta.variants[v.suffix];
      const rel = variantRel(key, v.suffix);
      if (!dims || !this.exists(rel)) return undefined;
      const variant: PhotoVariant = { url: this.prefix + rel, width: dims[0], height: dims[1] };
      if (v.role === 'size') sizes.push(variant);
      else crops.set(v.role, variant);
    }
    const thumb = crops.get('thumb');
    if (!thumb) return undefined;
    const photo: Photo = { ok: true, source, sizes, thumb, colour: meta.colour };
    if (card) {
      const small = crops.get('small');
      const large = crops.get('large');
      if (!small || !large) return undefined;
      photo.card = { small, large };
    }
    this.used.add(key);
    return photo;
  }

  /** The photo from the local cache, else from the fleet's store; undefined when neither has it whole. */
  private restore(source: string, key: string, card: boolean): Promise<Outcome | undefined> {
    return this.keyLock.run(key, async () => {
      const cached = this.cachedPhoto(source, key, card);
      if (cached) return { photo: cached, worked: false };
      return this.fetchFromStore(source, key, card);
    });
  }

  /** Downloads the variants the local cache lacks from the store, when its meta lists them all. */
  private async fetchFromStore(source: string, key: string, card: boolean): Promise<Outcome | undefined> {
    if (!this.store) return undefined;
    const remote = await this.store.meta(key);
    if (!remote?.colour) return undefined;
    const wanted = planVariants(remote.w, this.params(card)).filter((v) => !this.have(key, this.meta(key), v.suffix));
    if (wanted.some((v) => !remote.variants[v.suffix])) return undefined;
    const files = await Promise.all(
      wanted.map(async (v) => {
        const rel = variantRel(key, v.suffix);
        return { rel, bytes: await this.store?.variant(rel) };
      }),
    );
    if (files.some((f) => !f.bytes)) return undefined;
    for (const f of files) if (f.bytes) await writeAtomic(variantFile(this.cacheDir, f.rel), f.bytes);
    this.metas.set(key, await writeMeta(this.cacheDir, key, remote));
    const photo = this.cachedPhoto(source, key, card);
    if (!photo) return undefined;
    this.store.stats.fetched++;
    await this.markStored(key);
    return { photo, worked: false, fetched: true };
  }

  private async markStored(key: string): Promise<void> {
    if (this.store) await writeAtomic(storedMarker(this.cacheDir, this.store.id, key), '').catch(() => undefined);
  }

  /**
   * A photo this runner's cache had and the store may lack (a cache filled before the store existed, or
   * by a build without it): put into the store once, then remembered locally, so a later runner with an
   * empty cache need not encode it. One meta request per photo per cache, ever.
   */
  private async backfill(key: string): Promise<void> {
    if (!this.store?.usable || fs.existsSync(storedMarker(this.cacheDir, this.store.id, key))) return;
    const local = this.meta(key);
    if (!local?.colour) return;
    const remote = await this.store.meta(key);
    if (!this.store.usable) return;
    const missing = Object.keys(local.variants).filter((suffix) => !remote?.variants[suffix] && this.exists(variantRel(key, suffix)));
    if (remote && missing.length === 0) await this.markStored(key);
    else await this.pushToStore(key, local, missing, 'backfill');
  }

  private urlMarker(href: string): string | undefined {
    return this.store ? storedMarker(this.cacheDir, this.store.id, `u${path.basename(urlRecordFile(this.cacheDir, href), '.json')}`) : undefined;
  }

  /** Puts a photo's URL record into the store, for a runner that has the address but not the bytes. */
  private async storeUrlRecord(rec: UrlRecord): Promise<void> {
    const marker = this.urlMarker(rec.url);
    if (marker && (await this.store?.putUrlRecord(rec))) await writeAtomic(marker, '').catch(() => undefined);
  }

  /** The URL record of a photo this runner's cache had before the store (see backfill). */
  private async backfillUrl(href: string): Promise<void> {
    const marker = this.urlMarker(href);
    if (!this.store?.usable || !marker || fs.existsSync(marker)) return;
    const rec = readUrlRecord(this.cacheDir, href);
    if (rec) await this.storeUrlRecord(rec);
  }

  /** Puts what this run encoded for `key` into the store: the variants first, then the meta listing them. */
  private async pushToStore(key: string, meta: ImageMeta, written: readonly string[], why: 'encoded' | 'backfill' = 'encoded'): Promise<void> {
    if (!this.store || written.length === 0) return;
    const files: { rel: string; bytes: Buffer }[] = [];
    const listed: ImageMeta = { ...meta, variants: {} };
    const remote = await this.store.meta(key);
    for (const [suffix, dims] of Object.entries(meta.variants)) {
      const rel = variantRel(key, suffix);
      if (remote?.variants[suffix] && !written.includes(suffix)) {
        listed.variants[suffix] = dims;
        continue;
      }
      const bytes = await fsp.readFile(variantFile(this.cacheDir, rel)).catch(() => undefined);
      if (!bytes) continue;
      files.push({ rel, bytes });
      listed.variants[suffix] = dims;
    }
    if (await this.store.putPhoto(key, listed, files, why)) await this.markStored(key);
  }

  /**
   * Makes whatever is missing for these bytes: from the local cache, else the fleet's store, else sharp.
   * One source at a time per content key in this process, and across the processes sharing the cache
   * (two tenants built side by side that carry the same photo encode it once).
   */
  private ensure(source: string, key: string, bytes: Buffer, card: boolean, contentType: string | undefined): Promise<Outcome> {
    return this.keyLock.run(key, async () => {
      const cached = this.cachedPhoto(source, key, card);
      if (cached) return { photo: cached, worked: false };
      return withFileLock(lockFile(this.cacheDir, key), async () => {
        // Another process may have made it while this one waited for the lock: read the meta again.
        this.metas.delete(key);
        const made = this.cachedPhoto(source, key, card);
        if (made) return { photo: made, worked: false };
        const fetched = await this.fetchFromStore(source, key, card);
        if (fetched) return fetched;
        const known = this.meta(key);
        const had = new Set(Object.keys(known?.variants ?? {}).filter((suffix) => this.have(key, known, suffix)));
        const result = await this.cpu.run(() =>
          encodeImage(bytes, key, this.params(card), this.cacheDir, known, (suffix) => this.have(key, known, suffix), contentType),
        );
        this.stats.variantsWritten += result.written;
        const saved = await writeMeta(this.cacheDir, key, result.meta);
        this.metas.set(key, saved);
        const photo = this.cachedPhoto(source, key, card);
        if (!photo) throw new Error(`variants of ${key} missing right after encoding`);
        await this.pushToStore(
          key,
          saved,
          Object.keys(saved.variants).filter((suffix) => !had.has(suffix)),
        );
        return { photo, worked: true };
      });
    });
  }
}

/**
 * Turns photo references into Photos. Each distinct source is handled once (card if any job asks for
 * it); identical bytes under different names or tenants are processed once. Never throws for a photo;
 * throws only for invalid options.
 */
export async function processImages(jobs: ImageJob[], opts: ImageOptions): Promise<ImageResult> {
  const started = performance.now();
  if (!Number.isInteger(opts.width) || opts.width < 16 || opts.width > 8192) throw new RangeError(`image width must be an integer 16-8192, got ${opts.width}`);
  if (!Number.isInteger(opts.quality) || opts.quality < 1 || opts.quality > 100)
    throw new RangeError(`image quality must be an integer 1-100, got ${opts.quality}`);

  if (opts.effort !== undefined && (!Number.isInteger(opts.effort) || opts.effort < 0 || opts.effort > 6))
    throw new RangeError(`webp effort must be an integer 0-6, got ${opts.effort}`);

  const wanted = new Map<string, boolean>();
  for (const job of jobs) wanted.set(job.source, (wanted.get(job.source) ?? false) || job.card);
  const sources = [...wanted.keys()];

  const cores = os.availableParallelism();
  const cpu = Math.max(1, Math.floor(opts.concurrency ?? cores));
  const run = new Run(opts, cpu);
  run.stats.sources = sources.length;
  run.index.load();

  const photos = new Map<string, Photo>();
  const failures: { source: string; reason: string }[] = [];
  let done = 0;
  acquireSharp(Math.max(1, Math.floor(cores / cpu)));
  try {
    // Enough tasks in flight to keep the CPU slots and the download slots busy at the same time.
    const inFlight = Math.max(16, cpu * 2 + (opts.fetchConcurrency ?? 8));
    await mapLimit(sources, inFlight, async (source) => {
      const out = await run.process(source, wanted.get(source) ?? false);
      photos.set(source, out.photo);
      if (!out.photo.ok) {
        run.stats.failed++;
        failures.push({ source, reason: out.photo.reason });
      } else if (out.worked) run.stats.processed++;
      else if (out.fetched) run.stats.fromStore++;
      else run.stats.cached++;
      done++;
      try {
        opts.onProgress?.(done, sources.length);
      } catch {
        // a progress reporter must not stop the images
      }
    });
  } finally {
    releaseSharp();
  }
  try {
    await run.index.save();
  } catch {
    // the index only saves re-reading next time
  }
  await markUsed(opts.cacheDir, run.used);
  // Deterministic order for reports, whatever finished first.
  const order = new Map(sources.map((s, i) => [s, i]));
  failures.sort((a, b) => (order.get(a.source) ?? 0) - (order.get(b.source) ?? 0));
  const ordered = new Map<string, Photo>();
  for (const s of sources) {
    const p = photos.get(s);
    if (p) ordered.set(s, p);
  }
  run.stats.ms = Math.round(performance.now() - started);
  return { photos: ordered, stats: run.stats, failures };
}

/**
 * Puts every variant referenced by the ok photos into <siteOutDir>/<urlPrefix path> (e.g. dist/img/ab/...),
 * hard-linked from the cache (copied when linking is not possible), so the built site is self-contained.
 * Call it after the Astro build, which may empty its outDir. Variants missing from the cache are
 * returned in `missing` (a cache deleted between processing and publishing), not thrown.
 */
export async function publishImages(
  photos: Iterable<Photo>,
  cacheDir: string,
  siteOutDir: string,
  urlPrefix = '/img/',
): Promise<{ files: number; bytes: number; missing: string[] }> {
  const prefix = normalisePrefix(urlPrefix);
  const destRoot = path.join(siteOutDir, decodeURIComponent(new URL(prefix, 'http://site.invalid/').pathname));
  const rels = new Set<string>();
  const missing: string[] = [];
  for (const photo of photos) {
    if (!photo.ok) continue;
    const variants = [...photo.sizes, photo.thumb, ...(photo.card ? [photo.card.small, photo.card.large] : [])];
    for (const v of variants) {
      const rel = v.url.startsWith(prefix) ? v.url.slice(prefix.length) : '';
      if (VARIANT_REL.test(rel)) rels.add(rel);
      else missing.push(v.url);
    }
  }
  let files = 0;
  let bytes = 0;
  await mapLimit([...rels], 16, async (rel) => {
    const from = variantFile(cacheDir, rel);
    const to = path.join(destRoot, rel);
    let size: number;
    try {
      size = (await fsp.stat(from)).size;
    } catch {
      missing.push(rel);
      return;
    }
    try {
      await linkOrCopy(from, to, size);
    } catch (err) {
      if (errCode(err) !== 'ENOENT') throw err;
      await fsp.mkdir(path.dirname(to), { recursive: true });
      await linkOrCopy(from, to, size);
    }
    files++;
    bytes += size;
  });
  return { files, bytes, missing };
}

async function linkOrCopy(from: string, to: string, size: number): Promise<void> {
  try {
    await fsp.link(from, to);
  } catch (err) {
    const code = errCode(err);
    if (code === 'ENOENT') throw err;
    if (code === 'EEXIST') {
      // Content-addressed: an existing file of the same size is the same variant (publishing into an existing outDir).
      const there = await fsp.stat(to).catch(() => undefined);
      if (there && there.size === size) return;
    }
    await copyAtomic(from, to); // EXDEV (another file system), EPERM, ENOTSUP, or a stale file
  }
}

async function copyAtomic(from: string, to: string): Promise<void> {
  const tmp = `${to}.${process.pid}.tmp`;
  await fsp.copyFile(from, tmp);
  await fsp.rename(tmp, to);
}
