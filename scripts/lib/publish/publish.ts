/**
 * Publishes a built tenant (<out>/<slug>/) to a bucket as a release in a slot, then moves the pointer
 * to it (layout.ts, docs/publishing.md):
 *   1. read the bucket: the pointer, releases.json; the site's release id is a hash of its files;
 *      a release already live is done (nothing is sent); a release a rollback withdrew is not made live again;
 *   2. choose a slot nobody is served from (one this release was already being written to, after a stop);
 *   3. write the slot: files already there are kept, files the live slot has are copied inside the
 *      bucket, the rest uploaded; objects the release does not have are deleted from the slot;
 *   4. write the slot's manifest, then the pointer: the one request that makes the release live;
 *   5. record it in releases.json, then remove what the layout no longer uses (an old flat site, slots
 *      past the kept count).
 * A failure before step 4 leaves the live release whole and the next run carries on where this one
 * stopped (only what is missing is sent); after it, the new release is live.
 */
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkBucket, copyObject, deleteKeys, describeError, getText, headObject, listLevel, listUnder, putJson } from './bucket.ts';
import { contentEncodingFor } from './content.ts';
import {
  chooseSlot,
  DEFAULT_RELEASES_KEPT,
  emptyIndex,
  indexKey,
  manifestKey,
  modelKey,
  markLive,
  markWriting,
  MAX_RELEASES_KEPT,
  META,
  parseIndex,
  parsePointer,
  pointerFor,
  pointerKey,
  slotBase,
  slotNames,
  tenantBase,
  type Pointer,
  type ReleaseIndex,
  type ReleaseInfo,
} from './layout.ts';
import { digest, releaseId, scanSite, type LocalFile } from './local.ts';
import { mapLimit } from '../pool.ts';
import {
  buildManifest,
  fallbackCandidates,
  inManifest,
  parseManifest,
  planFromManifest,
  planPublish,
  unlistedCandidates,
  unquoteEtag,
  type Manifest,
  type RemoteHeaders,
} from './plan.ts';

export { createS3Client, describeTarget, type S3Options } from './bucket.ts';

/** Build statuses that may be published (scripts/lib/report.ts). */
export const PUBLISHABLE_STATUSES: ReadonlySet<string> = new Set(['ok']);

export type PublishEvent =
  | { op: 'put'; key: string }
  | { op: 'copy'; key: string; from: string }
  | { op: 'delete'; key: string }
  | { op: 'manifest'; key: string }
  | { op: 'pointer'; key: string; release: string };

export interface TenantPublishOptions {
  bucket: string;
  /** Folder in the bucket for all tenants: '' or ending in '/'. */
  prefix?: string | undefined;
  /** Releases kept (the live one included), 2 to 8; default 3. */
  releasesKept?: number | undefined;
  dryRun?: boolean | undefined;
  /** Requests in flight (uploads, copies, HEADs, hashing). Default 8. */
  concurrency?: number | undefined;
  /** Publish even a release a rollback withdrew (--accept). */
  accept?: boolean | undefined;
  /**
   * The release id this site was published as before (publish.json): when the pointer already names it,
   * the tenant is `live` after two small reads, without reading and hashing every local file.
   */
  knownRelease?: string | undefined;
  /** What the build says about this release (published.json): recorded with the slot. */
  info?: ReleaseInfo | undefined;
  /**
   * The model file the site was built from (dist/_build/<slug>/model.json): written beside the slot's
   * manifest, so functions reading the bucket (functions:start --models-bucket) serve the live cars.
   */
  model?: string | undefined;
  onEvent?: ((e: PublishEvent) => void) | undefined;
  now?: (() => Date) | undefined;
}

