/**
 * Builds every tenant under a folder into <out>/<slug>/, one child process per tenant, bounded by
 * the cores. A failing tenant is reported and the others still build. See USAGE below.
 *
 * A tenant whose inputs (folder, export, platform version) match the build its published site came
 * from, on a day before that build's valid_until, is skipped as `unchanged` (scripts/lib/fingerprint.ts,
 * src/lib/site/dated.ts). A tenant whose new build the
 * publish guard refuses is `held` (scripts/lib/publish-guard.ts). With --bucket each tenant is published
 * as soon as it is built (scripts/lib/publish/publish.ts) and its night recorded in its history
 * (scripts/lib/fleet/). Every run writes <out>/_build/summary.json and <out>/_build/index.html
 * (scripts/lib/summary.ts).
 *
 * --fresh is the fresh lane (every 15 minutes, docs/nightly.md "Minutes-fresh stock"): only the tenants
 * whose inputs changed since their live release, decided from the bucket (scripts/lib/fleet/fresh.ts),
 * with the same publish guard, no history and no alerts. The two lanes never publish at once: each run
 * marks itself in the bucket (scripts/lib/fleet/lanes.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError, intFlag, isMain, listFlag, parseCli, runCli } from './lib/cli.ts';
import { PHOTO_STORE_ENV, photoStoreEnv } from './lib/images/photo-store.ts';
import { chooseShards, readStoredPlan, storePlan, tenantLoads, type PlanWhere } from './lib/fleet/fleet-plan.ts';
import { australianToday, shardOf, tenantFingerprint } from './lib/fingerprint.ts';
import { decideFresh, freshSkipLine, freshSkipRow, recordNotPublished, type FreshDecision } from './lib/fleet/fresh.ts';
import { bucketHistory, localHistory } from './lib/fleet/history.ts';
import { claimLane, describeMark, laneId, type LaneHold } from './lib/fleet/lanes.ts';
import { liveIsCurrent, liveReportFile, liveStates, publishBuilt, publishCell, recordTenantNight, type LiveState } from './lib/fleet/night.ts';
import { liveImageKeys, pruneImageCache } from './lib/images/prune.ts';
import { imageCacheDir, readJson } from './lib/images/store.ts';
import { checkBucket, describeError } from './lib/publish/bucket.ts';
import { formatTenantLine } from './lib/publish/publish.ts';
import { settleRegion, TARGET_OPTIONS, TARGET_USAGE, targetFromFlags } from './lib/publish/target.ts';
import { emptyTrash, readPublishedState, stillCurrent } from './lib/publish-guard.ts';
import { emptyReport, type BuildReport } from './lib/report.ts';
import { isPlatformProblem, rowFromReport, runUrlFromEnv, summarise, writeSummary, type TenantRow } from './lib/summary.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `
Usage: node scripts/build.ts [options]      (npm run build -- [options])

Builds every tenant folder under --tenants into <out>/<slug>/.

  --tenants <dir>           tenant folders (default: tenants/)
  --out <dir>               output folder (default: dist/)
  --only <a,b>              only these tenants
  --shard <i/n>             only the tenants of shard i of n: the plan's (--plan-file), else by a hash of the slug
  --plan-file <file>        the night's plan (the JSON --plan prints): which shard builds each tenant
  --shards <n|auto> --plan  print the night's plan as one line of JSON and build nothing: each tenant's shard,
                            balanced by what its night costs (cars, photos not processed yet; with --bucket,
                            tonight's new photos from each tenant's photo ledger and the previous plan kept
                            where it fits), and the photo-only jobs to run first when the photos would not fit.
                            n pins the shard count; auto takes the fewest that fit the job's limit (docs/nightly.md)
  --max-shards <n>          with --shards auto: at most this many jobs at once (default 20)
  --dry-run                 print each tenant, its shard and whether it would build, and build nothing
  --force                   rebuild tenants whose inputs have not changed
  --accept <a,b>            publish these tenants even where the publish guard would hold them
  --full-render             render every page (default: a warm build renders only the car pages whose
                            inputs changed and copies the others from the published build)
  --jobs <n>                tenants built at once (default: 2, or 1 on one core)
  --tenant-timeout <min>    stop a tenant's build after this many minutes (default: 30)
  --prune-images-days <n>   afterwards, remove cached photos unused for n days and not used by a site in --out
  --fresh                   the fresh lane: build only the tenants whose inputs (export, config, content)
                            differ from their live release's, a platform change alone not counting; needs
                            --bucket; records no history (the nightly's); default --tenant-timeout 10
  --max-minutes <n>         with --fresh: start no tenant build after n minutes; the rest wait for the
                            next run (default 10)
${TARGET_USAGE}
  -h, --help                show this help

With --bucket each tenant is published as soon as it is built (a release the site's pointer then names:
docs/publishing.md), the site live in the bucket is the publish guard's baseline, and each night is
recorded in the tenant's history there (the run summary's "held since" and trends).

Exit code: 0 when every tenant built or was unchanged; 3 when a dealer was held or failed by its own
export or settings (a warning: the other tenants built and published); 1 when the platform failed (a
build crashed or ran out of time, a publish failed, the bucket could not be read); 2 on a bad option.
`;

/** Exit codes (docs/nightly.md): the workflow fails the job only for the platform's problems. */
export const EXIT = { ok: 0, platform: 1, usage: 2, dealers: 3 } as const;

