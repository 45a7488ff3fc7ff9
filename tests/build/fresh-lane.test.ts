/**
 * The fresh lane played out (.github/workflows/fresh.yml run step by step by tests/helpers/actions-runner.ts,
 * each run on a fresh checkout with no dist/ and no image cache, as on a GitHub runner) against the local
 * S3 server, on three dealers a night has published. What a shopper gets is read through the reference
 * host (the pointer, then the live slot).
 *
 *   nothing changed       nothing is built
 *   a price change        that dealer alone is built and published: the bucket serves the new price
 *   a sale                the car leaves the export: its page is gone from the bucket, and from the lists
 *   a platform change     alone, it rebuilds nothing in the fresh lane (the nightly would)
 *   a truncated export    held by the same guard, the live site kept; not rebuilt every 15 minutes
 *   a night running       the fresh run stands down; the next tick publishes
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintParts } from '../../scripts/lib/fingerprint.ts';
import { notPublishedKey } from '../../scripts/lib/fleet/fresh.ts';
import { LANES_FOLDER, laneName } from '../../scripts/lib/fleet/lanes.ts';
import { bucketHost } from '../../scripts/lib/publish/bucket-host.ts';
import { deleteKeys, getText, listUnder, putJson } from '../../scripts/lib/publish/bucket.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../../scripts/lib/publish/local-s3.ts';
import { createS3Client } from '../../scripts/lib/publish/publish.ts';
import type { RunSummary } from '../../scripts/lib/summary.ts';
import { runWorkflow, type JobRun, type WorkflowRun } from '../helpers/actions-runner.ts';
import { specRecords } from './spec-tenant.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const WORK = resolve(ROOT, '.cache/fresh-lane');
const REPO_TENANTS = join(WORK, 'repo', 'tenants');
const STATE = join(WORK, 'state');
const BUCKET = 'dealer-sites';
const PREFIX = 'sites/';
const DAY = '2026-11-22';
const CHECKOUT = [
  'scripts',
  'src',
  'public',
  'functions',
  'node_modules',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  '.node-version',
];
const NPM_SHIM = `#!/usr/bin/env bash
if [ "$1" = install ]; then echo "npm install: skipped, the test checkout links the project's installed node_modules"; exit 0; fi
exec "$REAL_NPM" "$@"
`;
const TENANTS = ['alpha-motors', 'bravo-cars', 'charlie-auto'];
const CARS = 10;
/** alpha's cars: ids 1000.., $20,000 + $1,000 each; car 1003 is re-priced, car 1005 is sold. */
const REPRICED = { id: 1003, page: '/cars/2021-toyota-rav4-gx-1003/' };
const SOLD = { id: 1005, page: '/cars/2021-toyota-rav4-gx-1005/' };

let s3: LocalS3;
let client: ReturnType<typeof createS3Client>;
let seq = 0;
const STEP_ENV: Record<string, string> = {
  PATH: `${join(WORK, 'bin')}:${process.env['PATH'] ?? ''}`,
  REAL_NPM: execFileSync('bash', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim(),
  // In the checkout: every run starts with an empty image cache, as a GitHub runner does.
  DEALER_IMAGE_CACHE: '.cache/images',
  AWS_EC2_METADATA_DISABLED: 'true',
  BUILD_NOW: DAY,
};

/** The environment of a build run from here: the test framework's markers removed (vitest's NODE_ENV=test changes how Vite builds). */
function buildEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^VITEST/.test(k) && k !== 'TEST' && k !== 'NODE_ENV') env[k] = v;
  return {
    ...env,
    ...STEP_ENV,
    AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
    ...extra,
  };
}

const served = async (slug: string, path: string): Promise<{ status: number; text: string }> => {
  const res = await bucketHost({ client, bucket: BUCKET, prefix: PREFIX, tenantFor: () => slug, ttlMs: 0 })(new Request(`http://${slug}.example${path}`));
  return { status: res.status, text: await res.text() };
};

const stockFile = (slug: string) => join(REPO_TENANTS, slug, 'stock.json');
const stockOf = (slug: string): Record<string, unknown>[] => JSON.parse(readFileSync(stockFile(slug), 'utf8')) as Record<string, unknown>[];
const writeStock = (slug: string, stock: Record<string, unknown>[]) => writeFileSync(stockFile(slug), JSON.stringify(stock));

interface FreshRun {
  run: WorkflowRun;
  job: JobRun;
  /** The build step's output. */
  log: string;
  summary: RunSummary;
  seconds: number;
}

