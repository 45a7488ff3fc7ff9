/**
 * The nightly workflow played out, night after night, on a simulated fleet of 8 dealers: the jobs and
 * steps of .github/workflows/nightly.yml run as GitHub runs them (tests/helpers/actions-runner.ts runs
 * their `run:` lines with bash, a fresh checkout per job, caches and artifacts kept between runs), with
 * the documented settings, against the local S3 server (s3rver, with a store's round-trip latency), the
 * outbox in PostgreSQL and a webhook receiver on 127.0.0.1. What a shopper gets is read through the
 * reference host (the pointer, then the live slot).
 *
 *   night 1  every dealer built and published; the run green; only the ops digest
 *   night 2  bravo's export cut to one car (held), charlie's tenant.json broken (held), delta's price
 *            changed (published, few files): the run green with two warnings, the run page true, alerts
 *   night 3  bravo still held (a reminder), charlie repaired; foxtrot's publish killed half way: the
 *            live site whole, the run red (the platform broke), the page says which shard
 *   re-run   foxtrot's publish carries on with only what is missing; the run green
 *   night 4  delta rolled back from the Actions UI (sites.yml) and the bucket serves its old price;
 *            kilo's folder removed: said every night, never deleted until `remove`
 *   and      an empty tenants folder fails the plan
 */
import { Client } from 'pg';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardOf } from '../../scripts/lib/fingerprint.ts';
import { bucketHost } from '../../scripts/lib/publish/bucket-host.ts';
import { getText } from '../../scripts/lib/publish/bucket.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../../scripts/lib/publish/local-s3.ts';
import { createS3Client } from '../../scripts/lib/publish/publish.ts';
import type { RunSummary, TenantRow } from '../../scripts/lib/summary.ts';
import { runWorkflow, type JobRun, type WorkflowRun } from '../helpers/actions-runner.ts';
import { specRecords } from './spec-tenant.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const WORK = resolve(ROOT, '.cache/nightly-fleet');
/** The repository's tenants/ folder: what each night's checkout holds. */
const REPO_TENANTS = join(WORK, 'repo', 'tenants');
const STATE = join(WORK, 'state');
const PREFIX = 'sites/';
const BUCKET = 'dealer-sites';
/** The checkout's own files, linked into each job's workspace (a fresh machine per job, as on GitHub). */
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

/**
 * `npm` for the steps: the checkouts link the project's node_modules, so the workflow's `npm install`
 * would rewrite the developer's own; it is reported and skipped, and every other npm command runs.
 */
const NPM_SHIM = `#!/usr/bin/env bash
if [ "$1" = install ]; then echo "npm install: skipped, the test checkout links the project's installed node_modules"; exit 0; fi
exec "$REAL_NPM" "$@"
`;

const SHARD_1 = ['alpha-motors', 'bravo-cars', 'charlie-auto', 'delta-trucks', 'golf-auto'];
const SHARD_2 = ['foxtrot-cars', 'india-motors', 'kilo-auto'];
const CARS = 10;
/** The page of delta's car whose price drops on night 2 ($23,000 to $19,500): its id is 4003. */
const DELTA_CAR = '/cars/2021-toyota-rav4-gx-4003/';

