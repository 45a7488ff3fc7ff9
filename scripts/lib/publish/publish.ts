/**
 * Publishes built tenants (<out>/<slug>/) to a bucket through the S3 API (AWS S3, Cloudflare R2, MinIO,
 * anything that speaks it), each under <prefix><slug>/. Only tenants whose <out>/_build/<slug>/report.json
 * says `ok` are published; a held or failed build leaves the tenant's folder in the bucket untouched.
 *
 * Per tenant, in this order, so a shopper never meets a page whose assets are missing:
 *   1. read the bucket: list the tenant's folder and its manifest (plan.ts says what is unchanged);
 *   2. upload new and changed content-addressed assets (/_astro, search index, photos);
 *   3. upload the other non-HTML files (robots.txt, sitemap.xml, autogauge answers, logos);
 *   4. upload the HTML pages;
 *   5. write the manifest (only when something changed);
 *   6. delete the objects the new site no longer has.
 * Any failure stops the tenant before the manifest and the deletes: the old pages are still served and
 * still find their assets, and the next run uploads what is missing. Other tenants go on.
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type HeadObjectCommandOutput,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentEncodingFor, type Phase } from './content.ts';
import { digest, MANIFEST_NAME, MAX_SITE_FILES, scanSite, type LocalFile } from './local.ts';
import { mapLimit } from './pool.ts';
import {
  buildManifest,
  fallbackCandidates,
  parseManifest,
  planFromManifest,
  planPublish,
  sameFiles,
  unquoteEtag,
  type Manifest,
  type Plan,
  type RemoteHeaders,
  type RemoteObject,
  unlistedCandidates,
} from './plan.ts';

/** Build statuses that may be published (scripts/lib/report.ts). */
export const PUBLISHABLE_STATUSES: ReadonlySet<string> = new Set(['ok']);

const DELETE_BATCH = 1000; // the S3 API's limit per DeleteObjects request
const MAX_LIST_PAGES = Math.ceil((MAX_SITE_FILES * 4) / 1000);
const MANIFEST_CACHE = 'no-store';

export interface S3Options {
  /** Custom endpoint (R2, MinIO, a local server); path-style addressing is used with one. */
  endpoint?: string | undefined;
  /** Region; default AWS_REGION / AWS_DEFAULT_REGION, else `auto` with an endpoint, else us-east-1. */
  region?: string | undefined;
}

/** An S3 client. Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY...). */
export function createS3Client(opts: S3Options = {}): S3Client {
  const region = opts.region ?? process.env['AWS_REGION'] ?? process.env['AWS_DEFAULT_REGION'] ?? (opts.endpoint ? 'auto' : 'us-east-1');
  return new S3Client({
    region,
    ...(opts.endpoint ? { endpoint: opts.endpoint, forcePathStyle: true } : {}),
    // The SDK's default (a CRC32 checksum on every request, streamed bodies sent aws-chunked) is not
    // understood by every S3-compatible server; uploads carry Content-MD5 instead, which all of them check.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 4,
  });
}

export type PublishEvent = { op: 'put'; key: string; phase: Phase } | { op: 'manifest'; key: string } | { op: 'delete'; key: string };

export interface PublishOptions {
  /** The build's output folder (holds <slug>/ and _build/<slug>/report.json). */
  out: string;
  bucket: string;
  /** Folder in the bucket for all tenants: '' or ending in '/'. */
  prefix?: string | undefined;
  /** Only these tenants (each must exist in `out`). */
  only?: readonly string[] | undefined;
  dryRun?: boolean | undefined;
  /** Requests in flight per tenant (uploads, HEADs, hashing). Default 8. */
  concurrency?: number | undefined;
  /** Called after each object is written or deleted, in order. */
  onEvent?: ((e: PublishEvent) => void) | undefined;
  /** Called with each tenant's result as it finishes. */
  onTenant?: ((s: TenantPublishStats) => void) | undefined;
}

