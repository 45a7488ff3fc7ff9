/**
 * Operations on the releases in the bucket (layout.ts): list a tenant's releases, roll back to one
 * (one PUT of the pointer: the slot it names is complete and untouched since it was live), remove a
 * retired tenant's site, and list the tenants the bucket holds.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { deleteKeys, getText, listLevel, listUnder, putJson } from './bucket.ts';
import { indexKey, manifestKey, markLive, pointerFor, pointerKey, rollbackTarget, tenantBase, type Pointer, type ReleaseInfo } from './layout.ts';
import { parseManifest } from './plan.ts';
import { normalisePrefix, readReleases } from './publish.ts';

export interface Where {
  bucket: string;
  prefix?: string | undefined;
}

export interface ReleaseRow {
  release: string;
  slot: string;
  live: boolean;
  state: 'writing' | 'complete';
  info: ReleaseInfo;
  live_from?: string | undefined;
  live_until?: string | undefined;
}

/** The tenant's kept releases, the live one first, then the most recently live. */
export async function listReleases(client: S3Client, where: Where, slug: string): Promise<{ rows: ReleaseRow[]; pointer?: Pointer | undefined }> {
  const base = tenantBase(normalisePrefix(where.prefix), slug);
  const { pointer, index } = await readReleases(client, where.bucket, base, slug);
  const rows = Object.entries(index.slots)
    .map(([slot, s]) => ({
      release: s.release,
      slot,
      live: pointer?.slot === slot,
      state: s.state,
      info: s.info,
      live_from: s.live_from,
      live_until: s.live_until,
    }))
    .sort((a, b) => Number(b.live) - Number(a.live) || (b.live_until ?? '').localeCompare(a.live_until ?? ''));
  return { rows, pointer };
}

export interface RollbackResult {
  tenant: string;
  from: ReleaseRow;
  to: ReleaseRow;
  seconds: number;
}

/**
 * Puts an earlier release back: the pointer names its slot again. The release rolled back from is
 * withdrawn, so the nightly run does not make an identical build live again (--accept does).
 */
export async function rollbackTenant(
  client: S3Client,
  where: Where,
  slug: string,
  opts: { to?: string | undefined; now?: Date } = {},
): Promise<RollbackResult> {
  const started = performance.now();
  const base = tenantBase(normalisePrefix(where.prefix), slug);
  const { pointer, index } = await readReleases(client, where.bucket, base, slug);
  if (!pointer) throw new Error(`${slug} has no live release in s3://${where.bucket}/${base} (nothing published yet)`);
  const target = rollbackTarget(index, pointer, opts.to);
  if ('error' in target) throw new Error(`${slug}: ${target.error}`);
  // The slot must still hold what its manifest says was complete: a manifest of another release means
  // a publish is overwriting it.
  const text = await getText(client, where.bucket, manifestKey(base, target.slot));
  let held: string | undefined;
  try {
    held = text === undefined ? undefined : parseManifest(text).release;
  } catch {
    held = undefined;
  }
  if (held !== target.release) throw new Error(`${slug}: slot ${target.slot} no longer holds release ${target.release} as a whole; choose another with --to`);
  const now = opts.now ?? new Date();
  const from = { ...index.slots[pointer.slot] };
  await putJson(client, where.bucket, pointerKey(base), pointerFor(slug, target.slot, target.release, now), 'no-cache');
  const next = markLive(index, { slot: target.slot, from: pointer, action: 'rolled-back', now });
  await putJson(client, where.bucket, indexKey(base), next);
  const row = (slot: string): ReleaseRow => {
    const s = next.slots[slot]!;
    return { release: s.release, slot, live: slot === target.slot, state: s.state, info: s.info, live_from: s.live_from, live_until: s.live_until };
  };
  return {
    tenant: slug,
    from: { ...row(pointer.slot), info: from.info ?? {} },
    to: row(target.slot),
    seconds: (performance.now() - started) / 1000,
  };
}

/** The tenants the bucket holds a site or history for: the folders under the prefix. */
export async function bucketTenants(client: S3Client, where: Where): Promise<string[]> {
  const { folders } = await listLevel(client, where.bucket, normalisePrefix(where.prefix));
  return folders.filter((f) => /^[a-z0-9][a-z0-9-]*$/.test(f));
}

/**
 * Deletes a tenant's whole folder: the pointer first (the host stops serving it at once), then every
 * release, the bookkeeping and the history. Returns what was (or, with dryRun, would be) deleted.
 */
export async function removeTenant(client: S3Client, where: Where, slug: string, opts: { dryRun?: boolean } = {}): Promise<{ objects: number; bytes: number }> {
  const base = tenantBase(normalisePrefix(where.prefix), slug);
  const objects = await listUnder(client, where.bucket, base);
  const bytes = [...objects.values()].reduce((n, o) => n + Math.max(0, o.size), 0);
  if (opts.dryRun || objects.size === 0) return { objects: objects.size, bytes };
  const pointer = pointerKey(base);
  const keys = [...objects.keys()].map((rel) => base + rel);
  if (keys.includes(pointer)) await deleteKeys(client, where.bucket, [pointer]);
  await deleteKeys(
    client,
    where.bucket,
    keys.filter((k) => k !== pointer),
  );
  return { objects: objects.size, bytes };
}