let s3: LocalS3;
let client: ReturnType<typeof createS3Client>;
let receiver: Server;
let receiverUrl = '';
const hooks: { path: string; headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[] = [];
let databaseUrl: string | undefined;
let schema = '';
let pg: Client | undefined;
const workspaces = new Map<string, string>();
let workspaceSeq = 0;
/** Every step's extra environment: the npm shim first on PATH, the image cache in the checkout (saved by the cache step). */
const STEP_ENV: Record<string, string> = {
  PATH: `${join(WORK, 'bin')}:${process.env['PATH'] ?? ''}`,
  REAL_NPM: execFileSync('bash', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim(),
  DEALER_IMAGE_CACHE: '.cache/images',
  AWS_EC2_METADATA_DISABLED: 'true',
};

const serve = (slug: string) => bucketHost({ client, bucket: BUCKET, prefix: PREFIX, tenantFor: () => slug, ttlMs: 0 });
async function served(slug: string, path: string): Promise<{ status: number; text: string }> {
  const res = await serve(slug)(new Request(`http://${slug}.example${path}`));
  return { status: res.status, text: await res.text() };
}

function tenantJson(slug: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const name = slug
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
  return { slug, name, url: `https://${slug}.example.com.au`, locations: [{ name: `${name} Caringbah`, address: { city: 'Caringbah' } }], ...extra };
}

function writeTenant(slug: string, config: Record<string, unknown>, stock: Record<string, unknown>[]): void {
  mkdirSync(join(REPO_TENANTS, slug), { recursive: true });
  writeFileSync(join(REPO_TENANTS, slug, 'tenant.json'), JSON.stringify(config, null, 2));
  writeFileSync(join(REPO_TENANTS, slug, 'stock.json'), JSON.stringify(stock));
}

const stockOf = (slug: string): Record<string, unknown>[] =>
  JSON.parse(readFileSync(join(REPO_TENANTS, slug, 'stock.json'), 'utf8')) as Record<string, unknown>[];

/** A fresh checkout for one job: the code linked, tenants/ copied from the repository as it is tonight. */
function checkout(job: { id: string; matrix?: Record<string, unknown> }): string {
  const dir = join(WORK, 'ws', `${++workspaceSeq}-${job.id}${job.matrix ? `-${Object.values(job.matrix).join('-')}` : ''}`);
  mkdirSync(dir, { recursive: true });
  for (const name of CHECKOUT) symlinkSync(join(ROOT, name), join(dir, name));
  cpSync(REPO_TENANTS, join(dir, 'tenants'), { recursive: true });
  workspaces.set(`${job.id}${job.matrix ? `-${Object.values(job.matrix).join('-')}` : ''}`, dir);
  return dir;
}

interface Night {
  run: WorkflowRun;
  summary: RunSummary;
  row: (slug: string) => TenantRow;
  job: (id: string, shard?: number) => JobRun;
}

async function night(
  day: string,
  opts: { onStepStart?: (info: { job: string; step: { name: string }; child: ChildProcess }) => void; runId?: string; runAttempt?: string } = {},
): Promise<Night> {
  workspaces.clear();
  const run = await runWorkflow(join(ROOT, '.github/workflows/nightly.yml'), {
    workspace: ROOT,
    jobWorkspace: checkout,
    stateDir: STATE,
    event: 'schedule',
    ...(opts.runId ? { runId: opts.runId } : {}),
    ...(opts.runAttempt ? { runAttempt: opts.runAttempt } : {}),
    vars: {
      NIGHTLY_SHARDS: '2',
      SITE_BUCKET: BUCKET,
      SITE_PREFIX: PREFIX,
      S3_ENDPOINT: s3.endpoint,
      AWS_REGION: '',
      FLEET_OPS_EMAIL: 'ops@platform.example.com',
      LEADS_FROM_EMAIL: 'nightly@platform.example.com',
    },
    secrets: {
      AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
      FLEET_OPS_WEBHOOK_URL: `${receiverUrl}/ops`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    env: { ...STEP_ENV, BUILD_NOW: day },
    ...(opts.onStepStart ? { onStepStart: opts.onStepStart } : {}),
  });
  // Every step's output, kept for reading after a failure (and for the real output docs/nightly.md quotes).
  mkdirSync(join(WORK, 'logs'), { recursive: true });
  writeFileSync(
    join(WORK, 'logs', `${day}-${run.runId}-${run.runAttempt}.txt`),
    run.jobs
      .flatMap((j) =>
        j.steps.map((st) => `### ${j.id}${j.matrix ? ` ${JSON.stringify(j.matrix)}` : ''} / ${st.name} (${st.conclusion})\n${st.stdout}${st.stderr}`),
      )
      .join('\n'),
  );
  const summaryDir = workspaces.get('summary');
  const file = summaryDir ? join(summaryDir, 'summary', 'summary.json') : '';
  const summary = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as RunSummary)
    : ({ tenants: [], problems: ['no summary'], notes: [] } as unknown as RunSummary);
  return {
    run,
    summary,
    row: (slug) => {
      const r = summary.tenants.find((t) => t.tenant === slug);
      if (!r) throw new Error(`no row for ${slug} in ${JSON.stringify(summary.tenants.map((t) => t.tenant))}`);
      return r;
    },
    job: (id, shard) => {
      const j = run.jobs.find((x) => x.id === id && (shard === undefined || x.matrix?.['shard'] === shard));
      if (!j) throw new Error(`no job ${id} ${shard ?? ''}`);
      return j;
    },
  };
}

/** The sites workflow, started by hand from the Actions tab with these inputs and the nightly's settings. */
function sitesWorkflow(inputs: Record<string, string>): Promise<WorkflowRun> {
  return runWorkflow(join(ROOT, '.github/workflows/sites.yml'), {
    workspace: ROOT,
    jobWorkspace: checkout,
    stateDir: STATE,
    event: 'workflow_dispatch',
    inputs,
    vars: { SITE_BUCKET: BUCKET, SITE_PREFIX: PREFIX, S3_ENDPOINT: s3.endpoint },
    secrets: { AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey },
    env: STEP_ENV,
  });
}

const failedOutput = (n: Night): string =>
  n.run.jobs
    .flatMap((j) =>
      j.steps
        .filter((s) => s.conclusion === 'failure')
        .map((s) => `${j.id} ${j.matrix?.['shard'] ?? ''} / ${s.name}:\n${s.stdout.slice(-3000)}\n${s.stderr.slice(-3000)}`),
    )
    .join('\n');

/** `node scripts/outbox.ts deliver`, as the outbox workflow runs it, sending to the receiver here (so not spawnSync). */
function deliverOutbox(): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, ['scripts/outbox.ts', 'deliver'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, DEV_ALLOW_LOOPBACK: '1', LEADS_FROM_EMAIL: 'nightly@platform.example.com' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolveRun(out);
      else reject(new Error(`outbox deliver exited ${code}: ${out}`));
    });
  });
}