export interface TenantPublishStats {
  tenant: string;
  /** published / dry-run: done; held, skipped: not touched (see `reason`); failed: stopped (see `error`). */
  status: 'published' | 'dry-run' | 'held' | 'skipped' | 'failed';
  reason?: string | undefined;
  error?: string | undefined;
  /** The site: every file and its bytes. */
  files: number;
  bytes: number;
  uploaded: number;
  uploaded_bytes: number;
  unchanged: number;
  unchanged_bytes: number;
  deleted: number;
  /** How "unchanged" was decided: the manifest, or the listing and HEADs (none yet / unreadable). */
  compared_with: 'manifest' | 'listing' | 'none';
  manifest_written: boolean;
  /** For a failed publish: the step that failed. Before `deleting`, the live site is the old one, whole. */
  failed_during?: 'reading' | 'uploading' | 'manifest' | 'deleting' | undefined;
  seconds: number;
}

export interface PublishResult {
  tenants: TenantPublishStats[];
  /** False when a tenant's publish failed. Held and skipped tenants do not count as failures. */
  ok: boolean;
}

/** A problem with the command itself (unknown tenant, unreadable bucket): nothing was published. */
export class PublishSetupError extends Error {
  override name = 'PublishSetupError';
}

export function normalisePrefix(prefix: string | undefined): string {
  const p = (prefix ?? '').trim();
  if (p === '' || p === '/') return '';
  if (p.startsWith('/')) throw new PublishSetupError(`--prefix ${JSON.stringify(prefix)}: an S3 key does not start with "/"; use e.g. "sites/"`);
  if (p.split('/').some((seg, i, all) => seg === '..' || seg === '.' || (seg === '' && i < all.length - 1))) {
    throw new PublishSetupError(`--prefix ${JSON.stringify(prefix)}: empty, "." or ".." folder names`);
  }
  return p.endsWith('/') ? p : `${p}/`;
}

interface TenantEntry {
  slug: string;
  /** The report's status, or undefined when there is no readable report. */
  status: string | undefined;
  reason?: string | undefined;
}

/** Every tenant the output folder knows: a folder in <out>/ or a report in <out>/_build/. */
export function findTenants(out: string): TenantEntry[] {
  if (!existsSync(out) || !statSync(out).isDirectory()) throw new PublishSetupError(`--out ${out}: not a folder (run the build first)`);
  const dirs = (p: string): string[] =>
    existsSync(p)
      ? readdirSync(p, { withFileTypes: true })
          .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !d.name.startsWith('.'))
          .map((d) => d.name)
      : [];
  const slugs = [...new Set([...dirs(out), ...dirs(join(out, '_build'))])].sort();
  return slugs.map((slug) => {
    const file = join(out, '_build', slug, 'report.json');
    if (!existsSync(file)) return { slug, status: undefined, reason: `no build report (${file})` };
    try {
      const report: unknown = JSON.parse(readFileSync(file, 'utf8'));
      const status = typeof report === 'object' && report !== null ? (report as { status?: unknown }).status : undefined;
      const held = typeof report === 'object' && report !== null ? (report as { held?: { reason?: unknown } }).held : undefined;
      if (typeof status !== 'string') return { slug, status: undefined, reason: `${file} has no status` };
      return { slug, status, reason: status === 'held' && typeof held?.reason === 'string' ? held.reason : undefined };
    } catch (err) {
      return { slug, status: undefined, reason: `${file}: ${(err as Error).message}` };
    }
  });
}

function emptyStats(tenant: string, status: TenantPublishStats['status'], reason?: string): TenantPublishStats {
  return {
    tenant,
    status,
    reason,
    files: 0,
    bytes: 0,
    uploaded: 0,
    uploaded_bytes: 0,
    unchanged: 0,
    unchanged_bytes: 0,
    deleted: 0,
    compared_with: 'none',
    manifest_written: false,
    seconds: 0,
  };
}

function errorName(err: unknown): string {
  return typeof err === 'object' && err !== null && 'name' in err ? String((err as { name: unknown }).name) : '';
}

function httpStatus(err: unknown): number | undefined {
  const meta = typeof err === 'object' && err !== null ? (err as { $metadata?: { httpStatusCode?: number } }).$metadata : undefined;
  return meta?.httpStatusCode;
}

function describe(err: unknown): string {
  const e = err as Error;
  const status = httpStatus(err);
  return `${e.name && e.name !== 'Error' ? `${e.name}: ` : ''}${e.message || 'unknown error'}${status ? ` (HTTP ${status})` : ''}`;
}