/** One tick of the fresh workflow, on a fresh checkout of the repository as it is now. */
async function freshRun(): Promise<FreshRun> {
  let workspace = '';
  const t0 = performance.now();
  const run = await runWorkflow(join(ROOT, '.github/workflows/fresh.yml'), {
    workspace: ROOT,
    jobWorkspace: () => {
      workspace = join(WORK, 'ws', String(++seq));
      mkdirSync(workspace, { recursive: true });
      for (const name of CHECKOUT) symlinkSync(join(ROOT, name), join(workspace, name));
      cpSync(REPO_TENANTS, join(workspace, 'tenants'), { recursive: true });
      return workspace;
    },
    stateDir: STATE,
    event: 'schedule',
    vars: { SITE_BUCKET: BUCKET, SITE_PREFIX: PREFIX, S3_ENDPOINT: s3.endpoint, AWS_REGION: '' },
    secrets: { AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey },
    env: STEP_ENV,
  });
  const seconds = (performance.now() - t0) / 1000;
  const job = run.jobs[0]!;
  const step = job.steps.find((s) => s.name === 'Build and publish what changed');
  const log = `${step?.stdout ?? ''}${step?.stderr ?? ''}`;
  let summary: RunSummary;
  try {
    summary = JSON.parse(readFileSync(join(workspace, 'dist/_build/summary.json'), 'utf8')) as RunSummary;
  } catch {
    summary = { tenants: [], problems: ['no summary'], notes: [], totals: {} } as unknown as RunSummary;
  }
  return { run, job, log, summary, seconds };
}

const statusOf = (r: FreshRun, slug: string) => r.summary.tenants.find((t) => t.tenant === slug)?.status;
const built = (r: FreshRun) => r.summary.tenants.filter((t) => t.status !== 'unchanged').map((t) => t.tenant);
const explain = (r: FreshRun) => r.job.steps.map((s) => `### ${s.name} (${s.conclusion})\n${s.stdout.slice(-4000)}${s.stderr.slice(-4000)}`).join('\n');

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(REPO_TENANTS, { recursive: true });
  mkdirSync(join(WORK, 'bin'));
  writeFileSync(join(WORK, 'bin', 'npm'), NPM_SHIM);
  chmodSync(join(WORK, 'bin', 'npm'), 0o755);
  s3 = await startLocalS3({ bucket: BUCKET, latencyMs: 15 });
  client = createS3Client({ endpoint: s3.endpoint, region: 'us-east-1' });
  process.env['AWS_ACCESS_KEY_ID'] ??= LOCAL_S3_CREDENTIALS.accessKeyId;
  process.env['AWS_SECRET_ACCESS_KEY'] ??= LOCAL_S3_CREDENTIALS.secretAccessKey;
  for (const [i, slug] of TENANTS.entries()) {
    const name = slug
      .split('-')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' ');
    mkdirSync(join(REPO_TENANTS, slug), { recursive: true });
    writeFileSync(
      join(REPO_TENANTS, slug, 'tenant.json'),
      JSON.stringify(
        { slug, name, url: `https://${slug}.example.com.au`, locations: [{ name: `${name} Caringbah`, address: { city: 'Caringbah' } }] },
        null,
        2,
      ),
    );
    writeStock(
      slug,
      specRecords(CARS, 1000 * (i + 1), slug.slice(0, 2).toUpperCase(), (r, n) => {
        r['price'] = 20_000 + 1_000 * n;
      }),
    );
  }
  // Last night: every dealer built and published by the nightly's build step.
  const night = spawnSync(
    process.execPath,
    ['scripts/build.ts', '--tenants', REPO_TENANTS, '--out', join(WORK, 'night-dist'), '--bucket', BUCKET, '--prefix', PREFIX, '--endpoint', s3.endpoint],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: buildEnv({ DEALER_IMAGE_CACHE: join(WORK, 'night-images') }),
    },
  );
  expect(night.status, `${night.stdout}${night.stderr}`).toBe(0);
  // The night records each release's inputs apart from the platform's version.
  const releases = JSON.parse((await getText(client, BUCKET, `${PREFIX}alpha-motors/_meta/releases.json`))!) as {
    slots: Record<string, { info: { fingerprint?: string } }>;
  };
  expect(fingerprintParts(Object.values(releases.slots)[0]!.info.fingerprint)).toBeDefined();
}, 300_000);

afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

