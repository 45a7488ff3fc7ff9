/**
 * The nightly fleet's shards, by cost instead of by count (issue 25, docs/performance.md "The fleet at
 * scale"). Pure: no file, clock or network.
 *
 * - `tenantCost(load)`: what one tenant's night costs a runner, in seconds, from measured per-unit
 *   costs (`UNIT_COSTS`, each with where its figure came from; `npm run bench:fleet` measures them again).
 * - `planShards(tenants, count, previous?)`: tenant -> shard (1-based), balancing the summed cost of each
 *   shard and keeping every tenant of the previous plan where it was (its runner's image cache and last
 *   build stay warm) unless its shard is over its fair share. `planFleet` is the same with the loads,
 *   who moved and who is alone on a shard.
 * - `shardsFor(totalSeconds, limitSeconds, maxShards)`: how many shards so the largest fits under the
 *   job's time limit with a margin.
 * - `planNight(tenants, opts)`: all of it for one night: the shard count, the plan, each shard's time and,
 *   when the photo work would not fit in the build jobs, how many photo-only jobs to run before them.
 *
 * The time model. A build runner (GitHub's ubuntu-latest: 2 cores) builds `jobs` tenants at once
 * (scripts/build.ts --jobs, 2 on 2 cores); each tenant's build is one process using about one core. So
 * a tenant costs the runner its CPU seconds / `cores` plus its network waits / `jobs` (two tenants wait
 * side by side), and a shard takes the sum of its tenants' costs, but never less than its longest
 * tenant's time on its own (`aloneSeconds`: its CPU at one core plus its waits), plus the job's setup.
 */

/** Per-unit costs on one runner. CPU figures are CPU seconds (one core); network figures are wall seconds. */
export interface UnitCosts {
  /** Cores of a runner. */
  cores: number;
  /** Tenants a runner builds at once (build.ts --jobs). */
  jobs: number;
  /** Cores one tenant's build uses when it is the only one left (build.ts gives each cores / jobs photo workers). */
  buildCores: number;
  /** Per tenant, whatever its size: process start, config, ingest, the ~400 pages every build renders and checks. */
  tenantFixedCpuS: number;
  /** Per tenant: the publish's bookkeeping requests (bucket check, pointer, manifest, releases, history). */
  tenantFixedNetS: number;
  /** Per car whose pages are rendered: model, render (page, print sheet, reserve...), compliance. */
  renderCpuPerCarS: number;
  /** Per car kept by an incremental render (its pages linked from the last build, its checks reused). */
  keptCpuPerCarS: number;
  /** Per photo new to the fleet: decode and encode its variants (1 in 20 with the card crops), at WEBP_EFFORT. */
  encodeCpuPerPhotoS: number;
  /** The same in a photo-only job, at BULK_WEBP_EFFORT (scripts/lib/images/encode.ts). */
  bulkEncodeCpuPerPhotoS: number;
  /** Per new photo: download from the dealer's host and put into the photo store, at the pipeline's in-flight. Overlaps the encoding. */
  newPhotoNetS: number;
  /** Per photo fetched from the photo store (processed elsewhere, missing from this runner's cache). */
  fetchPerPhotoS: number;
  /** Per file of the site: read and hashed by the publish to compare with the bucket's manifest. */
  scanCpuPerFileS: number;
  /** Per file the publish writes (upload, or copy into a reused slot), at the publish's concurrency. */
  publishPerFileS: number;
  /** Per job: checkout, npm install, the image cache's restore and save. */
  jobSetupS: number;
}

/**
 * One request's round trip from a GitHub-hosted runner to the bucket, seconds. Assumed, not measured
 * here: GitHub's hosted runners run in Azure, mostly in the US, and the bucket is in Sydney
 * (docs/nightly.md), about 150-200 ms apart, and S3 adds "tens of milliseconds" for small objects (AWS,
 * "Optimizing Amazon S3 performance", timeouts and retries). The local S3 server answers a 30 KB GET in
 * a few milliseconds (bench:fleet measures it): an in-region runner (or R2 near the runner) is closer
 * to that. Every network figure below is this times the round trips, divided by the requests in flight.
 */