/**
 * Tenant folders: every subfolder not starting with "." or "_", sorted, filtered and sharded: by the
 * night's plan when given (`assigned`, from --plan-file), else by a hash of the slug.
 */
export function selectTenants(dir: string, only?: string[], shard?: { index: number; count: number }, assigned?: Readonly<Record<string, number>>): string[] {
  let names = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !/^[._]/.test(e.name))
    .map((e) => e.name)
    .sort();
  if (only?.length) {
    const unknown = only.filter((o) => !names.includes(o));
    if (unknown.length) throw new UsageError(`--only names tenants that do not exist in ${dir}: ${unknown.join(', ')}`);
    names = names.filter((n) => only.includes(n));
  }
  if (shard) names = names.filter((n) => (assigned?.[n] ?? shardOf(n, shard.count)) === shard.index);
  return names;
}

/** The tenants' shards from the night's plan (the JSON --plan printed). */
function readPlanFile(file: string): Record<string, number> {
  let v: unknown;
  try {
    v = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`--plan-file ${file}: ${(err as Error).message}`);
  }
  const tenants = (v as { tenants?: unknown } | null)?.tenants;
  if (typeof tenants !== 'object' || tenants === null) throw new UsageError(`--plan-file ${file}: no "tenants" object (expected what --plan prints)`);
  return Object.fromEntries(Object.entries(tenants).filter((e): e is [string, number] => typeof e[1] === 'number'));
}

export function parseShard(value: string | undefined): { index: number; count: number } | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || index < 1 || count < 1 || index > count) throw new UsageError(`--shard expects i/n with 1 <= i <= n, got "${value}"`);
  return { index, count };
}

const running = new Set<ChildProcess>();
let stopping = false;

function buildOne(
  tenantDir: string,
  out: string,
  name: string,
  opts: {
    imageConcurrency: number;
    accept: boolean;
    fullRender: boolean;
    timeoutMs: number;
    day: string;
    fingerprint: string;
    live?: { listed: number; published_at: string } | undefined;
    /** The fleet's photo store (PHOTO_STORE_ENV), when publishing to a bucket. */
    photoStore?: string | undefined;
  },
): Promise<BuildReport> {
  // A child that dies without writing its report must not be read as the last run's report.
  rmSync(join(out, '_build', name, 'report.json'), { force: true });
  return new Promise((resolveReport) => {
    const child = spawn(
      process.execPath,
      [
        '--disable-warning=ExperimentalWarning',
        // A larger young generation: rendering 13,000 pages allocates short-lived strings by the gigabyte,
        // and the default 16 MB semi-space spends a sixth of the render's CPU in scavenges (issue 17).
        '--max-semi-space-size=64',
        join(root, 'scripts/build-tenant.ts'),
        '--tenant',
        tenantDir,
        '--out',
        out,
        '--fingerprint',
        opts.fingerprint,
        ...(opts.accept ? ['--accept'] : []),
        ...(opts.fullRender ? ['--full-render'] : []),
        ...(opts.live ? ['--live', JSON.stringify(opts.live)] : []),
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          BUILD_NOW: opts.day,
          DEALER_IMAGE_CONCURRENCY: String(opts.imageConcurrency),
          ...(opts.photoStore ? { [PHOTO_STORE_ENV]: opts.photoStore } : {}),
        },
      },
    );
    running.add(child);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // SIGTERM first: the child removes its staging folder and leaves the published site as it was.
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    }, opts.timeoutMs);
    const prefix = (stream: NodeJS.ReadableStream, write: (s: string) => void) => {
      let buf = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buf += chunk;
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => buf.trim() && write(`[${name}] ${buf}\n`));
    };
    prefix(child.stdout, (s) => process.stdout.write(s));
    prefix(child.stderr, (s) => process.stderr.write(s));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      const file = join(out, '_build', name, 'report.json');
      let report: BuildReport | undefined;
      try {
        report = JSON.parse(readFileSync(file, 'utf8')) as BuildReport;
      } catch {
        report = undefined;
      }
      const why = timedOut
        ? `the build took longer than ${Math.round(opts.timeoutMs / 60000)} minutes and was stopped; the published site is kept`
        : stopping
          ? 'the run was stopped (SIGTERM/SIGINT); the published site is kept'
          : `the build process exited with ${signal ?? `code ${code}`} without a report`;
      if (!report || timedOut || (code !== 0 && report.status === 'ok')) {
        resolveReport({
          ...emptyReport(name),
          ...(report ?? {}),
          tenant: name,
          status: 'failed',
          fault: 'platform',
          error: { name: timedOut ? 'BuildTimedOut' : 'BuildCrashed', message: why },
        });
      } else resolveReport(report);
    });
  });
}