export interface TenantPublishStats {
  tenant: string;
  /**
   * published: the release is live now; live: it already was, nothing sent; dry-run: checked only;
   * withheld: identical to a release a rollback withdrew, not made live again; held, skipped: the build
   * was not publishable (see `reason`); failed: stopped (see `error` and `failed_during`).
   */
  status: 'published' | 'live' | 'dry-run' | 'withheld' | 'held' | 'skipped' | 'failed';
  reason?: string | undefined;
  error?: string | undefined;
  /** Something went wrong after the release went live (an old object left behind); the next publish tidies up. */
  warning?: string | undefined;
  release?: string | undefined;
  slot?: string | undefined;
  /** The release that was live before this publish. */
  previous_release?: string | undefined;
  /** The slot already held part of this release: a stopped publish carried on. */
  resumed: boolean;
  files: number;
  bytes: number;
  uploaded: number;
  uploaded_bytes: number;
  /** Written by a copy inside the bucket from the live slot (no bytes sent from this machine). */
  copied: number;
  unchanged: number;
  deleted: number;
  /** Before `switching`, the live site is the old release, whole. */
  failed_during?: 'reading' | 'writing' | 'switching' | undefined;
  seconds: number;
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

export function checkReleasesKept(n: number | undefined): number {
  const kept = n ?? DEFAULT_RELEASES_KEPT;
  if (!Number.isInteger(kept) || kept < 2 || kept > MAX_RELEASES_KEPT)
    throw new PublishSetupError(`--releases ${kept}: a whole number from 2 to ${MAX_RELEASES_KEPT} (the live release and at least one to roll back to)`);
  return kept;
}

function emptyStats(tenant: string, status: TenantPublishStats['status'], reason?: string): TenantPublishStats {
  return {
    tenant,
    status,
    reason,
    resumed: false,
    files: 0,
    bytes: 0,
    uploaded: 0,
    uploaded_bytes: 0,
    copied: 0,
    unchanged: 0,
    deleted: 0,
    seconds: 0,
  };
}

/** The tenant's pointer and releases.json as they are in the bucket. */
export async function readReleases(client: S3Client, bucket: string, base: string, tenant: string): Promise<{ pointer?: Pointer; index: ReleaseIndex }> {
  const [pointerText, indexText] = await Promise.all([getText(client, bucket, pointerKey(base)), getText(client, bucket, indexKey(base))]);
  let pointer: Pointer | undefined;
  let index: ReleaseIndex;
  try {
    pointer = pointerText === undefined ? undefined : parsePointer(pointerText);
  } catch (err) {
    throw new Error(`s3://${bucket}/${pointerKey(base)} is unreadable (${(err as Error).message}); fix or delete it by hand`);
  }
  try {
    index = indexText === undefined ? emptyIndex(tenant) : parseIndex(indexText, tenant);
  } catch (err) {
    throw new Error(`s3://${bucket}/${indexKey(base)} is unreadable (${(err as Error).message}); fix or delete it by hand`);
  }
  return { ...(pointer ? { pointer } : {}), index };
}

async function readSlotManifest(client: S3Client, bucket: string, base: string, slot: string): Promise<Manifest | undefined> {
  const text = await getText(client, bucket, manifestKey(base, slot));
  if (text === undefined) return undefined;
  try {
    return parseManifest(text);
  } catch (err) {
    console.warn(`[${base}] slot ${slot}: unreadable manifest (${(err as Error).message}); comparing against the listing instead`);
    return undefined;
  }
}

/**
 * Publishes one tenant's built site (`siteDir`) as a release. Never throws for a bucket problem: a
 * failure is the `failed` status with the error and the step, and the live release is untouched.
 */
export async function publishTenant(client: S3Client, slug: string, siteDir: string, opts: TenantPublishOptions): Promise<TenantPublishStats> {
  const started = performance.now();
  const now = opts.now ?? (() => new Date());
  const stats = emptyStats(slug, opts.dryRun ? 'dry-run' : 'published');
  const base = tenantBase(normalisePrefix(opts.prefix), slug);
  const concurrency = opts.concurrency ?? 8;
  const kept = checkReleasesKept(opts.releasesKept);
  let step: NonNullable<TenantPublishStats['failed_during']> = 'reading';
  try {
    let { pointer, index } = await readReleases(client, opts.bucket, base, slug);
    stats.previous_release = pointer?.release;
    const isLive = (release: string): boolean => pointer?.release === release && index.slots[pointer.slot]?.state === 'complete';
    if (opts.knownRelease && isLive(opts.knownRelease)) {
      Object.assign(stats, { status: opts.dryRun ? 'dry-run' : 'live', release: opts.knownRelease, slot: pointer?.slot });
      if (!opts.dryRun && pointer) await ensureModel(client, opts, base, pointer.slot);
      return stats;
    }

    if (!existsSync(siteDir)) throw new Error(`${siteDir}: no site to publish`);
    const local = await scanSite(siteDir, concurrency);
    if (!local.some((f) => f.rel === 'index.html')) throw new Error(`${siteDir}: no index.html; refusing to publish a site without a home page`);
    stats.files = local.length;
    stats.bytes = local.reduce((n, f) => n + f.size, 0);
    const release = releaseId(local);
    stats.release = release;
    if (isLive(release)) {
      Object.assign(stats, { status: opts.dryRun ? 'dry-run' : 'live', slot: pointer?.slot, unchanged: local.length });
      if (!opts.dryRun && pointer) await ensureModel(client, opts, base, pointer.slot);
      return stats;
    }
    if (index.withdrawn.includes(release) && !opts.accept) {
      const at = [...index.log].reverse().find((e) => e.action === 'rolled-back' && e.from === release)?.at;
      stats.status = 'withheld';
      stats.reason = `this build is release ${release}, which a rollback took off the site${at ? ` on ${at.slice(0, 10)}` : ''}; change its inputs, or publish it with --accept ${slug}`;
      return stats;
    }
    const choice = chooseSlot(index, pointer?.slot, kept, release, now());
    if ('error' in choice) throw new Error(choice.error);
    const { slot } = choice;
    stats.slot = slot;
    stats.resumed = choice.resume;
    const sBase = slotBase(base, slot);

    // What the slot holds now, and what the live slot holds (copied rather than uploaded).
    // The slot's manifest vouches only for objects whose listed ETag is still the one it recorded, so an
    // older manifest of a slot a stopped publish was overwriting is safe to use.
    const [objects, manifest, liveManifest] = await Promise.all([
      listUnder(client, opts.bucket, sBase),
      readSlotManifest(client, opts.bucket, base, slot),
      pointer ? readSlotManifest(client, opts.bucket, base, pointer.slot) : Promise.resolve(undefined),
    ]);
    if (manifest) {
      await mapLimit(unlistedCandidates(local, manifest, objects), concurrency, async (rel) => {
        const h = await headObject(client, opts.bucket, sBase + rel);
        if (h) objects.set(rel, { size: h.ContentLength ?? -1, etag: unquoteEtag(h.ETag) });
      });
    }
    const heads = new Map<string, RemoteHeaders>();
    await mapLimit(fallbackCandidates(local, objects, manifest), concurrency, async (rel) => {
      const h = await headObject(client, opts.bucket, sBase + rel);
      if (h) heads.set(rel, { contentType: h.ContentType, cacheControl: h.CacheControl, contentEncoding: h.ContentEncoding });
    });
    const plan = planPublish(local, { objects, manifest, heads });
    stats.resumed ||= plan.unchanged.length > 0 && index.slots[slot]?.release === release;
    stats.unchanged = plan.unchanged.length;
    const copyable = (f: LocalFile): boolean => pointer !== undefined && liveManifest !== undefined && inManifest(f, liveManifest);
    if (opts.dryRun) {
      stats.copied = plan.upload.filter(copyable).length;
      stats.uploaded = plan.upload.length - stats.copied;
      stats.uploaded_bytes = plan.upload.filter((f) => !copyable(f)).reduce((n, f) => n + f.size, 0);
      stats.deleted = plan.delete.length;
      return stats;
    }

    step = 'writing';
    index = markWriting(index, slot, release, opts.info ?? {}, now());
    await putJson(client, opts.bucket, indexKey(base), index);
    const etags = new Map<string, string>();
    for (const f of plan.unchanged) etags.set(f.rel, objects.get(f.rel)?.etag ?? f.md5);
    await mapLimit(plan.upload, concurrency, async (f) => {
      const key = sBase + f.rel;
      if (copyable(f) && pointer) {
        const from = slotBase(base, pointer.slot) + f.rel;
        const etag = await copyObject(client, opts.bucket, from, key);
        if (etag !== undefined) {
          etags.set(f.rel, etag || f.md5);
          stats.copied++;
          opts.onEvent?.({ op: 'copy', key, from });
          return;
        }
      }
      const bytes = await readFile(f.abs);
      if (digest(bytes).sha256 !== f.sha256) throw new Error(`${f.abs} changed while publishing; run the publish again after the build`);
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
      opts.onEvent?.({ op: 'put', key });
    });
    // The slot is not served yet: what the release does not have can go now.
    stats.deleted = await deleteKeys(
      client,
      opts.bucket,
      plan.delete.map((rel) => sBase + rel),
      (keys) => keys.forEach((key) => opts.onEvent?.({ op: 'delete', key })),
    );
    const next = { ...buildManifest(slug, local, etags, now()), release, slot };
    await putJson(client, opts.bucket, manifestKey(base, slot), next);
    opts.onEvent?.({ op: 'manifest', key: manifestKey(base, slot) });
    if (opts.model && existsSync(opts.model)) await putModel(client, opts.bucket, modelKey(base, slot), opts.model);

    step = 'switching';
    const at = now();
    await putJson(client, opts.bucket, pointerKey(base), pointerFor(slug, slot, release, at), 'no-cache');
    opts.onEvent?.({ op: 'pointer', key: pointerKey(base), release });
    const previous = pointer;
    pointer = pointerFor(slug, slot, release, at);
    index = markLive(index, { slot, from: previous, action: 'published', now: at, completed: true });
    // The release is live from here on: a failure below is a warning, tidied up by the next publish.
    try {
      await putJson(client, opts.bucket, indexKey(base), index);
      const tidied = await tidy(client, opts.bucket, base, pointer, kept, (key) => opts.onEvent?.({ op: 'delete', key }));
      stats.deleted += tidied.deleted;
      if (tidied.slots.length) {
        // Slots past a lowered --releases are gone: a rollback must not be offered them.
        index = { ...index, slots: Object.fromEntries(Object.entries(index.slots).filter(([slot]) => !tidied.slots.includes(slot))) };
        await putJson(client, opts.bucket, indexKey(base), index);
      }
    } catch (err) {
      stats.warning = `the release is live, but tidying up after it failed: ${describeError(err)}; the next publish tries again`;
    }
    return stats;
  } catch (err) {
    stats.status = 'failed';
    stats.failed_during = step;
    stats.error = err instanceof Error && !('$metadata' in err) ? err.message : describeError(err);
    return stats;
  } finally {
    stats.seconds = (performance.now() - started) / 1000;
  }
}

/**
 * Removes what the layout does not use under the tenant's folder: a site published flat before the
 * release slots (every top-level name but the slots and _meta/), and slots past the kept count.
 */
/** The slot's model file: private (under _meta/), never cached by a host. */
async function putModel(client: S3Client, bucket: string, key: string, file: string): Promise<void> {
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: await readFile(file), ContentType: 'application/json', CacheControl: 'no-store' }));
}