async function mail(): Promise<{ mail_to: string; subject: string; text_body: string }[]> {
  const { rows } = await pg!.query<{ mail_to: string; subject: string; text_body: string }>(
    `SELECT mail_to, subject, text_body FROM ${schema}.local_mail ORDER BY created_at, subject`,
  );
  return rows;
}

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(REPO_TENANTS, { recursive: true });
  mkdirSync(join(WORK, 'bin'));
  writeFileSync(join(WORK, 'bin', 'npm'), NPM_SHIM);
  chmodSync(join(WORK, 'bin', 'npm'), 0o755);
  // The shards the test relies on: the two broken dealers away from the one whose publish is killed.
  for (const slug of SHARD_1) expect(shardOf(slug, 2), slug).toBe(1);
  for (const slug of SHARD_2) expect(shardOf(slug, 2), slug).toBe(2);

  s3 = await startLocalS3({ bucket: BUCKET, latencyMs: 15 });
  client = createS3Client({ endpoint: s3.endpoint, region: 'us-east-1' });
  process.env['AWS_ACCESS_KEY_ID'] ??= LOCAL_S3_CREDENTIALS.accessKeyId;
  process.env['AWS_SECRET_ACCESS_KEY'] ??= LOCAL_S3_CREDENTIALS.secretAccessKey;

  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      hooks.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(body || '{}') as Record<string, unknown> });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // The outbox: a throwaway schema of the test PostgreSQL (required in CI, like the storage tests).
  const url = process.env['TEST_DATABASE_URL'];
  if (!url && process.env['CI'] === 'true')
    throw new Error('TEST_DATABASE_URL is required in CI for the nightly fleet test (the alerts go through the outbox)');
  if (url) {
    schema = `night_${process.pid}_${Date.now() % 100000}`;
    pg = new Client({ connectionString: url });
    await pg.connect();
    await pg.query(`CREATE SCHEMA ${schema}`);
    const u = new URL(url);
    u.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = u.toString();
  }

  const alerts = (slug: string) => ({ alerts: { email: `sales@${slug}.example.com.au`, webhook_url: `${receiverUrl}/${slug}`, repeat_after_nights: 2 } });
  for (const [i, slug] of [...SHARD_1, ...SHARD_2].entries()) {
    const config = tenantJson(slug, slug === 'bravo-cars' || slug === 'charlie-auto' ? alerts(slug) : {});
    const stock = specRecords(CARS, 1000 * (i + 1), `${slug.slice(0, 2).toUpperCase()}`, (r, n) => {
      r['price'] = 20_000 + 1_000 * n;
    });
    if (slug === 'golf-auto') {
      // One dealer with photos of its own: processed into the image cache the workflow keeps.
      mkdirSync(join(REPO_TENANTS, slug, 'photos'), { recursive: true });
      for (const [n, r] of stock.entries()) {
        const file = `photos/car-${n}.jpg`;
        await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40 + n * 20, g: 90, b: 160 } } })
          .jpeg()
          .toFile(join(REPO_TENANTS, slug, file));
        r['images'] = [file];
      }
    }
    writeTenant(slug, config, stock);
  }
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await s3?.close();
  await new Promise((r) => receiver?.close(r));
  if (pg) {
    await pg.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
    await pg.end();
  }
});