/** Every object under `base` (the tenant's folder), by its path inside the site. */
async function listFolder(client: S3Client, bucket: string, base: string): Promise<Map<string, RemoteObject>> {
  const objects = new Map<string, RemoteObject>();
  let token: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const res: ListObjectsV2CommandOutput = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: base, ContinuationToken: token }));
    for (const o of res.Contents ?? []) {
      if (!o.Key?.startsWith(base)) continue;
      objects.set(o.Key.slice(base.length), { size: o.Size ?? -1, etag: unquoteEtag(o.ETag) });
    }
    if (!res.IsTruncated) return objects;
    token = res.NextContinuationToken;
    if (!token) throw new Error(`listing s3://${bucket}/${base}: truncated without a continuation token`);
  }
  throw new Error(`listing s3://${bucket}/${base}: more than ${MAX_LIST_PAGES} pages`);
}

async function readManifest(client: S3Client, bucket: string, key: string): Promise<{ manifest?: Manifest; problem?: string }> {
  let text: string;
  try {
    const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    text = (await res.Body?.transformToString('utf-8')) ?? '';
  } catch (err) {
    if (errorName(err) === 'NoSuchKey' || httpStatus(err) === 404) return {};
    throw err;
  }
  try {
    return { manifest: parseManifest(text) };
  } catch (err) {
    return { problem: `unreadable manifest (${(err as Error).message})` };
  }
}

/** HEAD of one object; undefined when it does not exist. */
async function headObject(client: S3Client, bucket: string, key: string): Promise<HeadObjectCommandOutput | undefined> {
  try {
    return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  } catch (err) {
    if (errorName(err) === 'NotFound' || errorName(err) === 'NoSuchKey' || httpStatus(err) === 404) return undefined;
    throw err;
  }
}

/** The bucket's state for one tenant, and the plan against it. */
async function planTenant(
  client: S3Client,
  bucket: string,
  base: string,
  local: readonly LocalFile[],
  concurrency: number,
): Promise<{ plan: Plan; objects: Map<string, RemoteObject>; manifest: Manifest | undefined; comparedWith: TenantPublishStats['compared_with'] }> {
  const objects = await listFolder(client, bucket, base);
  objects.delete(MANIFEST_NAME);
  // Read even when the listing did not show it: one request, and a listing can miss a key.
  const { manifest, problem } = await readManifest(client, bucket, base + MANIFEST_NAME);
  if (problem) console.warn(`[${base}] ${problem}: comparing against the listing instead`);
  if (manifest) {
    await mapLimit(unlistedCandidates(local, manifest, objects), concurrency, async (rel) => {
      const h = await headObject(client, bucket, base + rel);
      if (h) objects.set(rel, { size: h.ContentLength ?? -1, etag: unquoteEtag(h.ETag) });
    });
    return { plan: planPublish(local, { objects, manifest }), objects, manifest, comparedWith: 'manifest' };
  }
  const heads = new Map<string, RemoteHeaders>();
  await mapLimit(fallbackCandidates(local, objects), concurrency, async (rel) => {
    const h = await headObject(client, bucket, base + rel);
    if (h) heads.set(rel, { contentType: h.ContentType, cacheControl: h.CacheControl, contentEncoding: h.ContentEncoding });
  });
  return { plan: planPublish(local, { objects, heads }), objects, manifest: undefined, comparedWith: objects.size > 0 ? 'listing' : 'none' };
}