/**
 * A release already live keeps its slot; its model is written if the slot has none yet (a release
 * published before models were kept in the bucket), so the functions never lack the live cars.
 */
async function ensureModel(client: S3Client, opts: TenantPublishOptions, base: string, slot: string): Promise<void> {
  if (!opts.model || !existsSync(opts.model)) return;
  if (!(await headObject(client, opts.bucket, modelKey(base, slot)))) await putModel(client, opts.bucket, modelKey(base, slot), opts.model);
}

async function tidy(
  client: S3Client,
  bucket: string,
  base: string,
  live: Pointer,
  kept: number,
  onDelete: (key: string) => void,
): Promise<{ deleted: number; slots: string[] }> {
  const { folders, files } = await listLevel(client, bucket, base);
  const keep = new Set([...slotNames(kept).map((s) => `slot-${s}`), META.replace(/\/$/, '')]);
  const keys = files.map((f) => base + f);
  const slots: string[] = [];
  for (const folder of folders) {
    if (keep.has(folder) || folder === `slot-${live.slot}`) continue;
    for (const rel of (await listUnder(client, bucket, `${base}${folder}/`)).keys()) keys.push(`${base}${folder}/${rel}`);
    const slot = /^slot-([a-h])$/.exec(folder)?.[1];
    if (slot) {
      keys.push(manifestKey(base, slot), modelKey(base, slot));
      slots.push(slot);
    }
  }
  return { deleted: await deleteKeys(client, bucket, keys, (batch) => batch.forEach(onDelete)), slots };
}