export const REMOTE_REQUEST_S = 0.2;
/** Uploads in flight in the publish (scripts/lib/publish/publish.ts, concurrency default 8). */
export const PUBLISH_CONCURRENCY = 8;
/** Photos in flight in the image pipeline (pipeline.ts: max(16, 2 x cpu + fetchConcurrency)). */
export const PHOTOS_IN_FLIGHT = 16;
/** A fetch from the photo store: the URL record, the meta, then the variants side by side: 3 round trips. */
export const FETCH_ROUND_TRIPS = 3;
/** A new photo's download from the dealer's host: assumed 0.3 s for ~300 KB from a CDN. */
export const NEW_PHOTO_DOWNLOAD_S = 0.3;
/** A new photo's network time: its download and its put into the store (the variants side by side, the meta, the URL record: 3 round trips). */
export const NEW_PHOTO_NET_S = NEW_PHOTO_DOWNLOAD_S + 3 * REMOTE_REQUEST_S;

/**
 * The costs the fleet is planned with. Measured on the 2-core development machine (AMD EPYC, shared
 * with other work: CPU time, not wall time, which the load moves less) on 2026-11-26 with
 * `npm run bench:fleet`; the network figures follow from REMOTE_REQUEST_S (see `unitCostsFor`).
 */
export const UNIT_COSTS: UnitCosts = {
  cores: 2,
  jobs: 2,
  buildCores: 1,
  // bench:fleet: two copies of the Coastal Toyota demo (30 and 150 records), forced full renders: the
  // least-squares line through (listed cars, CPU seconds) of the demo tenants' full-render builds
  // (132, 358 and 1,330 cars; dist/_build/*/report.json: the render and compliance steps' CPU, the other
  // steps' wall): 15.4 ms a car and 10.2 s at none, plus 1.4 s CPU to start a tenant's build process.
  tenantFixedCpuS: 11.6,
  tenantFixedNetS: 12 * REMOTE_REQUEST_S,
  renderCpuPerCarS: 0.0154,
  // The 5,000-car bench tenant's 3%-changed night (docs/performance.md, run C): 21.5 s for 184 cars
  // rendered and 4,303 kept, less the fixed part and the rendered cars: about 1.8 ms a kept car.
  keptCpuPerCarS: 0.0018,
  // bench:fleet: the pipeline over 40 demo photos (1280x720, 1 in 20 with card crops) at effort 4,
  // 109-128 ms CPU a photo, times the camera-photo factor (a photograph costs the encoder 1.2-1.4x the
  // demos' rendered art): 151-156 ms in three runs.
  encodeCpuPerPhotoS: 0.155,
  // The same at effort 2: 63-72 ms a demo photo, 86-91 ms with the camera factor.
  bulkEncodeCpuPerPhotoS: 0.09,
  newPhotoNetS: NEW_PHOTO_NET_S / PHOTOS_IN_FLIGHT,
  fetchPerPhotoS: (FETCH_ROUND_TRIPS * REMOTE_REQUEST_S) / PHOTOS_IN_FLIGHT,
  // docs/publishing.md: the same 9,185-file build published again, nothing sent: 2.3 s of hashing.
  scanCpuPerFileS: 0.00025,
  publishPerFileS: REMOTE_REQUEST_S / PUBLISH_CONCURRENCY,
  // Assumed: checkout and `npm install --omit=dev` about 1 minute, the image cache's restore and save
  // (a few GB at 20 photos a car) about 2 minutes.
  jobSetupS: 180,
};

/**
 * UNIT_COSTS with other network figures: a request's round trip to the bucket (an in-region runner, or
 * R2 near the runner: ~0.02), the publish's concurrency, the photos the pipeline keeps in flight.
 */
export function unitCostsFor(net: { requestSeconds?: number; publishConcurrency?: number; photosInFlight?: number }, base: UnitCosts = UNIT_COSTS): UnitCosts {
  const rtt = net.requestSeconds ?? REMOTE_REQUEST_S;
  const inFlight = net.photosInFlight ?? PHOTOS_IN_FLIGHT;
  return {
    ...base,
    tenantFixedNetS: 12 * rtt,
    newPhotoNetS: (NEW_PHOTO_DOWNLOAD_S + 3 * rtt) / inFlight,
    fetchPerPhotoS: (FETCH_ROUND_TRIPS * rtt) / inFlight,
    publishPerFileS: rtt / (net.publishConcurrency ?? PUBLISH_CONCURRENCY),
  };
}

