/**
 * The nightly build's fleet side, per tenant, used by scripts/build.ts when it publishes to a bucket:
 * what the bucket says is live (the publish guard's baseline, and "unchanged" on a runner that has no
 * local copy), the publish of a tenant as soon as it is built, and the night recorded in its history.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { describeError, putJson, type S3Options } from '../publish/bucket.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHOTO_LEDGER_FILE, photoLedgerKey } from './photo-ledger.ts';
import { type ReleaseInfo, tenantBase } from '../publish/layout.ts';
import { mapLimit } from '../pool.ts';
import { knownRelease, publishTenant, readReleases, releaseInfo, writePublishRecord, type TenantPublishStats } from '../publish/publish.ts';
import type { PublishCell, TenantRow } from '../summary.ts';
import { heldRun, recordNight, repairedRun, trend, type HistoryStore } from './history.ts';

export interface FleetTarget {
  client: S3Client;
  /** What the client was made from (settleRegion makes it again for the bucket's own region). */
  options: S3Options;
  bucket: string;
  prefix: string;
  releasesKept: number;
  /** "s3://bucket/prefix on AWS S3 (region ap-southeast-2)", for the first line of the run. */
  label: string;
}

/** The release a tenant's host serves now, as releases.json records it. */
export interface LiveState extends ReleaseInfo {
  release: string;
  published_at: string;
}

/**
 * What is live for each tenant. A tenant whose bookkeeping cannot be read is missing from the map and
 * its problem is returned, one line each: the build goes on (its guard then compares with the local build).
 */
export async function liveStates(target: FleetTarget, tenants: readonly string[]): Promise<{ live: Map<string, LiveState>; problems: string[] }> {
  const live = new Map<string, LiveState>();
  const problems: string[] = [];
  await mapLimit(tenants, 8, async (slug) => {
    try {
      const { pointer, index } = await readReleases(target.client, target.bucket, tenantBase(target.prefix, slug), slug);
      const slot = pointer ? index.slots[pointer.slot] : undefined;
      if (pointer && slot) live.set(slug, { ...slot.info, release: pointer.release, published_at: slot.live_from ?? pointer.published_at });
    } catch (err) {
      problems.push(`${slug}: ${(err as Error).message}`);
    }
  });
  return { live, problems };
}

/** The live release was built from these very inputs, and its pages still stand today. */
export function liveIsCurrent(live: LiveState | undefined, fingerprint: string, day: string): boolean {
  return Boolean(live?.fingerprint === fingerprint && live.built_day && live.valid_until && live.built_day <= day && day < live.valid_until);
}

/** Publishes the tenant's site in <out>/<slug>, records it in publish.json, and returns what happened. */
export async function publishBuilt(target: FleetTarget, out: string, slug: string, accept: boolean): Promise<TenantPublishStats> {
  const info = releaseInfo(out, slug);
  const stats = await publishTenant(target.client, slug, join(out, slug), {
    bucket: target.bucket,
    prefix: target.prefix,
    releasesKept: target.releasesKept,
    accept,
    info,
    knownRelease: knownRelease(out, slug, info.fingerprint),
    model: join(out, '_build', slug, 'model.json'),
  });
  writePublishRecord(out, stats, info);
  if (stats.status === 'published' || stats.status === 'live') await putPhotoLedger(target, out, slug);
  return stats;
}

/**
 * The photo ledger of the release now live (_meta/photos.json: a short hash of each photo reference
 * it shows, photo-ledger.ts), read by the next night's plan to tell new photos from processed ones.
 * Bookkeeping: a failure is a line, never a failed publish.
 */
async function putPhotoLedger(target: FleetTarget, out: string, slug: string): Promise<void> {
  const file = join(out, '_build', slug, PHOTO_LEDGER_FILE);
  if (!existsSync(file)) return;
  try {
    await putJson(target.client, target.bucket, photoLedgerKey(target.prefix, slug), JSON.parse(readFileSync(file, 'utf8')));
  } catch (err) {
    console.error(`warning: [${slug}] could not write its photo ledger: ${describeError(err)}`);
  }
}

export function publishCell(s: TenantPublishStats): PublishCell {
  return {
    status: s.status,
    release: s.release,
    files: s.files,
    unchanged: s.unchanged,
    uploaded: s.uploaded,
    uploaded_bytes: s.uploaded_bytes,
    copied: s.copied,
    deleted: s.deleted,
    resumed: s.resumed,
    seconds: Math.round(s.seconds * 10) / 10,
    error: s.error,
    reason: s.reason ?? s.warning,
  };
}

/**
 * Records tonight in the tenant's history and returns the row with what the history says: since when
 * it is held, whether tonight repaired it, its 30-night trend. A history that cannot be read or written
 * is a line in the row's message, never a failed tenant.
 */
export async function recordTenantNight(store: HistoryStore, row: TenantRow, day: string): Promise<TenantRow> {
  try {
    const before = await store.read(row.tenant);
    const history = recordNight(before, row.tenant, {
      day,
      status: row.status,
      listed: row.listed > 0 || row.status === 'built' || row.status === 'unchanged' || row.live_since ? row.listed : null,
      rejected: row.rejected,
      build_ms: row.time_ms,
      uploaded: row.publish?.uploaded,
      uploaded_bytes: row.publish?.uploaded_bytes,
      release: row.publish?.release,
      reason: row.status === 'held' || row.status === 'failed' ? row.message : undefined,
    });
    await store.write(history);
    const held = row.status === 'held' || row.status === 'failed' ? heldRun(history) : undefined;
    return {
      ...row,
      held_since: held?.since,
      nights_held: held?.nights,
      repaired: repairedRun(history),
      trend: trend(history),
    };
  } catch (err) {
    return { ...row, message: `${row.message ? `${row.message}; ` : ''}history not recorded (${store.where}: ${(err as Error).message})` };
  }
}

/** The report of the site in <out>/<slug> (kept beside report.json when a build is swapped in). */
export function liveReportFile(out: string, slug: string): string {
  return join(out, '_build', slug, 'live-report.json');
}
