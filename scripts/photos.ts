/**
 * `npm run photos -- --job i/n --bucket <name> ...`: one photo-only job of a night whose photo work
 * would not fit in the build jobs (the plan says so: scripts/build.ts --plan, `photo_jobs`). It takes
 * share i of n of every tenant's photos (by a hash of each photo's reference, so the shares are even
 * whatever the tenants' sizes), encodes what the fleet's photo store does not have yet and puts it
 * there. The build jobs that follow fetch those photos from the store instead of encoding them.
 *
 * A tenant whose config or export cannot be read is skipped here (its build says why). Exit status:
 * 0 when every tenant's share was processed, 1 when the bucket cannot be reached or a tenant's photo
 * run crashed (the builds then encode what is missing: slower, never wrong), 2 for a usage error.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selectTenants } from './build.ts';
import { intFlag, isMain, listFlag, parseCli, runCli, UsageError } from './lib/cli.ts';
import { PHOTO_STORE_ENV, photoStoreEnv } from './lib/images/photo-store.ts';
import { checkBucket, describeError } from './lib/publish/bucket.ts';
import { settleRegion, TARGET_OPTIONS, TARGET_USAGE, targetFromFlags } from './lib/publish/target.ts';
import type { BuildReport } from './lib/report.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `
Usage: npm run photos -- --job <i/n> --bucket <name> [--prefix <folder/>] [--endpoint <url>] [--region <r>]
                        [--tenants tenants] [--out .cache/photo-jobs] [--only a,b] [--jobs 2]

Processes share i of n of every tenant's photos into the fleet's photo store (<prefix>_photos/ in the
bucket), so the night's build jobs fetch them instead of encoding them (docs/nightly.md, "Photo jobs").

  --job <i/n>        this job's share of the photos
  --tenants <dir>    the tenants' folders (default tenants)
  --out <dir>        where each tenant's photo report goes (default .cache/photo-jobs)
  --only <a,b>       only these tenants
  --jobs <n>         tenants processed at once (default 2 on 2 cores)
${TARGET_USAGE}
`;

function parseJob(value: string | undefined): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(value ?? '');
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || index < 1 || count < 1 || index > count) throw new UsageError(`--job expects i/n with 1 <= i <= n, got "${value ?? ''}"`);
  return { index, count };
}

function photoRun(tenantDir: string, out: string, job: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; lines: string[] }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'scripts/build-tenant.ts'), '--tenant', tenantDir, '--out', out, '--photos-only', '--photo-share', job], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    const lines: string[] = [];
    const collect = (chunk: Buffer) =>
      lines.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((l) => l.trim()),
      );
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('close', (code) => done({ code, lines }));
  });
}

async function main(): Promise<number> {
  const flags = parseCli(USAGE, {
    job: { type: 'string' },
    tenants: { type: 'string' },
    out: { type: 'string' },
    only: { type: 'string' },
    jobs: { type: 'string' },
    ...TARGET_OPTIONS,
  });
  const job = parseJob(flags.job);
  const target = targetFromFlags(flags);
  if (!target) throw new UsageError('--bucket is required: photo jobs fill the fleet photo store in the bucket');
  const tenantsDir = resolve(flags.tenants ?? join(root, 'tenants'));
  const out = resolve(flags.out ?? join(root, '.cache/photo-jobs'));
  const jobs = intFlag('jobs', flags.jobs, Math.min(2, availableParallelism()), 1, 16);
  const names = selectTenants(tenantsDir, listFlag(flags.only));
  if (names.length === 0) throw new UsageError(`no tenant folders in ${tenantsDir}`);
  try {
    const note = await settleRegion(target);
    if (note) console.log(`note: ${note}`);
    await checkBucket(target.client, target.bucket, target.prefix);
  } catch (err) {
    console.error(`FAILED: the bucket cannot be read (${target.label}): ${describeError(err)}; no photo was processed. The builds will encode what they need.`);
    return 1;
  }
  mkdirSync(out, { recursive: true });
  const env = {
    ...process.env,
    [PHOTO_STORE_ENV]: photoStoreEnv({ bucket: target.bucket, prefix: target.prefix, ...target.options }),
    DEALER_IMAGE_CONCURRENCY: String(Math.max(1, Math.floor(availableParallelism() / jobs))),
  };
  const shareLabel = `${job.index}/${job.count}`;
  console.log(`Photo job ${shareLabel}: share ${shareLabel} of the photos of ${names.length} tenant(s), into ${target.label}_photos/ (${jobs} at a time)`);
  const started = performance.now();
  const totals = { sources: 0, encoded: 0, fromStore: 0, cached: 0, failed: 0 };
  const crashed: string[] = [];
  const queue = [...names];
  await Promise.all(
    Array.from({ length: Math.min(jobs, names.length) }, async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        const { code, lines } = await photoRun(join(tenantsDir, name), out, shareLabel, env);
        let report: BuildReport | undefined;
        try {
          report = JSON.parse(readFileSync(join(out, '_build', name, 'report.json'), 'utf8')) as BuildReport;
        } catch {
          report = undefined;
        }
        if (code === 0 && report) {
          const i = report.images;
          totals.sources += i.sources;
          totals.encoded += i.processed;
          totals.fromStore += i.from_store ?? 0;
          totals.cached += i.cached;
          totals.failed += i.failed;
          console.log(`[${name}] ${lines.find((l) => l.startsWith('photos')) ?? 'photos done'}`);
        } else if (report?.fault === 'dealer' || report?.status === 'failed' || report?.status === 'held') {
          console.log(`[${name}] skipped: ${report.error?.message.split('\n')[0] ?? 'its config or export cannot be read'} (its build says why)`);
        } else {
          crashed.push(name);
          console.error(`[${name}] the photo run stopped (exit ${code ?? 'signal'}): ${lines.slice(-3).join(' | ')}`);
        }
      }
    }),
  );
  const s = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Photo job ${shareLabel} done in ${s} s: ${totals.sources} photos, ${totals.encoded} encoded and stored, ${totals.fromStore} already in the store, ${totals.cached} in this runner's cache, ${totals.failed} unavailable${crashed.length ? `; ${crashed.length} tenant(s) stopped: ${crashed.join(', ')}` : ''}.`,
  );
  target.client.destroy();
  return crashed.length ? 1 : 0;
}

if (isMain(import.meta.url)) await runCli(main);