describe('the nightly workflow on a simulated fleet of 8 dealers', () => {
  let before: Record<string, string> = {};

  it('night 1: every dealer is built and published, the run is green, and ops get the digest', async () => {
    const n = await night('2026-11-22');
    expect(n.run.result, failedOutput(n)).toBe('success');
    expect(n.summary.totals).toMatchObject({ tenants: 8, built: 8, held: 0, failed: 0, platform_problems: 0 });
    for (const slug of [...SHARD_1, ...SHARD_2]) {
      expect(n.row(slug).publish?.status, slug).toBe('published');
      expect((await served(slug, '/')).status, slug).toBe(200);
    }
    expect(n.row('golf-auto').publish!.uploaded).toBeGreaterThan(n.row('alpha-motors').publish!.uploaded);
    const summary = n.job('summary');
    expect(summary.stepSummary).toContain('### Nightly build 2026-11-22: 8 built, 0 unchanged, 0 held, 0 failed');
    // Without a database (only outside CI) the alerts step says it could not queue them: nothing else warns.
    expect(summary.annotations.filter((a) => (a.level === 'warning' || a.level === 'error') && (databaseUrl || a.step !== 'Queue the alerts'))).toEqual([]);
    // What shoppers see tonight, to compare with after later nights.
    before = Object.fromEntries(await Promise.all([...SHARD_1, ...SHARD_2].map(async (s) => [s, (await served(s, '/')).text] as const)));
    if (!databaseUrl) return;
    // A quiet night still sends ops their digest (its absence would mean the night did not run); no dealer hears anything.
    expect(await deliverOutbox()).toMatch(/claimed 2, delivered 2, retried later 0, dead 0/);
    expect(hooks.map((h) => `${h.path} ${String(h.body['event'])}`)).toEqual(['/ops fleet.digest']);
    expect(String(hooks[0]!.body['text'])).toMatch(/^nightly build 2026-11-22: 8 built, 0 unchanged, 0 held, 0 failed\n\n8 tenants, 80 cars listed/);
    expect((await mail()).map((m) => [m.mail_to, m.subject])).toEqual([
      ['ops@platform.example.com', 'nightly build 2026-11-22: 8 built, 0 unchanged, 0 held, 0 failed'],
    ]);
  }, 600_000);

  it('night 2: two broken exports are held, not failed: the run is green, the run page tells the truth, the dealers and ops are alerted', async () => {
    // bravo's export job wrote one car of ten; charlie's config gained a bad colour; delta dropped a price.
    writeFileSync(join(REPO_TENANTS, 'bravo-cars', 'stock.json'), JSON.stringify(stockOf('bravo-cars').slice(0, 1)));
    const charlie = JSON.parse(readFileSync(join(REPO_TENANTS, 'charlie-auto', 'tenant.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(REPO_TENANTS, 'charlie-auto', 'tenant.json'), JSON.stringify({ ...charlie, theme: { primary: 'sort of blue' } }, null, 2));
    const delta = stockOf('delta-trucks');
    delta[3]!['price'] = 19_500;
    writeFileSync(join(REPO_TENANTS, 'delta-trucks', 'stock.json'), JSON.stringify(delta));

    const n = await night('2026-11-23');
    expect(n.run.result, failedOutput(n)).toBe('success');
    for (const shard of [1, 2]) expect(n.job('build', shard).result).toBe('success');

    const bravo = n.row('bravo-cars');
    expect(bravo).toMatchObject({ status: 'held', fault: 'dealer', listed: CARS, held_since: '2026-11-23', nights_held: 1, refused: { listed: 1, read: 1 } });
    expect(bravo.message).toBe(`the new build lists 1 car where the published site lists ${CARS} (under 50%)`);
    expect(bravo.hint).toMatch(/--accept bravo-cars/);
    expect(bravo.live_since).toMatch(/^2026-/);
    const charlieRow = n.row('charlie-auto');
    expect(charlieRow).toMatchObject({ status: 'held', fault: 'dealer', listed: CARS, nights_held: 1 });
    expect(charlieRow.message).toMatch(/tenant\.json.*theme\.primary/);
    const deltaRow = n.row('delta-trucks');
    expect(deltaRow.status).toBe('built');
    expect(deltaRow.publish).toMatchObject({ status: 'published' });
    expect(deltaRow.publish!.uploaded).toBeGreaterThan(0);
    expect(deltaRow.publish!.copied).toBeGreaterThan(deltaRow.publish!.uploaded);
    expect(deltaRow.publish!.uploaded_bytes).toBeGreaterThan(0);
    expect(n.summary.totals).toMatchObject({ tenants: 8, held: 2, failed: 0, platform_problems: 0 });
    // The held dealers' live sites were kept byte for byte.
    expect((await served('bravo-cars', '/')).text).toBe(before['bravo-cars']);
    expect((await served('charlie-auto', '/')).text).toBe(before['charlie-auto']);
    expect((await served('delta-trucks', DELTA_CAR)).text).toContain('$19,500');

    // The run page: written, the held rows with the live site's numbers, since when, what to do.
    const summary = n.job('summary');
    expect(summary.result).toBe('success');
    const page = summary.stepSummary;
    expect(page).toContain('### Nightly build 2026-11-23:');
    expect(page).toMatch(
      /\| bravo-cars \| \*\*held\*\*: Held since 2026-11-23 \(1 night\)\. the new build lists 1 car where the published site lists 10.*Shoppers see the live site: 10 cars, published 2026-.*What to do: .*--accept bravo-cars.* \| 10 \|/,
    );
    expect(page).toMatch(/\| delta-trucks \| built: Published release [0-9a-f]{16}.* \| \d+ \(0\.\d MB\) \|/);
    // A config that could not be read refused no export: no "would list 0 cars".
    expect(page).toMatch(
      /\| charlie-auto \| \*\*held\*\*: Held since 2026-11-23 \(1 night\)\. .*tenant\.json is invalid: theme\.primary: expected a hex colour.* Shoppers see the live site: 10 cars/,
    );
    expect(charlieRow.refused).toBeUndefined();
    expect(summary.annotations.filter((a) => a.level === 'warning').map((a) => a.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^bravo-cars: held/), expect.stringMatching(/^charlie-auto: held/)]),
    );
    expect(summary.annotations.filter((a) => a.level === 'error' && !/exit code/.test(a.message))).toEqual([]);

    if (!databaseUrl) return;
    // The alerts: queued by the workflow, sent by the outbox as the outbox workflow sends leads.
    hooks.length = 0;
    const delivered = await deliverOutbox();
    expect(delivered).toMatch(/claimed 6, delivered 6, retried later 0, dead 0/);
    expect(hooks.map((h) => `${h.path} ${String(h.body['event'])}`).sort()).toEqual([
      '/bravo-cars fleet.held',
      '/charlie-auto fleet.held',
      '/ops fleet.digest',
    ]);
    const bravoHook = hooks.find((h) => h.path === '/bravo-cars')!;
    expect(bravoHook.body).toMatchObject({ tenant: 'bravo-cars', status: 'held', held_since: '2026-11-23', live: { listed: CARS } });
    expect(String(bravoHook.body['text'])).toMatch(/bravo-cars: tonight's stock was not published \(held\)/);
    expect(bravoHook.headers['idempotency-key']).toBeTruthy();
    const mails = (await mail()).slice(1);
    expect(mails.map((m) => m.mail_to).sort()).toEqual(['ops@platform.example.com', 'sales@bravo-cars.example.com.au', 'sales@charlie-auto.example.com.au']);
    const digest = mails.find((m) => m.mail_to === 'ops@platform.example.com')!;
    expect(digest.subject).toMatch(/^nightly build 2026-11-23: \d+ built, \d+ unchanged, 2 held, 0 failed$/);
    expect(digest.text_body).toMatch(/Dealers not published tonight[\s\S]*- bravo-cars: [\s\S]*- charlie-auto: /);
    expect(mails.find((m) => m.mail_to.startsWith('sales@bravo'))!.text_body).toMatch(/What to do: .*--accept bravo-cars/);
  }, 600_000);

  it('night 3: a reminder for a dealer still held, the repaired one published; a publish killed half way leaves the live site whole and the run red', async () => {
    // charlie's config is mended; foxtrot changes its theme colour: every page changes.
    const charlie = JSON.parse(readFileSync(join(REPO_TENANTS, 'charlie-auto', 'tenant.json'), 'utf8')) as Record<string, unknown>;
    delete charlie['theme'];
    writeFileSync(join(REPO_TENANTS, 'charlie-auto', 'tenant.json'), JSON.stringify(charlie, null, 2));
    const foxtrot = JSON.parse(readFileSync(join(REPO_TENANTS, 'foxtrot-cars', 'tenant.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(REPO_TENANTS, 'foxtrot-cars', 'tenant.json'), JSON.stringify({ ...foxtrot, theme: { primary: '#b91c1c' } }, null, 2));
    const live = JSON.parse((await getText(client, BUCKET, `${PREFIX}foxtrot-cars/_meta/current.json`))!) as { release: string };
    const pages = ['/', '/cars/', '/search/used-cars/', '/contact-us/'];
    const shopperBefore = await Promise.all(pages.map((p) => served('foxtrot-cars', p)));

    // Kill shard 2's build step once foxtrot's new slot has 10 files: the job's time limit, a lost runner.
    let killed = false;
    const logFrom = (await s3.log()).length;
    const n = await night('2026-11-24', {
      runId: '7000',
      onStepStart: ({ step, child }) => {
        if (step.name !== 'Build and publish') return;
        const watch = setInterval(() => {
          void s3.log().then((log) => {
            const written = log.slice(logFrom).filter((r) => r.method === 'PUT' && r.path.startsWith(`/${BUCKET}/${PREFIX}foxtrot-cars/slot-`));
            if (written.length >= 10 && !killed) {
              killed = true;
              child.kill('SIGKILL');
            }
          });
        }, 20);
        child.on('close', () => clearInterval(watch));
      },
    });
    expect(killed).toBe(true);
    // The platform broke (a job stopped mid-publish): red, and the page says where.
    expect(n.run.result).toBe('failure');
    expect(n.job('build', 2).result).toBe('failure');
    expect(n.job('build', 1).result, failedOutput(n)).toBe('success');
    expect(n.summary.problems.join('\n')).toMatch(/shard-2.*stopped before writing its summary/);
    // The row still says what shoppers see: the live site, read from the bucket by the summary job.
    expect(n.row('foxtrot-cars')).toMatchObject({ status: 'failed', fault: 'platform', listed: CARS });
    expect(n.row('foxtrot-cars').message).toMatch(/no report from shard 2/);
    expect(n.row('foxtrot-cars').trend?.length).toBe(2);
    const summary = n.job('summary');
    expect(summary.stepSummary).toContain('**The run itself failed:**');
    expect(summary.steps.at(-1)).toMatchObject({ name: 'Verdict', conclusion: 'failure' });
    // Never half-published: the pointer still names the release before, and every page is as it was.
    expect(JSON.parse((await getText(client, BUCKET, `${PREFIX}foxtrot-cars/_meta/current.json`))!)).toMatchObject({ release: live.release });
    const shopperAfter = await Promise.all(pages.map((p) => served('foxtrot-cars', p)));
    expect(shopperAfter).toEqual(shopperBefore);

    // Shard 1 went on: bravo held a second night; charlie's config is back as it was on night 1, so its
    // live site (kept all along) is right again: unchanged, and reported as repaired with its live numbers.
    expect(n.row('bravo-cars')).toMatchObject({ status: 'held', held_since: '2026-11-23', nights_held: 2 });
    expect(n.row('charlie-auto')).toMatchObject({ status: 'unchanged', listed: CARS, repaired: { since: '2026-11-23', nights: 1 } });
    expect(n.row('charlie-auto').publish?.status).toBe('live');
    expect(summary.stepSummary).toMatch(
      /\| charlie-auto \| repaired: Repaired: live again after 1 night held or failed \(since 2026-11-23\)\. Live: release [0-9a-f]{16}\..* \| 10 \|/,
    );
    expect((await served('charlie-auto', '/')).text).toBe(before['charlie-auto']);

    if (!databaseUrl) return;
    hooks.length = 0;
    expect(await deliverOutbox()).toMatch(/delivered 6,/);
    expect(hooks.map((h) => `${h.path} ${String(h.body['event'])}`).sort()).toEqual([
      '/bravo-cars fleet.still-held',
      '/charlie-auto fleet.repaired',
      '/ops fleet.digest',
    ]);
    const digest = hooks.find((h) => h.path === '/ops')!;
    expect(String(digest.body['text'])).toMatch(/^PLATFORM FAILED: nightly build 2026-11-24/);
    expect(String(digest.body['text'])).toMatch(/foxtrot-cars/);
  }, 600_000);

  it('re-run of night 3: the killed publish carries on with only what is missing, and the run is green', async () => {
    const n = await night('2026-11-24', { runId: '7000', runAttempt: '2' });
    expect(n.run.result, failedOutput(n)).toBe('success');
    const fox = n.row('foxtrot-cars');
    expect(fox.publish).toMatchObject({ status: 'published', resumed: true });
    const p = fox.publish!;
    // The files written before the kill were not sent again.
    expect(p.unchanged).toBeGreaterThanOrEqual(10);
    expect(p.uploaded + p.copied + p.unchanged!).toBe(p.files);
    expect((await served('foxtrot-cars', '/')).text).toContain('#b91c1c');
    if (!databaseUrl) return;
    hooks.length = 0;
    // The dealers' alerts of this night were queued by the first attempt: nothing twice; ops get the re-run's digest.
    await deliverOutbox();
    expect(hooks.map((h) => h.path)).toEqual(['/ops']);
    expect(String(hooks[0]!.body['text'])).toMatch(/^nightly build 2026-11-24: /);
  }, 600_000);

  it('night 4: a rollback from the Actions UI puts the old price back; a removed dealer is reported until its site is removed', async () => {
    expect((await served('delta-trucks', DELTA_CAR)).text).toContain('$19,500');
    const rollback = await sitesWorkflow({ action: 'rollback', tenant: 'delta-trucks', to: '' });
    expect(rollback.result, rollback.jobs[0]?.steps.map((s) => s.stdout + s.stderr).join('\n')).toBe('success');
    expect(rollback.jobs[0]!.steps.at(-1)!.stdout).toMatch(/\[delta-trucks\] rolled back from release [0-9a-f]{16} .* to [0-9a-f]{16} .* in \d+\.\d\d s/);
    const old = (await served('delta-trucks', DELTA_CAR)).text;
    expect(old).not.toContain('$19,500');
    expect(old).toContain('$23,000');
    expect((await served('delta-trucks', '/')).text).toBe(before['delta-trucks']);

    // kilo leaves the group: its folder is removed from the repository.
    rmSync(join(REPO_TENANTS, 'kilo-auto'), { recursive: true });
    const n = await night('2026-11-25');
    expect(n.run.result, failedOutput(n)).toBe('success');
    expect(n.summary.tenants.map((t) => t.tenant)).not.toContain('kilo-auto');
    expect(n.summary.notes.join('\n')).toMatch(/kilo-auto has a site in the bucket but no folder in tenants\/.*remove/);
    // The nightly publish does not undo the rollback: the same build is withheld, and says why.
    expect(n.row('delta-trucks').publish).toMatchObject({ status: 'withheld' });
    expect((await served('delta-trucks', DELTA_CAR)).text).toContain('$23,000');
    expect((await served('kilo-auto', '/')).status).toBe(200);

    const remove = await sitesWorkflow({ action: 'remove', tenant: 'kilo-auto' });
    expect(remove.result).toBe('success');
    expect(remove.jobs[0]!.steps.at(-1)!.stdout).toMatch(/kilo-auto: deleted \d+ object\(s\)/);
    expect((await served('kilo-auto', '/')).status).toBe(404);
    // A configured dealer is refused.
    const refused = await sitesWorkflow({ action: 'remove', tenant: 'alpha-motors' });
    expect(refused.result).toBe('failure');
    expect(refused.jobs[0]!.steps.at(-1)!.stderr).toMatch(/alpha-motors is still configured/);
    expect((await served('alpha-motors', '/')).status).toBe(200);
  }, 600_000);

  it('an empty tenants folder fails the run at the plan, before any runner builds', async () => {
    const saved = join(WORK, 'repo', 'tenants-saved');
    cpSync(REPO_TENANTS, saved, { recursive: true });
    rmSync(REPO_TENANTS, { recursive: true });
    mkdirSync(REPO_TENANTS);
    try {
      const n = await night('2026-11-26');
      expect(n.run.result).toBe('failure');
      expect(n.job('plan').result).toBe('failure');
      expect(n.job('plan').steps.find((s) => s.name === 'Plan')!.stderr).toMatch(/No tenant folder in .*nothing to plan/);
    } finally {
      rmSync(REPO_TENANTS, { recursive: true });
      cpSync(saved, REPO_TENANTS, { recursive: true });
    }
  }, 120_000);
});