function formatEta(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

async function main(): Promise<number> {
  const flags = parseCli(USAGE, {
    tenants: { type: 'string' },
    out: { type: 'string' },
    only: { type: 'string' },
    shard: { type: 'string' },
    shards: { type: 'string' },
    plan: { type: 'boolean' },
    'plan-file': { type: 'string' },
    'max-shards': { type: 'string' },
    'dry-run': { type: 'boolean' },
    'full-render': { type: 'boolean' },
    force: { type: 'boolean' },
    accept: { type: 'string' },
    jobs: { type: 'string' },
    'tenant-timeout': { type: 'string' },
    'prune-images-days': { type: 'string' },
    fresh: { type: 'boolean' },
    'max-minutes': { type: 'string' },
    ...TARGET_OPTIONS,
  });
  const fresh = flags.fresh === true;
  const tenantsDir = resolve(flags.tenants ?? join(root, 'tenants'));
  const out = resolve(flags.out ?? join(root, 'dist'));
  const only = listFlag(flags.only);
  const jobs = intFlag('jobs', flags.jobs, Math.min(2, availableParallelism()), 1, 64);
  const timeoutMs = intFlag('tenant-timeout', flags['tenant-timeout'], fresh ? 10 : 30, 1, 24 * 60) * 60_000;
  if (!fresh && flags['max-minutes'] !== undefined) throw new UsageError('--max-minutes goes with --fresh');
  const maxMs = intFlag('max-minutes', flags['max-minutes'], 10, 1, 24 * 60) * 60_000;
  const pruneDays = flags['prune-images-days'] === undefined ? undefined : intFlag('prune-images-days', flags['prune-images-days'], 30, 1, 3650);
  const accept = new Set(listFlag(flags.accept));
  const shard = parseShard(flags.shard);
  const target = targetFromFlags(flags);
  if (fresh && !target) throw new UsageError('--fresh needs --bucket: the fresh lane builds what changed since the live release, read from the bucket');
  if (fresh && flags.force) throw new UsageError("--fresh builds only the tenants whose inputs changed; --force is the nightly's");
  // The build's day: dated rules (listing windows, just-arrived tags, review ages) use it, so two
  // builds of the same inputs on the same day give the same files.
  const day = process.env['BUILD_NOW'] ?? australianToday();
  if (!/^\d{4}-\d{2}-\d{2}/.test(day)) throw new UsageError(`BUILD_NOW must be a date like 2026-11-22, got "${day}"`);
  if (!existsSync(tenantsDir)) {
    console.error(`No tenants folder at ${tenantsDir}. Generate the demo tenants with: npm run demo:generate`);
    return EXIT.platform;
  }

  if (flags.plan) {
    const count = flags.shards?.trim() === 'auto' ? 'auto' : intFlag('shards', flags.shards, 1, 1, 256);
    const maxShards = intFlag('max-shards', flags['max-shards'], 20, 1, 256);
    const all = selectTenants(tenantsDir);
    const names = only.length ? selectTenants(tenantsDir, only) : all;
    // A night with nothing to build is a broken checkout or a wrong folder, never a quiet night.
    if (names.length === 0) {
      console.error(`No tenant folder in ${tenantsDir}: nothing to plan. Real tenants live in tenants/<slug>/ of this repository (docs/nightly.md).`);
      return EXIT.platform;
    }
    let where: PlanWhere | undefined;
    let previous: Record<string, number> | undefined;
    if (target) {
      try {
        const note = await settleRegion(target);
        if (note) console.error(`note: ${note}`);
        where = { client: target.client, bucket: target.bucket, prefix: target.prefix };
        const stored = await readStoredPlan(where);
        if (stored && (count === 'auto' || stored.shards === count)) previous = stored.tenants;
      } catch (err) {
        // The plan still works from the folders alone (every photo counted as new, shards by hash).
        console.error(`warning: the bucket cannot be read for the plan (${describeError(err)}); planning from the tenant folders alone`);
        where = undefined;
      }
    }
    // The whole fleet is planned (tenants keep their shards); --only then picks the shards to run.
    const loads = await tenantLoads(tenantsDir, all, where, Math.floor(Date.parse(day.slice(0, 10)) / 1000));
    const plan = chooseShards(loads, count, previous, { maxShards, photoJobsAllowed: where !== undefined });
    if (where && !only.length) {
      try {
        await storePlan(where, { version: 1, planned_at: new Date().toISOString(), shards: plan.shards.length, tenants: plan.tenants });
      } catch (err) {
        console.error(`warning: could not keep tonight's plan in the bucket (${describeError(err)}); tomorrow's starts from the slugs' hashes`);
      }
    }
    const tenants = Object.fromEntries(names.map((n) => [n, plan.tenants[n] ?? 1]));
    // With --only, just the shards those tenants are on (no runner started for nothing), and no photo jobs.
    const shards = only.length ? [...new Set(Object.values(tenants))].sort((a, b) => a - b) : plan.shards;
    console.log(JSON.stringify({ shards, tenants, photo_jobs: only.length ? [] : plan.photo_jobs, estimate: plan.estimate }));
    return EXIT.ok;
  }
  if (flags.shards !== undefined) throw new UsageError('--shards goes with --plan; to build one shard use --shard i/n');

  const assigned = flags['plan-file'] ? readPlanFile(resolve(flags['plan-file'])) : undefined;
  const names = selectTenants(tenantsDir, only, shard, assigned);
  const shardLabel = shard ? `${shard.index}/${shard.count}` : undefined;
  if (names.length === 0) {
    if (shard) {
      console.log(`No tenants in shard ${shard.index}/${shard.count}.`);
      writeSummary(join(out, '_build'), summarise([], { build_day: day, duration_ms: 0, shards: [`${shard.index}/${shard.count}`] }));
      return EXIT.ok;
    }
    console.error(`No tenants to build in ${tenantsDir}. Generate the demo tenants with: npm run demo:generate`);
    return EXIT.platform;
  }
  const started = performance.now();
  // For ops, not failures: a tenant whose bookkeeping in the bucket could not be read (its guard then
  // compares with the local build).
  const notes: string[] = [];

  // What the bucket serves now: the guard's baseline, and "unchanged" on a machine without the last build.
  let live = new Map<string, LiveState>();
  // Tenants whose releases in the bucket could not be read (the fresh lane leaves them to the nightly).
  const unreadable = new Set<string>();
  let decideStarted = started;
  if (target && (!flags['dry-run'] || fresh)) {
    try {
      const note = await settleRegion(target);
      if (note) console.log(`note: ${note}`);
      console.log(
        `${flags['dry-run'] ? 'Reading' : 'Publishing to'} ${target.label}, ${target.releasesKept} releases kept per tenant${fresh ? ' (the fresh lane)' : ''}`,
      );
      await checkBucket(target.client, target.bucket, target.prefix);
    } catch (err) {
      const message = `the bucket cannot be read (${target.label}): ${describeError(err)}; nothing was built or published. Check the bucket name, region and credentials.`;
      console.error(`FAILED: ${message}`);
      const rows = names.map((n) => ({
        ...rowFromReport(emptyReport(n), 'failed', shardLabel),
        fault: 'platform' as const,
        message: 'not built: the bucket cannot be read',
      }));
      writeSummary(
        join(out, '_build'),
        summarise(rows, { build_day: day.slice(0, 10), duration_ms: 0, shards: shardLabel ? [shardLabel] : [], problems: [message] }),
      );
      return EXIT.platform;
    }
    // The fresh lane and the nightly never publish at once (scripts/lib/fleet/lanes.ts): a fresh run
    // stands down when another run is marked; the nightly waits for a fresh run to finish.
    if (!flags['dry-run']) {
      const claim = await claimTheLane(target, fresh, shardLabel, notes);
      if (claim !== 'go') {
        writeSummary(
          join(out, '_build'),
          summarise([], {
            build_day: day.slice(0, 10),
            duration_ms: 0,
            shards: shardLabel ? [shardLabel] : [],
            notes,
            problems: claim === 'failed' ? notes : [],
          }),
        );
        return claim === 'stand-down' ? EXIT.ok : EXIT.platform;
      }
    }
    decideStarted = performance.now();
    const states = await liveStates(target, names);
    live = states.live;
    for (const p of states.problems) {
      notes.push(`releases of ${p}`);
      unreadable.add(p.slice(0, p.indexOf(':')));
      console.error(`warning: cannot read the releases of ${p}`);
    }
  }

  // Decide what changed before starting anything: a tenant is skipped when its published site was built
  // from exactly these inputs.
  const plan = names.map((name) => {
    const t0 = performance.now();
    const dir = join(tenantsDir, name);
    const fingerprint = tenantFingerprint(root, dir);
    const published = readPublishedState(out, name, join(out, '_build', name));
    const today = day.slice(0, 10);
    const localCurrent = !flags.force && stillCurrent(published, fingerprint, today) && existsSync(join(out, name, 'index.html'));
    // The bucket's live release was built from these inputs (a runner whose cache lost the last build).
    const liveCurrent = !flags.force && !localCurrent && liveIsCurrent(live.get(name), fingerprint, today);
    return {
      name,
      dir,
      fingerprint,
      unchanged: localCurrent || liveCurrent,
      onlyInBucket: liveCurrent,
      validUntil: published?.fingerprint === fingerprint ? published.valid_until : liveCurrent ? live.get(name)?.valid_until : undefined,
      checkMs: performance.now() - t0,
      shard: shardLabel,
    };
  });

  // The fresh lane decides from the bucket alone: inputs changed since the live release, not a platform change.
  let freshDecisions: Map<string, FreshDecision> | undefined;
  if (fresh && target) {
    freshDecisions = await decideFresh(target, plan, live, { unreadable, accept });
    for (const p of plan) {
      p.unchanged = !freshDecisions.get(p.name)?.build;
      p.onlyInBucket = false;
    }
    // The stalest live release first: with --max-minutes, what waits for the next run is the freshest.
    plan.sort((a, b) => (live.get(a.name)?.published_at ?? '').localeCompare(live.get(b.name)?.published_at ?? '') || a.name.localeCompare(b.name));
    const count = (why: string) => [...freshDecisions!.values()].filter((d) => d.why === why).length;
    console.log(
      `Fresh lane: ${plan.filter((p) => !p.unchanged).length} of ${plan.length} tenant(s) changed since their live release (decided in ${((performance.now() - decideStarted) / 1000).toFixed(2)} s; ${count('unchanged')} unchanged, ${count('refused')} refused before with these inputs, ${count('unknown')} built before their inputs were recorded and ${count('unreadable')} unreadable, left to the nightly)`,
    );
  }

  if (flags['dry-run']) {
    const count = shard?.count;
    if (freshDecisions) {
      for (const p of plan) {
        const d = freshDecisions.get(p.name)!;
        console.log(
          `${p.name}\t${d.build ? `would build (${d.why === 'new' ? 'nothing live yet' : 'its inputs changed'})` : `fresh lane skips: ${d.detail ?? 'inputs as live'}`}`,
        );
      }
      return EXIT.ok;
    }
    for (const p of plan)
      console.log(
        `${p.name}\t${count ? `shard ${shardOf(p.name, count)}/${count}` : 'no shard'}\t${
          p.unchanged
            ? `unchanged: would skip (its pages stand until ${p.validUntil ?? '?'})`
            : p.validUntil
              ? `would build (its pages changed on ${p.validUntil})`
              : 'would build'
        }`,
      );
    console.log(`${plan.filter((p) => !p.unchanged).length} would build, ${plan.filter((p) => p.unchanged).length} unchanged.`);
    return EXIT.ok;
  }

  // Old sites a previous run's background removal left behind (scripts/lib/publish-guard.ts swapIn).
  emptyTrash(out);
  const history = target ? bucketHistory(target.client, target.bucket, target.prefix) : localHistory(out);
  const todo = plan.filter((p) => !p.unchanged);
  console.log(
    `Building ${todo.length} of ${names.length} tenant(s) from ${tenantsDir} into ${out} (${jobs} at a time, day ${day.slice(0, 10)}${shard ? `, shard ${shard.index}/${shard.count}` : ''}); ${names.length - todo.length} unchanged`,
  );
  const rows: TenantRow[] = [];
  // Publishes the tenant (when it has a site to publish and there is a bucket) and records its night:
  // done per tenant, as soon as it is built, so a run stopped half way loses only the tenant in progress.
  const finish = async (row: TenantRow, publish: boolean): Promise<void> => {
    let r = row;
    const liveNow = live.get(r.tenant);
    if ((r.status === 'held' || r.status === 'failed') && liveNow && !r.live_since) {
      r = { ...r, listed: liveNow.listed ?? r.listed, live_since: liveNow.published_at };
    }
    if (target && publish) {
      const stats = await publishBuilt(target, out, r.tenant, accept.has(r.tenant));
      (stats.status === 'failed' ? console.error : console.log)(formatTenantLine(stats));
      r = { ...r, publish: publishCell(stats), ...(stats.status === 'failed' ? { fault: 'platform' as const } : {}) };
    }
    // The history is the nightly's, one entry per night: the fresh lane's runs would overwrite it.
    if (!fresh) r = await recordTenantNight(history, r, day.slice(0, 10));
    if (target) await recordRefused(target, r, plan.find((p) => p.name === r.tenant)?.fingerprint, liveNow?.release, notes);
    rows.push(r);
  };

  for (const p of plan.filter((x) => x.unchanged)) {
    const decision = freshDecisions?.get(p.name);
    if (decision) {
      const line = freshSkipLine(p.name, decision);
      if (line) console.log(line);
      rows.push(freshSkipRow(p.name, decision, live.get(p.name), p.checkMs));
      continue;
    }
    console.log(
      `[${p.name}] unchanged since its published build (${p.checkMs.toFixed(0)} ms to check; its pages stand until ${p.validUntil ?? '?'})${p.onlyInBucket ? ', live in the bucket' : ''}; skipped. Use --force to rebuild.`,
    );
    if (p.onlyInBucket) {
      const l = live.get(p.name);
      await finish(
        {
          ...rowFromReport(emptyReport(p.name), 'unchanged', p.shard),
          listed: l?.listed ?? 0,
          read: l?.read ?? 0,
          live_since: l?.published_at,
          message: `pages stand until ${l?.valid_until ?? '?'}; live in the bucket (release ${l?.release ?? '?'})`,
          time_ms: Math.round(p.checkMs),
          publish: { status: 'live', release: l?.release, uploaded: 0, uploaded_bytes: 0, copied: 0, deleted: 0, resumed: false, seconds: 0 },
        },
        false,
      );
      continue;
    }
    // The report of the site in <out>/<slug>, not of a held build since: an export put back as it was reads as the live site.
    const last = (readJson(liveReportFile(out, p.name)) as BuildReport | undefined) ?? readLastReport(out, p.name);
    if (last && last.status === 'ok') writeFileSync(join(out, '_build', p.name, 'report.json'), JSON.stringify(last, null, 2));
    await finish({ ...rowFromReport(last ?? emptyReport(p.name), 'unchanged', p.shard), time_ms: Math.round(p.checkMs) }, true);
  }

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping ${running.size} tenant build(s); every published site stays as it was.`);
    for (const child of running) child.kill('SIGTERM');
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  const queue = [...todo];
  let done = 0;
  const buildStarted = performance.now();
  // The fresh lane's tenants left for its next run once --max-minutes are up (not failures).
  const deferred: string[] = [];
  await Promise.all(
    Array.from({ length: Math.min(jobs, todo.length) }, async () => {
      for (let p = queue.shift(); p !== undefined && !stopping; p = queue.shift()) {
        if (fresh && performance.now() - started > maxMs) {
          deferred.push(p.name);
          continue;
        }
        const liveNow = live.get(p.name);
        // Tenants built side by side share the cores: sharp gets its share, not one worker per core each.
        const r = await buildOne(p.dir, out, p.name, {
          imageConcurrency: Math.max(1, Math.floor(availableParallelism() / jobs)),
          accept: accept.has(p.name),
          fullRender: flags['full-render'] === true,
          timeoutMs,
          day,
          fingerprint: p.fingerprint,
          live: liveNow && liveNow.listed !== undefined ? { listed: liveNow.listed, published_at: liveNow.published_at } : undefined,
          photoStore: target ? photoStoreEnv({ bucket: target.bucket, prefix: target.prefix, ...target.options }) : undefined,
        });
        done++;
        const status = r.status === 'ok' ? 'built' : r.status === 'held' ? 'held' : 'failed';
        const elapsed = performance.now() - buildStarted;
        const eta = done < todo.length ? `, about ${formatEta((elapsed / done) * (todo.length - done))} left` : '';
        console.log(
          `[${done}/${todo.length} tenants${eta}] ` +
            (r.status === 'ok'
              ? `[${p.name}] done: ${r.pages.html} pages, ${r.records.listed} cars listed, ${r.records.rejected} records rejected, images ${r.images.processed} new / ${r.images.cached} cached${r.images.from_store ? ` / ${r.images.from_store} from the photo store` : ''} / ${r.images.failed} failed, ${(r.timings_ms.total / 1000).toFixed(1)} s`
              : r.status === 'held'
                ? `[${p.name}] HELD: ${r.held?.reason ?? r.error?.message ?? ''}; the published site is kept`
                : `[${p.name}] FAILED${r.fault === 'platform' ? ' (platform)' : ''}: ${r.error?.message.split('\n')[0] ?? 'unknown error'}`),
        );
        await finish(rowFromReport(r, status, p.shard), status === 'built');
      }
    }),
  );
  for (const p of queue) rows.push({ ...rowFromReport(emptyReport(p.name), 'failed', p.shard), fault: 'platform', message: 'not built: the run was stopped' });

  const runUrl = runUrlFromEnv();
  const summary = summarise(rows, {
    build_day: day.slice(0, 10),
    duration_ms: Math.round(performance.now() - started),
    shards: shardLabel ? [shardLabel] : [],
    problems: stopping ? [`the run was stopped (SIGTERM/SIGINT) after ${done} of ${todo.length} builds`] : [],
    notes,
    run_url: runUrl,
  });
  writeSummary(join(out, '_build'), summary);
  const t = summary.totals;
  console.log(`\nSummary (${(summary.duration_ms / 1000).toFixed(1)} s):`);
  for (const r of summary.tenants)
    console.log(
      `  ${r.status.toUpperCase().padEnd(9)} ${r.tenant}  ${
        r.status === 'built' || r.status === 'unchanged'
          ? `${r.pages} pages, ${r.listed} listed, ${r.rejected} rejected, ${r.photos_failed} photos unavailable${r.warnings ? `, ${r.warnings} warning(s) (config and stock columns)` : ''}, compliance ${r.compliance.error} error(s) ${r.compliance.warning} warning(s)${r.publish ? `; publish: ${r.publish.status}${r.publish.status === 'published' ? ` ${r.publish.uploaded} uploaded (${(r.publish.uploaded_bytes / 1e6).toFixed(2)} MB)` : ''}` : ''}`
          : `${r.message ?? ''}${r.nights_held && r.nights_held > 1 ? ` (since ${r.held_since}, ${r.nights_held} nights)` : ''}`
      }`,
    );
  console.log(`  ${t.built} built, ${t.unchanged} unchanged, ${t.held} held, ${t.failed} failed. Summary: ${join(out, '_build', 'index.html')}`);
  if (deferred.length)
    console.log(`Fresh lane: ${deferred.length} changed tenant(s) left for the next run (--max-minutes ${maxMs / 60_000} were up): ${deferred.join(', ')}`);

  if (pruneDays !== undefined && !stopping) {
    // Every night: what a site in <out> uses stays (a held tenant's kept site included), whatever its age.
    const cache = imageCacheDir(root);
    const keep = await liveImageKeys(out);
    const pruned = await pruneImageCache(cache, { maxAgeDays: pruneDays, keep });
    console.log(
      `Image cache ${cache}: removed ${pruned.keys} photo(s) unused for ${pruneDays} days (${pruned.files} files, ${(pruned.bytes / 1e6).toFixed(1)} MB); ${pruned.kept} kept, ${keep.size} of them used by the sites in ${out}.`,
    );
  }
  if (stopping) return 130;
  const platform = rows.some(isPlatformProblem) || summary.problems.length > 0;
  return platform ? EXIT.platform : t.failed || t.held ? EXIT.dealers : EXIT.ok;
}

/** This run's mark in the bucket (scripts/lib/fleet/lanes.ts), released when the run ends. */
let laneHold: LaneHold | undefined;

/**
 * Marks this run in the bucket. The fresh lane stands down when another run is marked (and cannot run
 * unmarked: a bucket error is the platform's); any other run waits for a fresh run to finish, and goes
 * on unmarked, with a note, when it cannot write its mark.
 */
async function claimTheLane(
  target: NonNullable<ReturnType<typeof targetFromFlags>>,
  fresh: boolean,
  shard: string | undefined,
  notes: string[],
): Promise<'go' | 'stand-down' | 'failed'> {
  let claim: Awaited<ReturnType<typeof claimLane>>;
  try {
    claim = await claimLane(target, fresh ? 'fresh' : 'nightly', laneId(process.env, shard), { log: (line) => console.log(line) });
  } catch (err) {
    if (fresh) {
      const problem = `the fresh lane cannot mark its run in ${target.label} (${describeError(err)}): nothing was built or published`;
      notes.push(problem);
      console.error(`FAILED: ${problem}`);
      return 'failed';
    }
    const note = `this run could not mark itself in the bucket (${describeError(err)}); a fresh-lane run may publish beside it`;
    notes.push(note);
    console.error(`warning: ${note}`);
    return 'go';
  }
  if ('hold' in claim) {
    laneHold = claim.hold;
    if (claim.waitedMs > 1000) console.log(`The fresh lane finished; waited ${(claim.waitedMs / 1000).toFixed(0)} s.`);
    return 'go';
  }
  if ('standDown' in claim) {
    const line = `Fresh lane: another run is building and publishing (${claim.standDown.map(describeMark).join(', ')}); this run stands down, and the next one picks up what changed.`;
    console.log(line);
    notes.push(line);
    return 'stand-down';
  }
  const note = `a fresh-lane run has been marked in the bucket for ${Math.round(claim.waitedMs / 60_000)} minutes (${claim.timedOut.map(describeMark).join(', ')}): nothing was built; remove its mark under _lanes/ if that run is gone`;
  notes.push(note);
  console.error(`FAILED: ${note}`);
  return 'failed';
}

/**
 * A build that did not go live (held, failed, or withheld by a rollback), recorded in the bucket so the
 * fresh lane does not build the same inputs again every 15 minutes (scripts/lib/fleet/fresh.ts). A
 * publish that failed is not recorded: the next run tries again.
 */
async function recordRefused(
  target: NonNullable<ReturnType<typeof targetFromFlags>>,
  row: TenantRow,
  fingerprint: string | undefined,
  liveRelease: string | undefined,
  notes: string[],
): Promise<void> {
  const status = row.status === 'held' || row.status === 'failed' ? row.status : row.publish?.status === 'withheld' ? 'withheld' : undefined;
  if (!status || !fingerprint || row.publish?.status === 'failed') return;
  try {
    await recordNotPublished(target, row.tenant, {
      fingerprint,
      status,
      reason: (status === 'withheld' ? row.publish?.reason : row.message) ?? status,
      live_release: liveRelease ?? null,
    });
  } catch (err) {
    notes.push(`${row.tenant}: could not record its unpublished build (${describeError(err)})`);
  }
}

function readLastReport(out: string, name: string): BuildReport | undefined {
  try {
    return JSON.parse(readFileSync(join(out, '_build', name, 'report.json'), 'utf8')) as BuildReport;
  } catch {
    return undefined;
  }
}

if (isMain(import.meta.url))
  await runCli(async () => {
    try {
      return await main();
    } finally {
      await laneHold?.release().catch((err: unknown) => console.error(`warning: could not remove this run's mark from the bucket: ${describeError(err)}`));
    }
  });