async function publishOne(
  client: S3Client,
  slug: string,
  opts: Required<Pick<PublishOptions, 'out' | 'bucket'>> & PublishOptions,
): Promise<TenantPublishStats> {
  const started = performance.now();
  const stats = emptyStats(slug, opts.dryRun ? 'dry-run' : 'published');
  const base = `${normalisePrefix(opts.prefix)}${slug}/`;
  const concurrency = opts.concurrency ?? 8;
  let step: NonNullable<TenantPublishStats['failed_during']> = 'reading';
  try {
    const siteDir = join(opts.out, slug);
    if (!existsSync(siteDir)) throw new Error(`${siteDir}: no site (the report says ok but the folder is missing)`);
    const local = await scanSite(siteDir, concurrency);
    if (!local.some((f) => f.rel === 'index.html')) throw new Error(`${siteDir}: no index.html; refusing to publish a site without a home page`);
    stats.files = local.length;
    stats.bytes = local.reduce((n, f) => n + f.size, 0);

    const { plan, objects, manifest, comparedWith } = await planTenant(client, opts.bucket, base, local, concurrency);
    stats.compared_with = comparedWith;
    stats.unchanged = plan.unchanged.length;
    stats.unchanged_bytes = plan.unchanged.reduce((n, f) => n + f.size, 0);
    if (opts.dryRun) {
      stats.uploaded = plan.upload.length;
      stats.uploaded_bytes = plan.upload.reduce((n, f) => n + f.size, 0);
      stats.deleted = plan.delete.length;
      return stats;
    }

    step = 'uploading';
    const etags = new Map<string, string>();
    for (const f of plan.unchanged) etags.set(f.rel, objects.get(f.rel)?.etag ?? f.md5);
    for (const phase of ['immutable', 'other', 'html'] as const) {
      await mapLimit(
        plan.upload.filter((f) => f.phase === phase),
        concurrency,
        async (f) => {
          const bytes = await readFile(f.abs);
          if (digest(bytes).sha256 !== f.sha256) throw new Error(`${f.abs} changed while publishing; run the publish again after the build`);
          const key = base + f.rel;
          const res = await client.send(
            new PutObjectCommand({
              Bucket: opts.bucket,
              Key: key,
              Body: bytes,
              ContentType: f.contentType,
              ContentEncoding: contentEncodingFor(f.rel),
              CacheControl: f.cacheControl,
              ContentMD5: Buffer.from(f.md5, 'hex').toString('base64'),
            }),
          );
          etags.set(f.rel, unquoteEtag(res.ETag) || f.md5);
          stats.uploaded++;
          stats.uploaded_bytes += f.size;
          opts.onEvent?.({ op: 'put', key, phase });
        },
      );
    }

    step = 'manifest';
    const next = buildManifest(slug, local, etags);
    if (!sameFiles(manifest, next)) {
      const key = base + MANIFEST_NAME;
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: key,
          Body: Buffer.from(JSON.stringify(next)),
          ContentType: 'application/json; charset=utf-8',
          CacheControl: MANIFEST_CACHE,
        }),
      );
      stats.manifest_written = true;
      opts.onEvent?.({ op: 'manifest', key });
    }

    step = 'deleting';
    for (let i = 0; i < plan.delete.length; i += DELETE_BATCH) {
      const keys = plan.delete.slice(i, i + DELETE_BATCH).map((rel) => base + rel);
      const res = await client.send(new DeleteObjectsCommand({ Bucket: opts.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
      const errors = res.Errors ?? [];
      if (errors.length > 0) {
        const first = errors[0];
        throw new Error(`could not delete ${errors.length} old object(s), e.g. ${first?.Key}: ${first?.Code} ${first?.Message ?? ''}`.trim());
      }
      stats.deleted += keys.length;
      for (const key of keys) opts.onEvent?.({ op: 'delete', key });
    }
    return stats;
  } catch (err) {
    stats.status = 'failed';
    stats.failed_during = step;
    stats.error = describe(err);
    return stats;
  } finally {
    stats.seconds = (performance.now() - started) / 1000;
  }
}

/** Checks the bucket answers before any tenant is touched. */
async function checkBucket(client: S3Client, bucket: string, prefix: string): Promise<void> {
  try {
    await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1 }));
  } catch (err) {
    throw new PublishSetupError(`cannot list s3://${bucket}/${prefix}: ${describe(err)}`);
  }
}

/**
 * Publishes every publishable tenant of `opts.out` (or `opts.only`), one after another; returns each
 * tenant's stats. Throws PublishSetupError, before touching anything, for a bad option or an unreachable
 * bucket. `--dry-run` reads the bucket and reports what would be sent.
 */