describe('the fresh lane (fresh.yml) on three dealers a night published', () => {
  it('builds nothing when no export changed', async () => {
    const r = await freshRun();
    expect(r.run.result, explain(r)).toBe('success');
    expect(r.log).toMatch(/Fresh lane: 0 of 3 tenant\(s\) changed since their live release \(decided in \d+\.\d\d s; 3 unchanged/);
    expect(built(r)).toEqual([]);
    expect(r.job.stepSummary).toContain('0 built, 0 held, 0 failed, 3 not built');
    // Nothing was uploaded: no report artifact either.
    expect(r.job.steps.find((s) => s.name === 'Upload the reports')?.skipped).toBe(true);
  }, 300_000);

  it('a price change reaches the bucket, and only that dealer is built', async () => {
    expect((await served('alpha-motors', REPRICED.page)).text).toContain('$23,000');
    const before = { bravo: (await served('bravo-cars', '/')).text, charlie: (await served('charlie-auto', '/')).text };
    const stock = stockOf('alpha-motors');
    stock.find((c) => c['id'] === REPRICED.id)!['price'] = 19_500;
    writeStock('alpha-motors', stock);

    const r = await freshRun();
    expect(r.run.result, explain(r)).toBe('success');
    expect(built(r)).toEqual(['alpha-motors']);
    expect(statusOf(r, 'alpha-motors')).toBe('built');
    const row = r.summary.tenants.find((t) => t.tenant === 'alpha-motors')!;
    expect(row.publish).toMatchObject({ status: 'published' });
    // Published over the live release: the unchanged files were copied in the bucket, not uploaded.
    expect(row.publish!.copied).toBeGreaterThan(row.publish!.uploaded);
    const page = await served('alpha-motors', REPRICED.page);
    expect(page.status).toBe(200);
    expect(page.text).toContain('$19,500');
    expect(page.text).not.toContain('$23,000');
    expect((await served('bravo-cars', '/')).text).toBe(before.bravo);
    expect((await served('charlie-auto', '/')).text).toBe(before.charlie);
    console.log(
      `fresh lane, price change: ${r.seconds.toFixed(1)} s from the run's start to the bucket serving it (build ${(row.time_ms / 1000).toFixed(1)} s, publish ${row.publish!.seconds} s)`,
    );
  }, 300_000);

  it('a sale reaches the bucket: the car leaves the export, its page and the lists', async () => {
    expect((await served('alpha-motors', SOLD.page)).status).toBe(200);
    expect((await served('alpha-motors', '/search/used-cars')).text).toContain(SOLD.page.slice(0, -1));
    writeStock(
      'alpha-motors',
      stockOf('alpha-motors').filter((c) => c['id'] !== SOLD.id),
    );

    const r = await freshRun();
    expect(r.run.result, explain(r)).toBe('success');
    expect(built(r)).toEqual(['alpha-motors']);
    expect(r.summary.tenants.find((t) => t.tenant === 'alpha-motors')).toMatchObject({ status: 'built', listed: CARS - 1 });
    expect((await served('alpha-motors', SOLD.page)).status).toBe(404);
    expect((await served('alpha-motors', '/search/used-cars')).text).not.toContain(SOLD.page.slice(0, -1));
    expect((await served('alpha-motors', REPRICED.page)).text).toContain('$19,500');
  }, 300_000);

  it('a platform change alone rebuilds nothing in the fresh lane; the nightly would rebuild it', async () => {
    // bravo's live release as a build of an older platform: same inputs, another platform version.
    const key = `${PREFIX}bravo-cars/_meta/releases.json`;
    const index = JSON.parse((await getText(client, BUCKET, key))!) as { slots: Record<string, { info: { fingerprint?: string } }> };
    for (const slot of Object.values(index.slots)) {
      const parts = fingerprintParts(slot.info.fingerprint)!;
      slot.info.fingerprint = `inputs:${parts.inputs};platform:${'0'.repeat(64)}`;
    }
    await putJson(client, BUCKET, key, index);

    const r = await freshRun();
    expect(r.run.result, explain(r)).toBe('success');
    expect(built(r)).toEqual([]);
    expect(r.log).toMatch(/Fresh lane: 0 of 3 tenant\(s\) changed/);

    // The nightly's decision on a runner without the last build (no dist/): bravo would be built.
    const dry = spawnSync(
      process.execPath,
      ['scripts/build.ts', '--tenants', REPO_TENANTS, '--out', join(WORK, 'empty-dist'), '--only', 'bravo-cars', '--dry-run'],
      { cwd: ROOT, encoding: 'utf8', env: buildEnv() },
    );
    expect(dry.stdout).toMatch(/bravo-cars\tno shard\twould build/);
    const freshDry = spawnSync(
      process.execPath,
      [
        'scripts/build.ts',
        '--fresh',
        '--dry-run',
        '--tenants',
        REPO_TENANTS,
        '--out',
        join(WORK, 'empty-dist'),
        '--bucket',
        BUCKET,
        '--prefix',
        PREFIX,
        '--endpoint',
        s3.endpoint,
      ],
      { cwd: ROOT, encoding: 'utf8', env: buildEnv() },
    );
    expect(freshDry.stdout, freshDry.stderr).toMatch(/bravo-cars\tfresh lane skips: inputs as live/);
  }, 300_000);

  it('a truncated export is held by the same guard, the live site kept, and not rebuilt every 15 minutes', async () => {
    const live = await served('charlie-auto', '/');
    writeStock('charlie-auto', stockOf('charlie-auto').slice(0, 1));

    const r = await freshRun();
    // A dealer's own problem: the run passes, with a warning naming it.
    expect(r.run.result, explain(r)).toBe('success');
    expect(built(r)).toEqual(['charlie-auto']);
    const row = r.summary.tenants.find((t) => t.tenant === 'charlie-auto')!;
    expect(row).toMatchObject({ status: 'held', fault: 'dealer', listed: CARS });
    expect(row.message).toBe(`the new build lists 1 car where the published site lists ${CARS} (under 50%)`);
    expect(r.job.annotations.map((a) => `${a.level}: ${a.message}`)).toContainEqual(
      expect.stringMatching(/^warning: charlie-auto: held, its live site kept \(the new build lists 1 car/),
    );
    expect((await served('charlie-auto', '/')).text).toBe(live.text);
    // The fresh lane writes no history: "held since" and the alerts are the nightly's.
    expect(await getText(client, BUCKET, `${PREFIX}charlie-auto/_meta/history.json`)).toMatch(/2026-11-22/);
    expect(await getText(client, BUCKET, `${PREFIX}charlie-auto/_meta/history.json`)).not.toMatch(/held/);
    const record = JSON.parse((await getText(client, BUCKET, notPublishedKey(PREFIX, 'charlie-auto')))!) as Record<string, unknown>;
    expect(record).toMatchObject({ tenant: 'charlie-auto', status: 'held' });

    // The next tick: the same export is not built again.
    const again = await freshRun();
    expect(again.run.result, explain(again)).toBe('success');
    expect(built(again)).toEqual([]);
    expect(again.log).toMatch(/\[charlie-auto\] not built by the fresh lane: these inputs were held at .* \(the new build lists 1 car/);
    expect((await served('charlie-auto', '/')).text).toBe(live.text);

    // The export mended: as live again, nothing to build.
    writeStock(
      'charlie-auto',
      specRecords(CARS, 3000, 'CH', (rec, n) => {
        rec['price'] = 20_000 + 1_000 * n;
      }),
    );
    const mended = await freshRun();
    expect(built(mended)).toEqual([]);
    expect(mended.log).toMatch(/3 unchanged/);
  }, 300_000);

  it('stands down while a night is building and publishing, and publishes the change at the next tick', async () => {
    // bravo this time: alpha published twice in the last minute, and a slot live less than 2 minutes ago
    // is not written (a host may still serve it); 15 minutes apart, as the lane runs, that never bites.
    const page = '/cars/2021-toyota-rav4-gx-2003/';
    expect((await served('bravo-cars', page)).text).toContain('$23,000');
    const stock = stockOf('bravo-cars');
    stock.find((c) => c['id'] === 2003)!['price'] = 18_750;
    writeStock('bravo-cars', stock);
    // A nightly shard's mark, as build.ts writes it when a night starts.
    const mark = `${PREFIX}${LANES_FOLDER}${laneName('nightly', Date.now() + 10 * 60_000, '9001-1-1of2-4242')}`;
    await putJson(client, BUCKET, mark, { lane: 'nightly' });
    const r = await freshRun();
    expect(r.run.result, explain(r)).toBe('success');
    expect(r.log).toMatch(/Fresh lane: another run is building and publishing \(nightly run 9001-1-1of2-4242 .*\); this run stands down/);
    expect(built(r)).toEqual([]);
    expect((await served('bravo-cars', page)).text).toContain('$23,000');

    // The night over (its mark removed), the next tick publishes the change.
    await deleteKeys(client, BUCKET, [mark]);
    const next = await freshRun();
    expect(next.run.result, explain(next)).toBe('success');
    expect(built(next)).toEqual(['bravo-cars']);
    expect((await served('bravo-cars', page)).text).toContain('$18,750');
    // Each run removed its own mark.
    expect([...(await listUnder(client, BUCKET, `${PREFIX}${LANES_FOLDER}`)).keys()]).toEqual([]);
  }, 300_000);
});