/** What a built site holds, for the files a publish writes (the demo tenants' dist/, 2026-11-26). */
export const SITE_SHAPE = {
  /** Files (pages, JSON, print sheets...) per listed car: (8,238 - 879) / (1,330 - 132) over the demos. */
  filesPerCar: 6.1,
  /** Files every site has (home, search, content pages, assets). */
  fixedFiles: 70,
  /** Variants of every photo: the 640 and 1280 widths and the 160x120 thumb. */
  variantsPerPhoto: 3,
  /** The two card crops of each car's first photo. */
  cardVariantsPerCar: 2,
} as const;

/** One tenant's night. */
export interface TenantLoad {
  /** Listed cars. */
  cars: number;
  /** Photos on the site (every listed car's). */
  photos: number;
  /** Photos encoded tonight: new to the fleet (not in the photo store). */
  photosNew: number;
  /** Photos fetched tonight from the photo store: processed before, missing from this runner's cache. Default 0. */
  photosFetched?: number | undefined;
  /** Cars whose pages are rendered tonight; default every car (a full render). The others are kept. */
  carsRendered?: number | undefined;
  /** Files the publish writes (uploads and copies); default every file of the site (`siteFiles`). */
  filesWritten?: number | undefined;
}

/** Files of a built site: its pages and every photo variant. */
export function siteFiles(cars: number, photos: number, shape = SITE_SHAPE): number {
  const carsWithPhotos = Math.min(cars, photos);
  return Math.round(shape.fixedFiles + cars * shape.filesPerCar + photos * shape.variantsPerPhoto + carsWithPhotos * shape.cardVariantsPerCar);
}

/** A tenant's night on a runner, in runner seconds by part (see the time model above). */
export interface CostParts {
  fixed: number;
  render: number;
  /** New photos: encoding, with their downloads and store puts overlapped. */
  photosNew: number;
  photosFetched: number;
  /** The publish: hashing the site and writing the changed files. */
  publish: number;
  total: number;
  /** CPU seconds (one core) and network seconds (wall) behind them. */
  cpuSeconds: number;
  netSeconds: number;
}

const LOAD_FIELDS = ['cars', 'photos', 'photosNew', 'photosFetched', 'carsRendered', 'filesWritten'] as const;

function check(load: TenantLoad): void {
  for (const k of LOAD_FIELDS) {
    const v = load[k];
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v < 0))
      throw new RangeError(`tenant load: ${k} must be a number >= 0, got ${String(v)}`);
  }
}

export function tenantCostParts(load: TenantLoad, costs: UnitCosts = UNIT_COSTS): CostParts {
  check(load);
  const rendered = Math.min(load.cars, load.carsRendered ?? load.cars);
  const kept = load.cars - rendered;
  const files = siteFiles(load.cars, load.photos);
  const written = load.filesWritten ?? files;
  const fetched = load.photosFetched ?? 0;

  const fixedCpu = costs.tenantFixedCpuS;
  const renderCpu = rendered * costs.renderCpuPerCarS + kept * costs.keptCpuPerCarS;
  const encodeCpu = load.photosNew * costs.encodeCpuPerPhotoS;
  const newNet = load.photosNew * costs.newPhotoNetS;
  const scanCpu = files * costs.scanCpuPerFileS;
  const fetchNet = fetched * costs.fetchPerPhotoS;
  const publishNet = costs.tenantFixedNetS + written * costs.publishPerFileS;

  const fixed = fixedCpu / costs.cores;
  const render = renderCpu / costs.cores;
  const photosNew = Math.max(encodeCpu / costs.cores, newNet / costs.jobs);
  const photosFetched = fetchNet / costs.jobs;
  const publish = scanCpu / costs.cores + publishNet / costs.jobs;
  return {
    fixed,
    render,
    photosNew,
    photosFetched,
    publish,
    total: fixed + render + photosNew + photosFetched + publish,
    cpuSeconds: fixedCpu + renderCpu + encodeCpu + scanCpu,
    netSeconds: newNet + fetchNet + publishNet,
  };
}

/** What a tenant's night costs a runner, in seconds (building beside another tenant). */
export function tenantCost(load: TenantLoad, costs: UnitCosts = UNIT_COSTS): number {
  return tenantCostParts(load, costs).total;
}