export async function publishDist(client: S3Client, opts: PublishOptions): Promise<PublishResult> {
  const prefix = normalisePrefix(opts.prefix);
  if (!opts.bucket) throw new PublishSetupError('--bucket is required');
  const concurrency = opts.concurrency ?? 8;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    throw new PublishSetupError(`--concurrency ${concurrency}: a whole number from 1 to 64`);
  const all = findTenants(opts.out);
  let chosen = all;
  if (opts.only !== undefined) {
    const known = new Set(all.map((t) => t.slug));
    const unknown = opts.only.filter((s) => !known.has(s));
    if (unknown.length > 0) throw new PublishSetupError(`--only: no tenant ${unknown.map((s) => JSON.stringify(s)).join(', ')} in ${opts.out}`);
    const wanted = new Set(opts.only);
    chosen = all.filter((t) => wanted.has(t.slug));
  }
  if (chosen.some((t) => t.status !== undefined && PUBLISHABLE_STATUSES.has(t.status))) await checkBucket(client, opts.bucket, prefix);

  const tenants: TenantPublishStats[] = [];
  for (const t of chosen) {
    let s: TenantPublishStats;
    if (t.status === undefined) s = emptyStats(t.slug, 'skipped', t.reason);
    else if (t.status === 'held') s = emptyStats(t.slug, 'held', t.reason ?? 'the build was held');
    else if (!PUBLISHABLE_STATUSES.has(t.status)) s = emptyStats(t.slug, 'skipped', t.status === 'failed' ? 'the build failed' : `build status ${t.status}`);
    else {
      s = await publishOne(client, t.slug, { ...opts, prefix, concurrency });
      if (!opts.dryRun) writePublishReport(opts.out, s);
    }
    tenants.push(s);
    opts.onTenant?.(s);
  }
  return { tenants, ok: tenants.every((s) => s.status !== 'failed') };
}

/** <out>/_build/<slug>/publish.json: the tenant's last publish, for the run summary. */
function writePublishReport(out: string, s: TenantPublishStats): void {
  const dir = join(out, '_build', s.tenant);
  if (!existsSync(dir)) return;
  try {
    writeFileSync(join(dir, 'publish.json'), `${JSON.stringify({ ...s, finished_at: new Date().toISOString() }, null, 2)}\n`);
  } catch (err) {
    console.warn(`[${s.tenant}] could not write publish.json: ${(err as Error).message}`);
  }
}

const STEP_TEXT = { reading: 'reading', uploading: 'uploading', manifest: 'writing the manifest', deleting: 'deleting' } as const;

const mb = (bytes: number): string => (bytes / 1e6).toFixed(2);

/** The one line per tenant the CLI prints. */
export function formatTenantLine(s: TenantPublishStats): string {
  const t = `${s.seconds.toFixed(1)} s`;
  switch (s.status) {
    case 'published':
      return `[${s.tenant}] published: ${s.uploaded} uploaded (${mb(s.uploaded_bytes)} MB), ${s.unchanged} unchanged, ${s.deleted} deleted in ${t}`;
    case 'dry-run':
      return `[${s.tenant}] dry run: ${s.uploaded} to upload (${mb(s.uploaded_bytes)} MB), ${s.unchanged} unchanged, ${s.deleted} to delete (checked in ${t})`;
    case 'held':
      return `[${s.tenant}] held: not published, the live site is kept (${s.reason ?? 'the build was held'})`;
    case 'skipped':
      return `[${s.tenant}] skipped: not published (${s.reason ?? 'not built'})`;
    case 'failed': {
      const where =
        s.failed_during === 'deleting'
          ? `the new site is live; ${s.deleted} old object(s) deleted, the rest are deleted by the next publish`
          : 'the live site is the old one, whole: nothing was deleted';
      return `[${s.tenant}] publish failed while ${STEP_TEXT[s.failed_during ?? 'reading']} after ${s.uploaded} uploaded (${mb(s.uploaded_bytes)} MB) in ${t}: ${s.error ?? 'unknown error'}; ${where}`;
    }
  }
}

export interface SiteDiff {
  files: number;
  bytes: number;
  upload: number;
  upload_bytes: number;
  unchanged: number;
  deleted: number;
}

/**
 * What publishing the site in `nextDir` over the one in `previousDir` (two builds of one tenant) would
 * upload and delete, without a bucket: for benchmarks ("the bytes a 3%-changed night uploads").
 */
export async function diffSites(previousDir: string, nextDir: string, concurrency = 8): Promise<SiteDiff> {
  const [before, after] = [await scanSite(previousDir, concurrency), await scanSite(nextDir, concurrency)];
  const plan = planFromManifest(after, buildManifest('previous', before, new Map()));
  const sum = (files: readonly LocalFile[]): number => files.reduce((n, f) => n + f.size, 0);
  return {
    files: after.length,
    bytes: sum(after),
    upload: plan.upload.length,
    upload_bytes: sum(plan.upload),
    unchanged: plan.unchanged.length,
    deleted: plan.delete.length,
  };
}
