/**
 * The night's plan (scripts/build.ts --plan): which shard builds each tenant, and whether photo-only
 * jobs run first, from what each tenant's night costs (shards.ts) instead of a hash of its slug.
 *
 * A tenant's load is read from its folder the way the build reads it (config and export: listed cars
 * and their photo references) and, with a bucket, from its photo ledger there (photo-ledger.ts: which
 * references the live release already shows, so tonight's new photos are counted without asking the
 * store about each). The previous night's plan is kept in the bucket (<prefix>_fleet/plan.json) so a
 * tenant stays on its shard (its runner's cache and last build stay warm); without one, the slug's hash
 * is the previous plan, which is where every tenant was before plans had costs.
 */
import { type S3Client } from '@aws-sdk/client-s3';
import { join } from 'node:path';
import { ingestStock } from '../../../src/io/stock-file.ts';
import { loadTenantWithWarnings } from '../../../src/io/tenant-folder.ts';
import { shardOf } from '../fingerprint.ts';
import { getText, putJson } from '../publish/bucket.ts';
import { mapLimit } from '../pool.ts';
import { newPhotos, parseLedger, photoLedgerKey } from './photo-ledger.ts';
import { JOB_LIMIT_S, planFleet, planNight, SAFETY_MARGIN, tenantCost, UNIT_COSTS, aloneSeconds, type ShardPlan, type TenantLoad } from './shards.ts';

export interface PlannedLoad extends TenantLoad {
  slug: string;
  /** Why the tenant's load could not be read (its build will say it again, louder); it costs a fixed part. */
  problem?: string | undefined;
}

export interface PlanWhere {
  client: S3Client;
  bucket: string;
  prefix: string;
}

export const planKey = (prefix: string): string => `${prefix}_fleet/plan.json`;

/** Each tenant's night: listed cars, photos, and photos not processed yet (all of them without a ledger). */
export async function tenantLoads(tenantsDir: string, names: readonly string[], where: PlanWhere | undefined, nowSeconds: number): Promise<PlannedLoad[]> {
  return mapLimit(names, 8, async (slug): Promise<PlannedLoad> => {
    let sources: string[] = [];
    let cars = 0;
    let problem: string | undefined;
    try {
      const { tenant } = loadTenantWithWarnings(join(tenantsDir, slug));
      const stock = ingestStock(tenant, nowSeconds);
      const listed = stock.vehicles.filter((v) => v.listed);
      cars = listed.length;
      sources = [...new Set(listed.flatMap((v) => v.image_sources))];
    } catch (err) {
      problem = (err as Error).message.split('\n')[0] ?? 'unreadable';
    }
    let ledger: Set<string> | undefined;
    if (where && !problem) {
      try {
        ledger = parseLedger(await getText(where.client, where.bucket, photoLedgerKey(where.prefix, slug)));
      } catch {
        ledger = undefined; // unreadable: count every photo as new (the safe side for the plan)
      }
    }
    return { slug, cars, photos: sources.length, photosNew: newPhotos(sources, ledger), ...(problem ? { problem } : {}) };
  });
}

export interface StoredPlan {
  version: 1;
  planned_at: string;
  shards: number;
  tenants: Record<string, number>;
}

export async function readStoredPlan(where: PlanWhere): Promise<StoredPlan | undefined> {
  try {
    const v = JSON.parse((await getText(where.client, where.bucket, planKey(where.prefix))) ?? 'null') as Partial<StoredPlan> | null;
    if (v?.version !== 1 || typeof v.tenants !== 'object' || v.tenants === null || typeof v.shards !== 'number') return undefined;
    return v as StoredPlan;
  } catch {
    return undefined;
  }
}

export async function storePlan(where: PlanWhere, plan: StoredPlan): Promise<void> {
  await putJson(where.client, where.bucket, planKey(where.prefix), plan);
}

export interface FleetPlan {
  /** The build job's matrix: 1..n (only the shards holding a tenant of --only when it is given). */
  shards: number[];
  /** slug -> shard. */
  tenants: Record<string, number>;
  /** The photo-only job's matrix: 1..k, empty when the builds make their own photos. */
  photo_jobs: number[];
  /** What the plan expects, for the run page and the plan step's summary. */
  estimate: {
    shard_minutes: number[];
    photo_job_minutes: number;
    budget_minutes: number;
    fits: boolean;
    photos: number;
    photos_new: number;
    cars: number;
    reason: string;
    moved: string[];
  };
}

const minutes = (s: number): number => Math.round(s / 6) / 10;