/**
 * A tenant's night when it builds alone (the last one on its shard, or alone on a shard of its own):
 * its CPU at `buildCores`, its network waits in full, the new photos' downloads overlapping their encoding.
 */
export function aloneSeconds(load: TenantLoad, costs: UnitCosts = UNIT_COSTS): number {
  const p = tenantCostParts(load, costs);
  const encodeCpu = load.photosNew * costs.encodeCpuPerPhotoS;
  const newNet = load.photosNew * costs.newPhotoNetS;
  const otherCpu = p.cpuSeconds - encodeCpu;
  const otherNet = p.netSeconds - newNet;
  return otherCpu / costs.buildCores + Math.max(encodeCpu / costs.buildCores, newNet) + otherNet;
}

export interface PlanOptions {
  /**
   * How far above the mean (a fraction) a shard's load may be before tenants of the previous plan are
   * moved off it; default 0.1.
   */
  tolerance?: number | undefined;
  /** A tenant costing more than this alone is listed in `overBudget` (same unit as the costs). */
  budget?: number | undefined;
}

export interface ShardPlan {
  count: number;
  /** slug -> shard, 1..count. */
  shards: Record<string, number>;
  /** Summed cost per shard; loads[0] is shard 1. */
  loads: number[];
  /** Tenants per shard; tenants[0] is shard 1, each sorted by slug. */
  tenants: string[][];
  /** The fair share: total cost / count. */
  mean: number;
  /** Tenants given a shard of their own because they cost at least a fair share by themselves. */
  alone: string[];
  /** Tenants costing more than `budget` by themselves (no shard count can make them fit). */
  overBudget: string[];
  /** Tenants of `previous` now on another shard. */
  moved: string[];
  /** Tenants not in `previous` (all of them without one). */
  added: string[];
}

export interface TenantCost {
  slug: string;
  cost: number;
}

