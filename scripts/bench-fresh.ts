/**
 * `npm run bench:fresh`: the fresh lane end to end on the local S3 server (docs/nightly.md, "Minutes-fresh
 * stock"; docs/performance.md, "Fresh lane"). See USAGE.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { intFlag, orUsageExit, parseCli } from './lib/cli.ts';
import { australianToday, tenantFingerprint } from './lib/fingerprint.ts';
import { bucketHost } from './lib/publish/bucket-host.ts';
import { putJson } from './lib/publish/bucket.ts';
import { indexKey, pointerFor, pointerKey, tenantBase } from './lib/publish/layout.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from './lib/publish/local-s3.ts';
import { mapLimit } from './lib/pool.ts';
import { createS3Client } from './lib/publish/publish.ts';
import type { RunSummary } from './lib/summary.ts';
import { dictionarySources } from '../src/lib/site/dictionary.ts';
import { specRecords } from '../tests/build/spec-tenant.ts';

const USAGE = `
Usage: node scripts/bench-fresh.ts [options]      (npm run bench:fresh -- [options])

Publishes a demo tenant to the local S3 server (three nights of build.ts --bucket, another car's price
changed each time, so its three release slots are filled as after its first nights), then plays the fresh lane
as a GitHub runner runs it (build.ts --fresh into an empty dist/ with an empty image cache): one car's
price changes in the export, then a car is sold (removed from the export). For each, the time from
the export's change to the bucket's live release serving it (the car page read through the reference
host, as a shopper's request would be), by stage: decide, build, publish, the rest (Node's start, the
lane's mark, the summary). Then a quiet tick (nothing changed) for a fleet of --dealers tenants, and the
Actions minutes a day of the lane for that fleet, with the arithmetic.

  --tenant <slug>          demo tenant under tenants/ (default demo-coastal-toyota; npm run demo:generate)
  --warm-images            keep the night's image cache for the fresh runs (as the fleet's photo store would)
  --dealers <n>            the fleet for the quiet tick and the minutes (default 200)
  --runs-per-day <n>       fresh runs a day (default 96: every 15 minutes)
  --changes-per-day <n>    export changes per dealer a day that need a build (default 4)
  --setup-seconds <n>      a run's setup on a hosted runner: checkout, Node, npm install (default 60,
                           the nightly's plan job; docs/nightly.md "What it costs")
  --fetch-seconds <n>      fetching every dealer's export, 8 at a time (default 15)
  --latency-ms <n>         the local S3 server's delay per request (default 15)
  -h, --help               show this help
`;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const flags = parseCli(USAGE, {
  tenant: { type: 'string' },
  'warm-images': { type: 'boolean' },
  dealers: { type: 'string' },
  'runs-per-day': { type: 'string' },
  'changes-per-day': { type: 'string' },
  'setup-seconds': { type: 'string' },
  'fetch-seconds': { type: 'string' },
  'latency-ms': { type: 'string' },
});
const slug = flags.tenant ?? 'demo-coastal-toyota';
const dealers = orUsageExit(() => intFlag('dealers', flags.dealers, 200, 1, 5000));
const runsPerDay = orUsageExit(() => intFlag('runs-per-day', flags['runs-per-day'], 96, 1, 1440));
const changesPerDay = orUsageExit(() => intFlag('changes-per-day', flags['changes-per-day'], 4, 0, 100));
const setupSeconds = orUsageExit(() => intFlag('setup-seconds', flags['setup-seconds'], 60, 0, 3600));
const fetchSeconds = orUsageExit(() => intFlag('fetch-seconds', flags['fetch-seconds'], 15, 0, 3600));
const latencyMs = orUsageExit(() => intFlag('latency-ms', flags['latency-ms'], 15, 0, 1000));
const source = join(root, 'tenants', slug);
if (!existsSync(join(source, 'tenant.json'))) {
  console.error(`No tenant at ${source}. Generate the demo tenants with: npm run demo:generate`);
  process.exit(2);
}

const BUCKET = 'dealer-sites';
const PREFIX = 'sites/';
const base = join(root, '.cache/bench-fresh');
const tenants = join(base, 'tenants');
const day = process.env['BUILD_NOW'] ?? australianToday();
rmSync(base, { recursive: true, force: true });
mkdirSync(tenants, { recursive: true });
cpSync(source, join(tenants, slug), { recursive: true });

const s3 = await startLocalS3({ bucket: BUCKET, latencyMs });
const client = createS3Client({ endpoint: s3.endpoint, region: 'us-east-1' });
process.env['AWS_ACCESS_KEY_ID'] ??= LOCAL_S3_CREDENTIALS.accessKeyId;
process.env['AWS_SECRET_ACCESS_KEY'] ??= LOCAL_S3_CREDENTIALS.secretAccessKey;
const host = bucketHost({ client, bucket: BUCKET, prefix: PREFIX, tenantFor: () => slug, ttlMs: 0 });
const served = async (path: string): Promise<{ status: number; text: string }> => {
  const res = await host(new Request(`http://${slug}.example${path}`));
  return { status: res.status, text: await res.text() };
};

/** build.ts with the bucket's options; resolves with its exit code, output and wall time. */
function buildTs(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string; ms: number }> {
  return new Promise((done) => {
    const t0 = performance.now();
    const child = spawn(
      process.execPath,
      ['scripts/build.ts', '--tenants', tenants, ...args, '--bucket', BUCKET, '--prefix', PREFIX, '--endpoint', s3.endpoint, '--region', 'us-east-1'],
      {
        cwd: root,
        env: {
          ...process.env,
          BUILD_NOW: day,
          AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
          AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
          AWS_EC2_METADATA_DISABLED: 'true',
          ...env,
        },
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => done({ code, output, ms: performance.now() - t0 }));
  });
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

// The night: the tenant built and published as the nightly does.
console.log(`Publishing ${slug} to s3://${BUCKET}/${PREFIX} on the local S3 server (${latencyMs} ms a request), day ${day}...`);
const nightOut = join(base, 'night-dist');
/** When each publish of the tenant ended: a slot live less than 2 minutes ago is not written again. */
const publishes: number[] = [];
const nightBuild = async (what: string): Promise<void> => {
  const night = await buildTs(['--out', nightOut], { DEALER_IMAGE_CACHE: join(base, 'night-images') });
  if (night.code !== 0) throw new Error(`${what}: the build failed:\n${night.output}`);
  publishes.push(performance.now());
  console.log(`  ${what}: built and published in ${s(night.ms)}`);
};
await nightBuild('night 1');

// Two listed cars that are not in the car pages' compression dictionary (a change to one of those
// makes every car page's .dcz again: not a one-car change).
const model = JSON.parse(readFileSync(join(nightOut, '_build', slug, 'model.json'), 'utf8')) as { vehicles: { id: string; slug: string }[] };
const inDictionary = new Set((dictionarySources(readFileSync(join(nightOut, slug, '_dict', 'cars.dict'))) ?? []).map((x) => x.id));
const stockFile = join(tenants, slug, 'stock.json');
const stock = (): Record<string, unknown>[] => JSON.parse(readFileSync(stockFile, 'utf8')) as Record<string, unknown>[];
const candidates = stock().filter(
  (r) =>
    r['status'] === 'in_stock' &&
    typeof r['price'] === 'number' &&
    (r['price'] as number) > 20_000 &&
    !inDictionary.has(String(r['id'])) &&
    model.vehicles.some((v) => v.id === String(r['id'])),
);
const [repriced, sold, other] = candidates;
if (!repriced || !sold || !other) throw new Error(`${slug}: fewer than three listed cars to change`);
const pageOf = (id: unknown) => `/cars/${model.vehicles.find((v) => v.id === String(id))!.slug}/`;
const money = (n: number) => `$${n.toLocaleString('en-AU')}`;

// Two more nights (another car's price each time) fill the tenant's three release slots, as after its
// first three nights: from then on a publish reuses the slot of three publishes ago (a first publish
// into a new slot copies the whole site inside the bucket: docs/publishing.md).
for (const n of [2, 3]) {
  writeFileSync(stockFile, JSON.stringify(stock().map((r) => (r['id'] === other['id'] ? { ...r, price: (other['price'] as number) - 100 * n } : r))));
  await nightBuild(`night ${n}`);
}

interface Stage {
  label: string;
  decide: number;
  build: number;
  publish: number;
  total: number;
  process: number;
  uploaded: number;
  files: number;
  photos: string;
  waited: number;
}

let runNo = 0;
/** One fresh run after `change()`: the time from the change to the bucket serving what `live()` checks. */
async function freshRun(label: string, change: () => void, live: () => Promise<boolean>): Promise<Stage> {
  const n = ++runNo;
  const out = join(base, `fresh-${n}`, 'dist');
  const images = flags['warm-images'] ? join(base, 'night-images') : join(base, `fresh-${n}`, 'images');
  // This publish reuses the slot that stopped being live at the publish before last: 2 minutes after
  // that, as any two ticks 15 minutes apart are.
  const ready = (publishes.at(-2) ?? 0) + 125_000;
  const waited = Math.max(0, ready - performance.now());
  if (waited > 0) {
    console.log(`  (waiting ${s(waited)} for the slot's 2-minute cooldown: ticks 15 minutes apart never wait)`);
    await new Promise((r) => setTimeout(r, waited));
  }
  const t0 = performance.now();
  change();
  let servedAt: number | undefined;
  let running = true;
  const watch = (async () => {
    while (running || servedAt === undefined) {
      if (await live()) {
        servedAt = performance.now();
        return;
      }
      if (!running && performance.now() - t0 > 600_000) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const run = await buildTs(['--fresh', '--out', out], { DEALER_IMAGE_CACHE: images });
  running = false;
  await watch;
  publishes.push(performance.now());
  if (run.code !== 0) throw new Error(`${label}: the fresh run exited ${run.code}:\n${run.output}`);
  if (servedAt === undefined) throw new Error(`${label}: the bucket never served the change`);
  const summary = JSON.parse(readFileSync(join(out, '_build', 'summary.json'), 'utf8')) as RunSummary;
  const row = summary.tenants.find((t) => t.tenant === slug);
  if (row?.status !== 'built' || row.publish?.status !== 'published') throw new Error(`${label}: ${slug} was not built and published:\n${run.output}`);
  const decide = Number(/decided in (\d+\.\d+) s/.exec(run.output)?.[1] ?? 'NaN') * 1000;
  const report = JSON.parse(readFileSync(join(out, '_build', slug, 'report.json'), 'utf8')) as {
    images: { processed: number; cached: number; from_store?: number };
  };
  const total = servedAt - t0;
  const publish = row.publish.seconds * 1000;
  return {
    label,
    decide,
    build: row.time_ms,
    publish,
    total,
    process: run.ms,
    uploaded: row.publish.uploaded,
    files: row.publish.files ?? 0,
    photos: `${report.images.processed} encoded, ${report.images.from_store ?? 0} from the photo store, ${report.images.cached} cached`,
    waited,
  };
}

const price = repriced['price'] as number;
const newPrice = price - 1_000;
console.log(`Fresh run 1: ${pageOf(repriced['id'])} ${money(price)} -> ${money(newPrice)} in the export...`);
const priceRun = await freshRun(
  'price change',
  () => writeFileSync(stockFile, JSON.stringify(stock().map((r) => (r['id'] === repriced['id'] ? { ...r, price: newPrice } : r)))),
  async () => (await served(pageOf(repriced['id']))).text.includes(money(newPrice)),
);
console.log(`Fresh run 2: ${pageOf(sold['id'])} sold (removed from the export)...`);
const saleRun = await freshRun(
  'sale',
  () => writeFileSync(stockFile, JSON.stringify(stock().filter((r) => r['id'] !== sold['id']))),
  async () => (await served(pageOf(sold['id']))).status === 404,
);

// A quiet tick for the fleet: every dealer published and unchanged (the others are spec tenants of 150
// cars with their live releases written straight into the bucket: the lane reads only the bookkeeping).
console.log(`A quiet tick for ${dealers} dealers (nothing changed)...`);
const others = Array.from({ length: dealers - 1 }, (_, i) => `fleet-${String(i + 1).padStart(4, '0')}`);
const now = new Date();
await mapLimit(others, 16, async (name, i) => {
  const dir = join(tenants, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'tenant.json'),
    JSON.stringify({ slug: name, name: `Fleet ${i + 1}`, url: `https://${name}.example.com.au`, locations: [{ name: `Fleet ${i + 1}` }] }),
  );
  writeFileSync(join(dir, 'stock.json'), JSON.stringify(specRecords(150, 100_000 + i * 1000, `F${i}-`)));
  const release = (i + 1).toString(16).padStart(16, '0');
  const at = now.toISOString();
  const tb = tenantBase(PREFIX, name);
  await putJson(client, BUCKET, indexKey(tb), {
    version: 1,
    tenant: name,
    slots: {
      a: {
        release,
        state: 'complete',
        started_at: at,
        completed_at: at,
        live_from: at,
        info: { listed: 150, read: 150, fingerprint: tenantFingerprint(root, dir), built_day: day.slice(0, 10), valid_until: '2099-01-01' },
      },
    },
    log: [],
    withdrawn: [],
  });
  await putJson(client, BUCKET, pointerKey(tb), pointerFor(name, 'a', release, now), 'no-cache');
});
const quiet = await buildTs(['--fresh', '--out', join(base, 'quiet', 'dist')], { DEALER_IMAGE_CACHE: join(base, 'quiet', 'images') });
const quietLine = /Fresh lane: (\d+) of (\d+) tenant\(s\) changed.*decided in (\d+\.\d+) s/.exec(quiet.output);
if (quiet.code !== 0 || quietLine?.[1] !== '0' || quietLine[2] !== String(dealers))
  throw new Error(`the quiet tick did not decide "0 of ${dealers} changed":\n${quiet.output}`);
const quietDecide = Number(quietLine[3]) * 1000;

client.destroy();
await s3.close();

// ---- Report ----
console.log(
  `\nFresh lane, ${slug} (${model.vehicles.length} cars listed), on a ${availableParallelism()}-core machine at load ${load()}, s3rver at ${latencyMs} ms a request; each fresh run as on a GitHub runner: no dist/, ${flags['warm-images'] ? "the night's image cache (as the photo store would give)" : 'an empty image cache'}.`,
);
console.log('\n| change | decide | build | publish | the rest | export change to bucket serving it | uploaded | photos |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of [priceRun, saleRun])
  console.log(
    `| ${r.label} | ${s(r.decide)} | ${s(r.build)} | ${s(r.publish)} | ${s(r.total - r.decide - r.build - r.publish)} | **${s(r.total)}** | ${r.uploaded} of ${r.files} files | ${r.photos} |`,
  );
console.log(
  `\n("the rest": Node's start, the lane's mark in the bucket, reading the releases, the summary; the build.ts process took ${s(priceRun.process)} and ${s(saleRun.process)}.)`,
);
console.log(`Quiet tick, ${dealers} dealers: decided "0 of ${dealers} changed" in ${s(quietDecide)}, the whole build.ts process ${s(quiet.ms)}.`);

// ---- Actions minutes ----
// GitHub bills each job rounded up to a whole minute; one job per fresh run.
const buildMinutes = (priceRun.total + saleRun.total) / 2 / 60_000;
const quietSeconds = setupSeconds + fetchSeconds + quiet.ms / 1000;
const quietBilled = Math.ceil(quietSeconds / 60);
const buildsPerDay = dealers * changesPerDay;
const buildMinutesPerDay = buildsPerDay * buildMinutes;
const busyRuns = Math.min(runsPerDay, 40);
const total = runsPerDay * quietBilled + buildMinutesPerDay;
console.log(
  `\nActions minutes a day, ${dealers} dealers, ${runsPerDay} runs a day (a GitHub-hosted Linux 2-core runner, $0.006 a minute, each job rounded up to a whole minute):`,
);
console.log(
  `  every run:   setup ${setupSeconds} s (checkout, Node, npm install; estimated) + fetching ${dealers} exports ${fetchSeconds} s (estimated) + the quiet tick ${s(quiet.ms)} (measured) = ${quietSeconds.toFixed(0)} s, billed ${quietBilled} min`,
);
console.log(`               ${runsPerDay} runs x ${quietBilled} min = ${runsPerDay * quietBilled} min a day with nothing changed`);
console.log(
  `  the builds:  ${dealers} dealers x ${changesPerDay} export changes a day = ${buildsPerDay} tenant builds x ${buildMinutes.toFixed(2)} min (measured above, change to bucket) = ${buildMinutesPerDay.toFixed(0)} min a day`,
);
console.log(
  `  in all:      about ${total.toFixed(0)} min a day (${(total * 30).toFixed(0)} a month), $${(total * 0.006).toFixed(2)} a day; the floor with no change at all: ${runsPerDay * quietBilled} min, $${(runsPerDay * quietBilled * 0.006).toFixed(2)} a day`,
);
console.log(
  `  peak:        those builds over ~${busyRuns} business-hour runs are ${(buildsPerDay / busyRuns).toFixed(0)} tenants a run, ${((buildsPerDay / busyRuns) * buildMinutes).toFixed(0)} build-minutes a run on one runner building 2 at a time: ${(((buildsPerDay / busyRuns) * buildMinutes) / 2).toFixed(0)} min of a run's 10 (--max-minutes; the rest wait for the next run)`,
);