/** A shard's time: its tenants' summed cost, or its longest tenant alone, plus the job's setup. */
function shardSeconds(plan: ShardPlan, loads: readonly PlannedLoad[]): number[] {
  const alone = new Map(loads.map((t) => [t.slug, aloneSeconds(t)]));
  return plan.tenants.map((slugs, i) => (slugs.length ? Math.max(plan.loads[i]!, ...slugs.map((s) => alone.get(s) ?? 0)) + UNIT_COSTS.jobSetupS : 0));
}

/**
 * The plan for `count` shards (a number: exactly that many, as the NIGHTLY_SHARDS variable pins it) or
 * 'auto' (the fewest that fit the job's limit, up to maxShards). With a fixed count the previous plan is
 * kept as it is while every shard fits in half its budget (moving a tenant costs it its warm cache, for
 * nothing on a night that fits), else rebalanced by cost; photo-only jobs run first when a shard would
 * still not fit because of its new photos.
 */
export function chooseShards(
  loads: readonly PlannedLoad[],
  count: number | 'auto',
  previous: Readonly<Record<string, number>> | undefined,
  opts: { maxShards?: number | undefined; photoJobsAllowed?: boolean | undefined } = {},
): FleetPlan {
  const maxShards = opts.maxShards ?? 20;
  const budget = JOB_LIMIT_S * SAFETY_MARGIN;
  const totals = {
    photos: loads.reduce((n, t) => n + t.photos, 0),
    photosNew: loads.reduce((n, t) => n + t.photosNew, 0),
    cars: loads.reduce((n, t) => n + t.cars, 0),
  };
  const prev = previous ?? Object.fromEntries(loads.map((t) => [t.slug, shardOf(t.slug, count === 'auto' ? maxShards : count)]));
  let n: number;
  let plan: ShardPlan;
  let photoJobs = 0;
  let photoSeconds = 0;
  let reason: string;
  if (count === 'auto') {
    const night = planNight(loads, { maxShards, previous: prev });
    n = night.shards;
    plan = night.plan;
    photoJobs = opts.photoJobsAllowed === false ? 0 : night.photoJobs;
    photoSeconds = photoJobs ? night.photoJobSeconds : 0;
    reason = night.reason;
  } else {
    n = count;
    const cost = loads.map((t) => ({ slug: t.slug, cost: tenantCost(t) }));
    const kept = planFleet(cost, n, prev, { tolerance: Number.POSITIVE_INFINITY });
    const keptTimes = shardSeconds(kept, loads);
    if (Math.max(0, ...keptTimes) <= budget / 2) {
      plan = kept;
      reason = `${n} shard(s) pinned; every shard fits in half its budget, so every tenant stays where it was`;
    } else {
      plan = planFleet(cost, n, prev);
      reason = `${n} shard(s) pinned; balanced by cost (${plan.moved.length} tenant(s) moved)`;
    }
    const times = shardSeconds(plan, loads);
    if (Math.max(0, ...times) > budget && totals.photosNew > 0 && opts.photoJobsAllowed !== false) {
      // The new photos first, in jobs of their own with every core at the bulk effort; the builds then fetch them.
      const work = budget - UNIT_COSTS.jobSetupS;
      const photoWork = (totals.photosNew * UNIT_COSTS.bulkEncodeCpuPerPhotoS) / UNIT_COSTS.cores;
      photoJobs = Math.min(maxShards, Math.max(1, Math.ceil(photoWork / work)));
      photoSeconds = photoWork / photoJobs + UNIT_COSTS.jobSetupS;
      const fetched = loads.map((t) => ({ ...t, photosNew: 0, photosFetched: t.photosNew }));
      plan = planFleet(
        fetched.map((t) => ({ slug: t.slug, cost: tenantCost(t) })),
        n,
        prev,
      );
      reason += `; ${totals.photosNew} new photos would not fit in the builds: ${photoJobs} photo job(s) first`;
    }
  }
  const loadsAfter = photoJobs ? loads.map((t) => ({ ...t, photosNew: 0, photosFetched: t.photosNew })) : loads;
  const times = shardSeconds(plan, loadsAfter);
  return {
    shards: Array.from({ length: n }, (_, i) => i + 1),
    tenants: plan.shards,
    photo_jobs: Array.from({ length: photoJobs }, (_, i) => i + 1),
    estimate: {
      shard_minutes: times.map(minutes),
      photo_job_minutes: minutes(photoSeconds),
      budget_minutes: minutes(budget),
      fits: Math.max(0, ...times) <= budget && photoSeconds <= budget,
      photos: totals.photos,
      photos_new: totals.photosNew,
      cars: totals.cars,
      reason,
      moved: previous ? plan.moved : [],
    },
  };
}