/** Descending cost, then slug (code-unit order, the same in every locale). */
function byCostDesc(a: TenantCost, b: TenantCost): number {
  return b.cost - a.cost || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

/**
 * Assigns every tenant a shard 1..count. Deterministic: the same tenants, costs, count and previous
 * plan give the same plan, whatever order the tenants come in.
 *
 * 1. A tenant costing at least a fair share (the mean of what is left) gets a shard of its own: its
 *    previous one if free, else the free shard whose previous tenants cost least (fewest moves).
 * 2. Every other tenant of `previous` stays on its shard, largest first, while the shard stays within
 *    `tolerance` above the mean of the shards left; the smaller ones that do not fit move.
 * 3. New and moved tenants go, largest first, to the least loaded shard (then the one with the fewest
 *    tenants, then the lowest number).
 * 4. A shard still under the mean by more than `tolerance` (the count grew) takes tenants from the most
 *    loaded shard above the mean, new and moved ones first.
 *
 * So adding tenants to a balanced fleet moves nobody (the mean only grows); growing the shard count
 * from 4 to 5 moves a fifth of the cost (the smaller tenants: the least cache to warm again), no more;
 * and a fleet without `previous` is balanced by largest-first greedy placement (within a few percent
 * of the mean when no tenant is large).
 */
export function planFleet(tenants: readonly TenantCost[], count: number, previous?: Readonly<Record<string, number>>, opts: PlanOptions = {}): ShardPlan {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`shard count must be an integer >= 1, got ${count}`);
  const tolerance = opts.tolerance ?? 0.1;
  if (!(tolerance >= 0)) throw new RangeError(`tolerance must be >= 0, got ${tolerance}`);
  const seen = new Set<string>();
  for (const t of tenants) {
    if (seen.has(t.slug)) throw new RangeError(`tenant ${t.slug} is listed twice`);
    seen.add(t.slug);
    if (!Number.isFinite(t.cost) || t.cost < 0) throw new RangeError(`tenant ${t.slug}: cost must be a number >= 0, got ${t.cost}`);
  }
  const prevOf = (slug: string): number | undefined => {
    const s = previous?.[slug];
    return typeof s === 'number' && Number.isInteger(s) && s >= 1 && s <= count ? s : undefined;
  };

  const sorted = [...tenants].sort(byCostDesc);
  const total = sorted.reduce((n, t) => n + t.cost, 0);
  const loads = new Array<number>(count).fill(0);
  const members: string[][] = Array.from({ length: count }, () => []);
  const shards: Record<string, number> = {};
  const put = (t: TenantCost, s: number): void => {
    shards[t.slug] = s;
    loads[s - 1]! += t.cost;
    members[s - 1]!.push(t.slug);
  };

  // 1. Tenants that fill a shard by themselves.
  const alone: TenantCost[] = [];
  let rest = sorted;
  let restTotal = total;
  while (rest.length > 0 && alone.length < count - 1) {
    const top = rest[0]!;
    if (top.cost <= 0 || top.cost < restTotal / (count - alone.length)) break;
    alone.push(top);
    rest = rest.slice(1);
    restTotal -= top.cost;
  }
  const claimed = new Set<number>();
  if (alone.length > 0) {
    // What each shard's previous tenants (other than the alone ones) would have to move off it.
    const stay = new Array<number>(count + 1).fill(0);
    for (const t of rest) {
      const p = prevOf(t.slug);
      if (p) stay[p]! += t.cost;
    }
    for (const t of alone) {
      let s = prevOf(t.slug);
      if (s === undefined || claimed.has(s)) {
        s = undefined;
        for (let i = 1; i <= count; i++) if (!claimed.has(i) && (s === undefined || stay[i]! < stay[s]!)) s = i;
      }
      claimed.add(s!);
      put(t, s!);
    }
  }
  const open = Array.from({ length: count }, (_, i) => i + 1).filter((s) => !claimed.has(s));
  const cap = (restTotal / Math.max(1, open.length)) * (1 + tolerance);

  // 2. Previous tenants stay while their shard is within its fair share.
  const unplaced: TenantCost[] = [];
  for (const t of rest) {
    const p = prevOf(t.slug);
    if (p !== undefined && !claimed.has(p) && loads[p - 1]! + t.cost <= cap) put(t, p);
    else unplaced.push(t);
  }
  // 3. The rest to the least loaded open shard.
  const leastLoaded = (): number => {
    let best = open[0]!;
    for (const s of open) {
      const d = loads[s - 1]! - loads[best - 1]!;
      if (d < 0 || (d === 0 && members[s - 1]!.length < members[best - 1]!.length)) best = s;
    }
    return best;
  };
  for (const t of unplaced) put(t, leastLoaded());

  // 4. A shard left under its fair share (the shard count grew, or big tenants left) takes tenants from
  //    the most loaded shard above the mean: new and moved tenants first (no warm cache to lose), then
  //    the one whose cost is nearest half the gap (fewest moves).
  const restMean = restTotal / Math.max(1, open.length);
  const unsettled = new Set(unplaced.map((t) => t.slug));
  const costOf = new Map(rest.map((t) => [t.slug, t.cost]));
  for (let round = 0; round < rest.length; round++) {
    let hi = open[0]!;
    for (const s of open) if (loads[s - 1]! > loads[hi - 1]!) hi = s;
    const lo = leastLoaded();
    const over = loads[hi - 1]! > cap;
    const under = loads[lo - 1]! < restMean * (1 - tolerance) && loads[hi - 1]! > restMean;
    if (!over && !under) break;
    const gap = loads[hi - 1]! - loads[lo - 1]!;
    let pick: string | undefined;
    let pickScore = Infinity;
    for (const slug of members[hi - 1]!) {
      const c = costOf.get(slug)!;
      if (!(c > 0 && c < gap)) continue;
      const score = (unsettled.has(slug) ? 0 : gap) + Math.abs(c - gap / 2);
      if (score < pickScore || (score === pickScore && pick !== undefined && slug < pick)) {
        pick = slug;
        pickScore = score;
      }
    }
    if (pick === undefined) break;
    const m = members[hi - 1]!;
    m.splice(m.indexOf(pick), 1);
    loads[hi - 1]! -= costOf.get(pick)!;
    unsettled.add(pick);
    put({ slug: pick, cost: costOf.get(pick)! }, lo);
  }

  const budget = opts.budget;
  const sortSlugs = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    count,
    shards,
    loads,
    tenants: members.map((m) => [...m].sort(sortSlugs)),
    mean: total / count,
    alone: alone.map((t) => t.slug),
    overBudget: budget === undefined ? [] : sorted.filter((t) => t.cost > budget).map((t) => t.slug),
    moved: sorted.filter((t) => previous?.[t.slug] !== undefined && previous[t.slug] !== shards[t.slug]).map((t) => t.slug),
    added: sorted.filter((t) => previous?.[t.slug] === undefined).map((t) => t.slug),
  };
}