export interface PublishOptions {
  /** The build's output folder (holds <slug>/ and _build/<slug>/report.json). */
  out: string;
  bucket: string;
  prefix?: string | undefined;
  /** Only these tenants (each must exist in `out`). */
  only?: readonly string[] | undefined;
  /** Tenants whose withdrawn release may be published again (--accept). */
  accept?: readonly string[] | undefined;
  releasesKept?: number | undefined;
  dryRun?: boolean | undefined;
  concurrency?: number | undefined;
  onEvent?: ((e: PublishEvent) => void) | undefined;
  onTenant?: ((s: TenantPublishStats) => void) | undefined;
  now?: (() => Date) | undefined;
}

export interface PublishResult {
  tenants: TenantPublishStats[];
  /** False when a tenant's publish failed. Held, skipped and withheld tenants do not count as failures. */
  ok: boolean;
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

/** What the local build says about the release in <out>/<slug> (published.json), for the slot's record. */
export function releaseInfo(out: string, slug: string): ReleaseInfo {
  try {
    const s = JSON.parse(readFileSync(join(out, '_build', slug, 'published.json'), 'utf8')) as ReleaseInfo;
    return { listed: s.listed, read: s.read, fingerprint: s.fingerprint, built_day: s.built_day, valid_until: s.valid_until };
  } catch {
    return {};
  }
}

/** <out>/_build/<slug>/publish.json: the tenant's last publish, for the run summary and the next night's "already live" test. */
export function writePublishRecord(out: string, s: TenantPublishStats, info: ReleaseInfo): void {
  const dir = join(out, '_build', s.tenant);
  if (!existsSync(dir)) return;
  try {
    writeFileSync(join(dir, 'publish.json'), `${JSON.stringify({ ...s, fingerprint: info.fingerprint, finished_at: new Date().toISOString() }, null, 2)}\n`);
  } catch (err) {
    console.warn(`[${s.tenant}] could not write publish.json: ${(err as Error).message}`);
  }
}

/** The release id recorded by the last publish of this very build (same fingerprint), if it went live. */
export function knownRelease(out: string, slug: string, fingerprint: string | undefined): string | undefined {
  if (!fingerprint) return undefined;
  try {
    const p = JSON.parse(readFileSync(join(out, '_build', slug, 'publish.json'), 'utf8')) as { status?: string; release?: string; fingerprint?: string };
    return (p.status === 'published' || p.status === 'live') && p.fingerprint === fingerprint ? p.release : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Publishes every publishable tenant of `opts.out` (or `opts.only`), one after another. Throws
 * PublishSetupError, before touching anything, for a bad option or an unreachable bucket.
 */
export async function publishDist(client: S3Client, opts: PublishOptions): Promise<PublishResult> {
  const prefix = normalisePrefix(opts.prefix);
  if (!opts.bucket) throw new PublishSetupError('--bucket is required');
  const concurrency = opts.concurrency ?? 8;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    throw new PublishSetupError(`--concurrency ${concurrency}: a whole number from 1 to 64`);
  const kept = checkReleasesKept(opts.releasesKept);
  const all = findTenants(opts.out);
  let chosen = all;
  if (opts.only !== undefined) {
    const known = new Set(all.map((t) => t.slug));
    const unknown = opts.only.filter((s) => !known.has(s));
    if (unknown.length > 0) throw new PublishSetupError(`--only: no tenant ${unknown.map((s) => JSON.stringify(s)).join(', ')} in ${opts.out}`);
    const wanted = new Set(opts.only);
    chosen = all.filter((t) => wanted.has(t.slug));
  }
  if (chosen.some((t) => t.status !== undefined && PUBLISHABLE_STATUSES.has(t.status))) {
    try {
      await checkBucket(client, opts.bucket, prefix);
    } catch (err) {
      throw new PublishSetupError(`cannot list s3://${opts.bucket}/${prefix}: ${describeError(err)}`);
    }
  }
  const accept = new Set(opts.accept ?? []);
  const tenants: TenantPublishStats[] = [];
  for (const t of chosen) {
    let s: TenantPublishStats;
    if (t.status === undefined) s = emptyStats(t.slug, 'skipped', t.reason);
    else if (t.status === 'held') s = emptyStats(t.slug, 'held', t.reason ?? 'the build was held');
    else if (!PUBLISHABLE_STATUSES.has(t.status)) s = emptyStats(t.slug, 'skipped', t.status === 'failed' ? 'the build failed' : `build status ${t.status}`);
    else {
      const info = releaseInfo(opts.out, t.slug);
      s = await publishTenant(client, t.slug, join(opts.out, t.slug), {
        ...opts,
        prefix,
        concurrency,
        releasesKept: kept,
        accept: accept.has(t.slug),
        info,
        model: join(opts.out, '_build', t.slug, 'model.json'),
      });
      if (!opts.dryRun) writePublishRecord(opts.out, s, info);
    }
    tenants.push(s);
    opts.onTenant?.(s);
  }
  return { tenants, ok: tenants.every((s) => s.status !== 'failed') };
}

const mb = (bytes: number): string => (bytes / 1e6).toFixed(2);
const STEP_TEXT = { reading: 'reading the bucket', writing: 'writing the new release', switching: 'switching to it' } as const;

/** The one line per tenant the CLI and the nightly build print. */
export function formatTenantLine(s: TenantPublishStats): string {
  const t = `${s.seconds.toFixed(1)} s`;
  const sent = `${s.uploaded} uploaded (${mb(s.uploaded_bytes)} MB), ${s.copied} copied in the bucket, ${s.unchanged} already there, ${s.deleted} deleted`;
  switch (s.status) {
    case 'published':
      return `[${s.tenant}] published release ${s.release} (slot ${s.slot}${s.resumed ? ', resumed' : ''}): ${sent} in ${t}${s.previous_release ? `; before: ${s.previous_release}` : ''}${s.warning ? `; warning: ${s.warning}` : ''}`;
    case 'live':
      return `[${s.tenant}] live: release ${s.release} is already the live site, nothing sent (${t})`;
    case 'dry-run':
      return `[${s.tenant}] dry run: release ${s.release ?? '?'} into slot ${s.slot ?? '?'}: ${s.uploaded} to upload (${mb(s.uploaded_bytes)} MB), ${s.copied} to copy, ${s.unchanged} already there, ${s.deleted} to delete (checked in ${t})`;
    case 'withheld':
      return `[${s.tenant}] withheld: not published, the live site is kept (${s.reason ?? ''})`;
    case 'held':
      return `[${s.tenant}] held: not published, the live site is kept (${s.reason ?? 'the build was held'})`;
    case 'skipped':
      return `[${s.tenant}] skipped: not published (${s.reason ?? 'not built'})`;
    case 'failed':
      return `[${s.tenant}] publish failed while ${STEP_TEXT[s.failed_during ?? 'reading']} after ${s.uploaded} uploaded (${mb(s.uploaded_bytes)} MB) in ${t}: ${s.error ?? 'unknown error'}; the live site is the release before, whole, and the next publish carries on from here`;
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
 * upload and delete, without a bucket: for benchmarks ("the bytes a 3%-changed night uploads"). With
 * release slots the files that did not change are copied inside the bucket, not uploaded.
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
