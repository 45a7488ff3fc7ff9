/**
 * The fresh lane's decision (build.ts --fresh, docs/nightly.md "Minutes-fresh stock"): which tenants
 * to build every 15 minutes. Only those whose **inputs** (export, config, content) differ from the
 * ones their live release was built from, read from the bucket (no dist/ on a fresh runner). A platform
 * change alone is the nightly's work, and so is a day passing (listing windows, New Arrival tags).
 *
 * A build that did not go live (held by the publish guard or a compliance error, failed, or identical to
 * a release a rollback withdrew) is recorded in the bucket, `<prefix><slug>/_meta/not-published.json`,
 * with the inputs it was built from and the release that was live then. The fresh lane does not build
 * the same inputs over that same live release again: a held export stays held without being rebuilt 96
 * times a day; a new export, a new live release (the nightly, a rollback) or the nightly tries again.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { getText, putJson } from '../publish/bucket.ts';
import { META, tenantBase } from '../publish/layout.ts';
import { mapLimit } from '../pool.ts';
import { fingerprintParts } from '../fingerprint.ts';
import { emptyReport } from '../report.ts';
import { rowFromReport, type TenantRow } from '../summary.ts';
import type { LiveState } from './night.ts';

export const NOT_PUBLISHED_FILE = 'not-published.json';

export const notPublishedKey = (prefix: string, slug: string): string => `${tenantBase(prefix, slug)}${META}${NOT_PUBLISHED_FILE}`;

/** A build of these inputs that did not go live. */
export interface NotPublished {
  version: 1;
  tenant: string;
  inputs: string;
  fingerprint: string;
  /** held, failed (the build), or withheld (the publish: a release a rollback withdrew). */
  status: 'held' | 'failed' | 'withheld';
  reason: string;
  /** The release that was live when it was refused (null: none). */
  live_release: string | null;
  at: string;
}

export type FreshDecision =
  { build: true; why: 'changed' | 'new' } | { build: false; why: 'unchanged' | 'unknown' | 'unreadable' | 'refused'; detail?: string };

/**
 * Whether the fresh lane builds a tenant: pure, from its current fingerprint, what is live, and the last
 * build that did not go live (undefined when not read yet or there is none).
 */
export function freshDecision(
  fingerprint: string,
  live: LiveState | undefined,
  opts: { unreadable?: boolean; refused?: NotPublished | undefined; accept?: boolean } = {},
): FreshDecision {
  if (opts.unreadable) return { build: false, why: 'unreadable', detail: 'its releases in the bucket cannot be read; left to the nightly' };
  const inputs = fingerprintParts(fingerprint)?.inputs;
  if (!inputs) throw new Error(`not a two-part fingerprint: ${fingerprint}`);
  if (live) {
    const liveInputs = fingerprintParts(live.fingerprint)?.inputs;
    if (!liveInputs)
      return {
        build: false,
        why: 'unknown',
        detail: `its live release ${live.release} does not say which inputs it was built from (built before they were recorded apart); the nightly builds it`,
      };
    if (liveInputs === inputs) return { build: false, why: 'unchanged' };
  }
  const r = opts.refused;
  if (!opts.accept && r && r.inputs === inputs && r.live_release === (live?.release ?? null))
    return {
      build: false,
      why: 'refused',
      detail: `these inputs were ${r.status} at ${r.at.slice(0, 16).replace('T', ' ')} UTC (${r.reason}); not built again until they change (the nightly retries it)`,
    };
  return { build: true, why: live ? 'changed' : 'new' };
}

export function parseNotPublished(text: string | undefined): NotPublished | undefined {
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as Partial<NotPublished>;
    if (v.version !== 1 || typeof v.inputs !== 'string' || typeof v.at !== 'string' || typeof v.status !== 'string') return undefined;
    return {
      version: 1,
      tenant: String(v.tenant ?? ''),
      inputs: v.inputs,
      fingerprint: String(v.fingerprint ?? ''),
      status: v.status,
      reason: String(v.reason ?? ''),
      live_release: typeof v.live_release === 'string' ? v.live_release : null,
      at: v.at,
    };
  } catch {
    return undefined;
  }
}

/**
 * The fresh lane's decisions for these tenants: first against what is live, then, for those whose
 * inputs changed, against their last build that did not go live (one small read each).
 */
export async function decideFresh(
  where: { client: S3Client; bucket: string; prefix: string },
  tenants: readonly { name: string; fingerprint: string }[],
  live: ReadonlyMap<string, LiveState>,
  opts: { unreadable: ReadonlySet<string>; accept: ReadonlySet<string> },
): Promise<Map<string, FreshDecision>> {
  const decisions = new Map<string, FreshDecision>();
  for (const t of tenants)
    decisions.set(t.name, freshDecision(t.fingerprint, live.get(t.name), { unreadable: opts.unreadable.has(t.name), accept: opts.accept.has(t.name) }));
  const changed = tenants.filter((t) => decisions.get(t.name)?.build && !opts.accept.has(t.name));
  await mapLimit(changed, 8, async (t) => {
    let refused: NotPublished | undefined;
    try {
      refused = parseNotPublished(await getText(where.client, where.bucket, notPublishedKey(where.prefix, t.name)));
    } catch {
      refused = undefined; // unreadable: build it (the guard still decides what goes live)
    }
    if (refused) decisions.set(t.name, freshDecision(t.fingerprint, live.get(t.name), { refused }));
  });
  return decisions;
}

/** Records a build that did not go live (both lanes write it; the fresh lane reads it). */
export async function recordNotPublished(
  where: { client: S3Client; bucket: string; prefix: string },
  slug: string,
  record: Omit<NotPublished, 'version' | 'tenant' | 'inputs' | 'at'> & { at?: string },
): Promise<void> {
  const inputs = fingerprintParts(record.fingerprint)?.inputs;
  if (!inputs) return;
  const value: NotPublished = { version: 1, tenant: slug, inputs, ...record, at: record.at ?? new Date().toISOString() };
  await putJson(where.client, where.bucket, notPublishedKey(where.prefix, slug), value);
}

/** The run summary's row of a tenant the fresh lane did not build: its live site, and why. */
export function freshSkipRow(slug: string, decision: FreshDecision, live: LiveState | undefined, checkMs: number): TenantRow {
  const why =
    decision.build || decision.why === 'unchanged'
      ? `inputs as its live release${live ? ` ${live.release}` : ''}: not built by the fresh lane`
      : (decision.detail ?? decision.why);
  return {
    ...rowFromReport(emptyReport(slug), 'unchanged'),
    listed: live?.listed ?? 0,
    read: live?.read ?? 0,
    live_since: live?.published_at,
    message: why,
    time_ms: Math.round(checkMs),
  };
}

/** One line for a tenant the fresh lane left alone because of its bookkeeping or an earlier refusal. */
export function freshSkipLine(slug: string, decision: FreshDecision): string | undefined {
  // "unknown" only on the days after the fingerprint learned its two parts: counted, not listed.
  return decision.build || decision.why === 'unchanged' || decision.why === 'unknown'
    ? undefined
    : `[${slug}] not built by the fresh lane: ${decision.detail ?? decision.why}`;
}