/** tenant -> shard (1..count); see `planFleet`. */
export function planShards(
  tenants: readonly TenantCost[],
  count: number,
  previous?: Readonly<Record<string, number>>,
  opts: PlanOptions = {},
): Record<string, number> {
  return planFleet(tenants, count, previous, opts).shards;
}

/** The share of the job's time limit a plan may use: the rest is the margin for a slow runner or a big export. */
export const SAFETY_MARGIN = 0.7;
/** The build job's limit (.github/workflows/nightly.yml, `timeout-minutes: 150`). */
export const JOB_LIMIT_S = 150 * 60;

/**
 * The shard count whose largest shard should fit in `limitSeconds` x `margin` (less each job's setup),
 * given shards within `tolerance` of the mean: ceil(total x (1 + tolerance) / budget), between 1 and
 * `maxShards`. From the total alone; `planNight` checks the actual plan and its largest tenants.
 */
export function shardsFor(
  totalSeconds: number,
  limitSeconds: number = JOB_LIMIT_S,
  maxShards = 256,
  opts: { margin?: number; setupSeconds?: number; tolerance?: number } = {},
): number {
  const budget = limitSeconds * (opts.margin ?? SAFETY_MARGIN) - (opts.setupSeconds ?? 0);
  if (!(budget > 0)) throw new RangeError(`no time left for work: limit ${limitSeconds} s x margin, less setup, is ${budget} s`);
  if (!Number.isInteger(maxShards) || maxShards < 1) throw new RangeError(`maxShards must be an integer >= 1, got ${maxShards}`);
  const n = Math.ceil((Math.max(0, totalSeconds) * (1 + (opts.tolerance ?? 0.1))) / budget);
  return Math.min(maxShards, Math.max(1, n));
}

export interface NightOptions {
  /** The build job's time limit; default JOB_LIMIT_S. */
  limitSeconds?: number | undefined;
  /** At most this many jobs at once (the account's concurrent-job limit: 20 on GitHub Free, 60 on Team). */
  maxShards?: number | undefined;
  /** Share of the limit a shard may use; default SAFETY_MARGIN. */
  margin?: number | undefined;
  /** The shard plan of the night before (tenants stay where their caches are). */
  previous?: Readonly<Record<string, number>> | undefined;
  tolerance?: number | undefined;
  costs?: UnitCosts | undefined;
}

export interface NightPlan {
  /** Build shards (the build job's matrix). */
  shards: number;
  plan: ShardPlan;
  /** Each build shard's time, seconds, setup included: max(its summed cost, its longest tenant alone). */
  shardSeconds: number[];
  /** Photo-only jobs to run before the build jobs (0: the photos are made by the builds). */
  photoJobs: number;
  /** Each photo job's time, seconds, setup included (0 without photo jobs). */
  photoJobSeconds: number;
  /** The time a shard may take: limit x margin. */
  budgetSeconds: number;
  /** Every job fits its budget. */
  fits: boolean;
  /** Tenants whose build alone exceeds the budget even with their photos made by photo jobs. */
  overBudget: string[];
  /** The night from start to end: the photo jobs, then the build jobs (both as wide as planned). */
  wallSeconds: number;
  /** Billed Actions minutes: every job rounded up to the minute, as GitHub bills them. */
  actionsMinutes: number;
  /** Why this plan, in a sentence. */
  reason: string;
}

/** A shard's time: the sum of its tenants' costs, or its longest tenant alone, plus setup. */
function shardTimes(plan: ShardPlan, alone: Map<string, number>, setup: number): number[] {
  return plan.tenants.map((slugs, i) => {
    if (slugs.length === 0) return 0;
    const longest = Math.max(...slugs.map((s) => alone.get(s) ?? 0));
    return Math.max(plan.loads[i]!, longest) + setup;
  });
}

const billed = (seconds: number[]): number => seconds.reduce((n, s) => n + (s > 0 ? Math.ceil(s / 60) : 0), 0);

/**
 * Plans one night for `tenants`: the fewest build shards (up to maxShards) whose every shard fits the
 * budget. When none does (the fleet's photo work is too much, or one tenant's photos alone would take
 * longer than a job may), the new photos are made first by photo-only jobs, as many as it takes for
 * each to fit (photos are independent: a photo job takes every P-th one, by content), and the builds
 * then fetch them from the photo store. `fits` says whether the result fits; when it does not, the
 * plan is still the best within maxShards (and overBudget names the tenants too big for any job).
 */
export function planNight(tenants: readonly (TenantLoad & { slug: string })[], opts: NightOptions = {}): NightPlan {
  const costs = opts.costs ?? UNIT_COSTS;
  const limit = opts.limitSeconds ?? JOB_LIMIT_S;
  const maxShards = opts.maxShards ?? 20;
  const budget = limit * (opts.margin ?? SAFETY_MARGIN);
  const setup = costs.jobSetupS;
  const work = budget - setup;
  if (!(work > 0)) throw new RangeError(`no time left for work: a job's budget ${budget} s is within its setup ${setup} s`);

  const attempt = (loads: readonly (TenantLoad & { slug: string })[]) => {
    const cost = loads.map((t) => ({ slug: t.slug, cost: tenantCost(t, costs) }));
    const alone = new Map(loads.map((t) => [t.slug, aloneSeconds(t, costs)]));
    const total = cost.reduce((n, t) => n + t.cost, 0);
    // From the fewest shards that could hold the total (perfectly balanced) up: the first that fits.
    const first = shardsFor(total, limit, maxShards, { margin: opts.margin ?? SAFETY_MARGIN, setupSeconds: setup, tolerance: 0 });
    let best: { n: number; plan: ShardPlan; times: number[] } | undefined;
    for (let n = Math.min(first, Math.max(1, loads.length)); n <= maxShards; n++) {
      const plan = planFleet(cost, n, opts.previous, { tolerance: opts.tolerance, budget: work });
      const times = shardTimes(plan, alone, setup);
      if (!best || Math.max(...times) < Math.max(...best.times)) best = { n, plan, times };
      if (Math.max(...times) <= budget) return { n, plan, times, fits: true, alone };
      if (n >= loads.length) break; // more shards than tenants cannot help
    }
    return { ...best!, fits: false, alone };
  };

  const builds = attempt(tenants);
  const newPhotos = tenants.reduce((n, t) => n + t.photosNew, 0);
  if (builds.fits || newPhotos === 0) {
    return finish(builds.n, builds.plan, builds.times, 0, 0, builds.fits, builds.alone, builds.fits ? 'the builds fit with their photos' : 'does not fit');
  }

  // Photo-only jobs first: each makes its share of the new photos with every core, at the bulk effort,
  // then the builds fetch them from the store.
  const encodeCpu = newPhotos * costs.bulkEncodeCpuPerPhotoS;
  const encodeNet = newPhotos * costs.newPhotoNetS;
  const photoWork = Math.max(encodeCpu / costs.cores, encodeNet / costs.jobs);
  const photoJobs = Math.min(maxShards, Math.max(1, Math.ceil(photoWork / work)));
  const photoJobSeconds = photoWork / photoJobs + setup;
  const after = tenants.map((t) => ({ ...t, photosNew: 0, photosFetched: (t.photosFetched ?? 0) + t.photosNew }));
  const rebuilt = attempt(after);
  const fits = rebuilt.fits && photoJobSeconds <= budget;
  return finish(
    rebuilt.n,
    rebuilt.plan,
    rebuilt.times,
    photoJobs,
    photoJobSeconds,
    fits,
    rebuilt.alone,
    `the new photos would not fit in the builds: ${photoJobs} photo-only job(s) first`,
  );

  function finish(
    n: number,
    plan: ShardPlan,
    times: number[],
    photoJobs: number,
    photoJobSeconds: number,
    fits: boolean,
    alone: Map<string, number>,
    reason: string,
  ): NightPlan {
    const over = [...alone].filter(([, s]) => s + setup > budget).map(([slug]) => slug);
    over.sort();
    return {
      shards: n,
      plan,
      shardSeconds: times,
      photoJobs,
      photoJobSeconds,
      budgetSeconds: budget,
      fits,
      overBudget: over,
      wallSeconds: (photoJobs > 0 ? photoJobSeconds : 0) + Math.max(0, ...times),
      actionsMinutes: billed(times) + photoJobs * (photoJobSeconds > 0 ? Math.ceil(photoJobSeconds / 60) : 0),
      reason,
    };
  }
}
