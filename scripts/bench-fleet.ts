/**
 * `npm run bench:fleet`: the fleet at real scale (issue 25). Measures the per-unit costs on this
 * machine, then plans a simulated fleet's nights with scripts/lib/fleet/shards.ts. See USAGE.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { intFlag, isMain, orUsageExit, parseCli, runCli } from './lib/cli.ts';
import {
  aloneSeconds,
  FETCH_ROUND_TRIPS,
  JOB_LIMIT_S,
  NEW_PHOTO_NET_S,
  PHOTOS_IN_FLIGHT,
  planNight,
  PUBLISH_CONCURRENCY,
  REMOTE_REQUEST_S,
  SAFETY_MARGIN,
  siteFiles,
  tenantCostParts,
  UNIT_COSTS,
  unitCostsFor,
  type NightPlan,
  type UnitCosts,
} from './lib/fleet/shards.ts';
import { NIGHTS, nightLoad, PAGES_WRITTEN_SHARE, PHOTOS_PER_CAR, syntheticFleet, type NightKind } from './lib/fleet/simulate.ts';
import { BULK_WEBP_EFFORT, WEBP_EFFORT } from './lib/images/encode.ts';
import { grainedPhotos, measurePipeline, measureThreads, measureVariants, realPhotos, type Format, type VariantFigures } from './lib/images/measure.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from './lib/publish/local-s3.ts';
import { mapLimit } from './lib/pool.ts';
import type { BuildReport } from './lib/report.ts';

const USAGE = `
Usage: node scripts/bench-fleet.ts [options]      (npm run bench:fleet -- [options])

Measures what a night's units cost on this machine (encoding a photo, rendering a car, a tenant's fixed
part, a GET from the local S3 server), then simulates a fleet of dealers (50-1,500 cars, 20 photos a
car, seeded) and plans four nights with the shard planner (scripts/lib/fleet/shards.ts): the first
night, an ordinary night, a platform-release night and a cache-evicted night, each against the build
job's 150-minute limit, with the arithmetic.

  --quick              a smoke run (under 30 s): a few photos at the default effort, a short S3 measure
  --build              measure the render by building copies of two demo tenants here (slower: about
                       2 more minutes) instead of reading dist/_build's full-render reports
  --dealers <n>        dealers in the simulated fleet (default 200)
  --photos-per-car <n> (default 20)
  --max-shards <n>     jobs the account runs at once (default 20: GitHub Free; 60 on Team)
  --seed <n>           the fleet's seed (default 25)
  -h, --help           show this help
`;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** A photograph, for the camera-photo factor: a film still in a dev dependency's test files (1169x584). */
const CAMERA_SOURCE = join(root, 'node_modules/autocannon/test/j5.jpeg');
/**
 * What a camera photo costs the encoder against the demos' rendered art, at effort 4 (variant CPU,
 * camera / demo), from the last full run: the quick run uses it instead of measuring.
 */
export const CAMERA_FACTOR = 1.3;

const num = (x: number, digits = 0): string => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const min = (s: number): string => num(s / 60, 1);
const kb = (bytes: number): string => num(bytes / 1024, 1);

function section(title: string): void {
  console.log(`\n## ${title}\n`);
}

/** CPU seconds of this process's waited-for children (Linux /proc; undefined elsewhere). */
function childrenCpuS(): number | undefined {
  try {
    const f = readFileSync('/proc/self/stat', 'utf8');
    const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 (cutime, cstime), counted from "state" (field 3) as index 0.
    return (Number(rest[13]) + Number(rest[14])) / 100;
  } catch {
    return undefined;
  }
}

/** Copies of a photograph, 1280x720, each cropped and flipped differently (different bytes). */
async function cameraPhotos(dir: string, count: number): Promise<string[]> {
  if (!existsSync(CAMERA_SOURCE)) return [];
  const sharp = (await import('sharp')).default;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = join(dir, `camera-${i}.jpg`);
    let img = sharp(CAMERA_SOURCE)
      .resize(1280 + i * 40, 720 + i * 23)
      .extract({ left: i * 20, top: i * 11, width: 1280, height: 720 });
    if (i % 2) img = img.flop();
    await img.jpeg({ quality: 85 }).toFile(file);
    out.push(file);
  }
  return out;
}

/** Per photo: CPU ms and bytes of each variant; the total for a photo without and with the card crops. */
function perPhoto(f: VariantFigures): {
  plainMs: number;
  cardMs: number;
  plainBytes: number;
  cardBytes: number;
  cells: Map<string, { ms: number; bytes: number }>;
} {
  const cells = new Map<string, { ms: number; bytes: number }>();
  for (const [label, r] of f.variants) cells.set(label, { ms: r.cpuMs / Math.max(1, r.count), bytes: r.bytes / Math.max(1, r.count) });
  const decode = f.decodeCpuMs / Math.max(1, f.photos);
  const get = (l: string) => cells.get(l) ?? { ms: 0, bytes: 0 };
  const plain = ['w640', 'w1280', 'thumb'].map(get);
  const card = ['small', 'large'].map(get);
  const sum = (xs: { ms: number; bytes: number }[], k: 'ms' | 'bytes') => xs.reduce((n, x) => n + x[k], 0);
  return {
    plainMs: decode + sum(plain, 'ms'),
    cardMs: decode + sum(plain, 'ms') + sum(card, 'ms'),
    plainBytes: sum(plain, 'bytes'),
    cardBytes: sum(plain, 'bytes') + sum(card, 'bytes'),
    cells,
  };
}

interface EncodeFigures {
  /** CPU seconds per new photo in the real pipeline (demo photos, 1 in 20 with card crops) x the camera factor, at WEBP_EFFORT. */
  pipelineCpuPerPhotoS: number;
  /** The same at BULK_WEBP_EFFORT (undefined when not measured: --quick). */
  bulkCpuPerPhotoS: number | undefined;
  cameraFactor: number;
  cameraMeasured: boolean;
}

async function encodeSettings(quick: boolean, scratch: string): Promise<EncodeFigures> {
  section('Encoding a photo (WebP q75; CPU time, one libvips thread, one step at a time)');
  let demo = await realPhotos(join(root, 'tenants'), quick ? 6 : 10);
  if (demo.length === 0) {
    // A fresh checkout (the demo tenants are generated, not committed): bench.ts's grained scenes instead.
    console.log('no demo photos under tenants/*/photos/ (npm run demo:generate): grained 1280x720 scenes instead');
    demo = await grainedPhotos(join(scratch, 'stand-in'), quick ? 6 : 10);
  }
  const camera = await cameraPhotos(scratch, quick ? 0 : 5);
  const efforts = quick ? [WEBP_EFFORT] : [0, 1, 2, 3, 4, 5, 6];
  console.log(`demo photos: ${demo.length} of tenants/*/photos/ (1280x720 JPEG, rendered art: smooth, ~44 KB)`);
  if (camera.length) console.log(`camera photos: ${camera.length} crops of a photograph (node_modules/autocannon/test/j5.jpeg, 1280x720 JPEG q85)`);
  console.log('\nper variant: CPU ms / KB; per photo: decode + 640 + 1280 + thumb (+ the two card crops for a car\u2019s first photo)\n');
  console.log('| photos | effort | w640 | w1280 | thumb 160x120 | card 528x385 | card 800x407 | photo, ms | photo, KB | first photo, ms |');
  console.log('| ------ | ------ | ---- | ----- | ------------- | ------------ | ------------ | --------- | --------- | --------------- |');
  const at = new Map<string, ReturnType<typeof perPhoto>>();
  for (const [name, set] of [
    ['demo', demo],
    ['camera', camera],
  ] as const) {
    if (set.length === 0) continue;
    for (const effort of efforts) {
      const p = perPhoto(await measureVariants(set, { effort }));
      at.set(`${name}-${effort}`, p);
      const c = (l: string) => {
        const x = p.cells.get(l);
        return x ? `${num(x.ms, 1)} / ${kb(x.bytes)}` : '-';
      };
      console.log(
        `| ${name} | ${effort} | ${c('w640')} | ${c('w1280')} | ${c('thumb')} | ${c('small')} | ${c('large')} | ${num(p.plainMs, 1)} | ${kb(p.plainBytes)} | ${num(p.cardMs, 1)} |`,
      );
    }
  }
  if (!quick) {
    const rel = (name: string, e: number, b: number) => {
      const x = at.get(`${name}-${e}`);
      const y = at.get(`${name}-${b}`);
      return x && y ? `${num(y.plainMs / x.plainMs, 2)}x the CPU of effort ${e} for ${num((x.plainBytes / y.plainBytes - 1) * 100, 1)}% fewer bytes` : '';
    };
    console.log(`\neffort 4 against 2: demo ${rel('demo', 2, 4)}; camera ${rel('camera', 2, 4)}`);
    console.log(`effort 6 against 4: demo ${rel('demo', 4, 6)}; camera ${rel('camera', 4, 6)}`);
    if (camera.length) {
      const w960 = await measureVariants(camera, { effort: WEBP_EFFORT, width: 960, roles: ['size'] });
      const r960 = w960.variants.get('w960');
      if (r960)
        console.log(
          `a 960 width (not made today; a 390-px phone at 2x would pick it over the 1280): ${num(r960.cpuMs / r960.count, 1)} ms / ${kb(r960.bytes / r960.count)} KB on the camera photos at effort ${WEBP_EFFORT}`,
        );
      const t1 = await measureThreads(camera[0]!, 1);
      const t2 = await measureThreads(camera[0]!, 2);
      console.log(
        `one photo decoded and encoded (1280, effort ${WEBP_EFFORT}) with 1 libvips thread: ${num(t1.wallMs, 1)} ms wall, ${num(t1.cpuMs / t1.wallMs, 2)} cores busy; with 2 threads: ${num(t2.wallMs, 1)} ms wall, ${num(t2.cpuMs / t2.wallMs, 2)} cores busy`,
      );
      console.log('\nOther formats, the 640 and 1280 sizes of 2 camera photos (CPU ms / KB per variant):');
      const two = camera.slice(0, 2);
      const lines: [Format, number, number][] = [
        ['webp', 75, WEBP_EFFORT],
        ['avif', 50, 2],
        ['avif', 50, 4],
        ['jpeg', 75, 0],
      ];
      for (const [format, quality, effort] of lines) {
        const f = await measureVariants(two, { format, quality, effort, roles: ['size'] });
        const cells = [...f.variants].map(([l, r]) => `${l} ${num(r.cpuMs / r.count, 0)} ms / ${kb(r.bytes / r.count)} KB`).join(', ');
        console.log(`  ${format} q${quality}${format === 'jpeg' ? ' (mozjpeg)' : ` effort ${effort}`}: ${cells}`);
      }
    }
  }
  const demoE = at.get(`demo-${WEBP_EFFORT}`);
  const camE = at.get(`camera-${WEBP_EFFORT}`);
  const cameraFactor = demoE && camE ? camE.plainMs / demoE.plainMs : CAMERA_FACTOR;

  console.log('\nThe pipeline (pipeline.ts processImages, into an empty cache; 1 photo in 20 with the card crops):');
  const count = quick ? 10 : 40;
  let photos = await realPhotos(join(root, 'tenants'), count);
  if (photos.length === 0) photos = await grainedPhotos(join(scratch, 'stand-in-pipeline'), count);
  const runs: { concurrency: number; effort: number }[] = quick
    ? [{ concurrency: availableParallelism(), effort: WEBP_EFFORT }]
    : [
        { concurrency: availableParallelism(), effort: WEBP_EFFORT },
        { concurrency: 1, effort: WEBP_EFFORT },
        { concurrency: availableParallelism(), effort: BULK_WEBP_EFFORT },
      ];
  let pipelineCpu = 0;
  let bulkCpu: number | undefined;
  for (const r of runs) {
    const load = loadavg()[0]!;
    const p = await measurePipeline(photos, r);
    if (r.concurrency === availableParallelism() && r.effort === WEBP_EFFORT) pipelineCpu = p.cpuMs / p.photos / 1000;
    if (r.concurrency === availableParallelism() && r.effort === BULK_WEBP_EFFORT) bulkCpu = p.cpuMs / p.photos / 1000;
    console.log(
      `  effort ${r.effort}, ${r.concurrency} photo(s) at a time x ${p.threadsPerImage} libvips thread(s): ${p.photos} photos, ${p.variants} variants in ${num(p.wallMs / 1000, 2)} s wall (load ${num(load, 1)}), ${num(p.cpuMs / 1000, 2)} s CPU = ${num(p.cpuMs / p.photos, 0)} ms CPU a photo, ${num(p.cpuMs / p.wallMs, 2)} cores busy`,
    );
  }
  console.log(
    `\ncamera-photo factor: ${num(cameraFactor, 2)} (${camE ? `camera ${num(camE.plainMs, 1)} ms / demo ${num(demoE!.plainMs, 1)} ms a photo at effort ${WEBP_EFFORT}` : 'from the last full run'})`,
  );
  console.log(
    `per new photo: ${num(pipelineCpu * 1000, 0)} ms x ${num(cameraFactor, 2)} = ${num(pipelineCpu * cameraFactor * 1000, 0)} ms CPU at effort ${WEBP_EFFORT}`,
  );
  if (bulkCpu !== undefined)
    console.log(
      `per new photo in a photo-only job: ${num(bulkCpu * 1000, 0)} ms x ${num(cameraFactor, 2)} = ${num(bulkCpu * cameraFactor * 1000, 0)} ms CPU at effort ${BULK_WEBP_EFFORT}`,
    );
  return {
    pipelineCpuPerPhotoS: pipelineCpu * cameraFactor,
    bulkCpuPerPhotoS: bulkCpu === undefined ? undefined : bulkCpu * cameraFactor,
    cameraFactor,
    cameraMeasured: !!camE,
  };
}

interface RenderFigures {
  fixedCpuS: number;
  perCarCpuS: number;
  measured: boolean;
}

/**
 * A tenant build's CPU seconds from its report: the render and compliance steps' CPU (every thread)
 * and the other steps' wall (single-threaded: config, ingest, model, publish), photos left out.
 */
function stepsCpuS(r: BuildReport): number {
  const t = r.timings_ms;
  return (t.total - t.render - t.compliance - t.images + (r.cpu_ms?.render ?? t.render) + (r.cpu_ms?.compliance ?? t.compliance)) / 1000;
}

/** Full-render reports under <out>/_build/: (listed cars, CPU seconds) points. */
function fullRenderReports(out: string): BuildReport[] {
  const dir = join(out, '_build');
  if (!existsSync(dir)) return [];
  const reports: BuildReport[] = [];
  for (const slug of readdirSync(dir)) {
    const file = join(dir, slug, 'report.json');
    if (!existsSync(file)) continue;
    try {
      const r = JSON.parse(readFileSync(file, 'utf8')) as BuildReport;
      if (r.status === 'ok' && r.render?.mode === 'full' && r.cpu_ms && r.records.listed > 0) reports.push(r);
    } catch {
      // a report being written: skip it
    }
  }
  return reports.sort((a, b) => a.records.listed - b.records.listed);
}

/** Least squares through (cars, CPU seconds). */
function fitLine(points: { x: number; y: number }[]): { slope: number; intercept: number } {
  const n = points.length;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const sxx = points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  const sxy = points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0);
  const slope = sxx > 0 ? sxy / sxx : 0;
  return { slope, intercept: my - slope * mx };
}

/** CPU seconds of starting a tenant's build process (node, TypeScript, the build's imports): `build-tenant.ts --help`. */
function processStartCpuS(): number | undefined {
  const runs: number[] = [];
  for (let i = 0; i < 2; i++) {
    const c0 = childrenCpuS();
    spawnSync(process.execPath, ['scripts/build-tenant.ts', '--help'], { cwd: root, stdio: 'ignore' });
    const c1 = childrenCpuS();
    if (c0 === undefined || c1 === undefined) return undefined;
    runs.push(c1 - c0);
  }
  return Math.min(...runs);
}

/**
 * The render's cost per car and a tenant's fixed cost: a straight line through the full-render builds'
 * reports in dist/_build (the demo tenants, 132-1,330 cars, as `npm run build` left them), or with
 * --build (or without such reports) through two builds made here of copies of the Coastal Toyota and
 * Redline demos (slow: their photos are encoded first).
 */
function renderCosts(scratch: string, forceBuild: boolean, mayBuild: boolean): RenderFigures {
  section('Rendering a tenant: fixed cost and cost per car');
  const start = processStartCpuS();
  if (start !== undefined) console.log(`starting a tenant's build process (node scripts/build-tenant.ts --help): ${num(start, 2)} s CPU`);
  let reports = forceBuild ? [] : fullRenderReports(join(root, 'dist'));
  let from = `${join('dist', '_build')}/*/report.json (full renders, built ${[...new Set(reports.map((r) => r.started_at.slice(0, 16).replace('T', ' ')))].join(', ')} UTC)`;
  if (new Set(reports.map((r) => r.records.listed)).size < 2 && mayBuild) {
    reports = buildCopies(scratch);
    from = 'two builds made now (--force --full-render, photos cached)';
  }
  if (new Set(reports.map((r) => r.records.listed)).size < 2) {
    console.log(
      `no full-render reports in dist/_build${mayBuild ? ' and no demo tenants to build' : ' (--quick builds nothing)'}: the render figures are UNIT_COSTS'`,
    );
    return { fixedCpuS: UNIT_COSTS.tenantFixedCpuS, perCarCpuS: UNIT_COSTS.renderCpuPerCarS, measured: false };
  }
  console.log(`from ${from}:`);
  for (const r of reports) {
    const t = r.timings_ms;
    console.log(
      `  ${r.tenant}: ${num(r.records.listed)} cars, ${num(r.pages.html)} pages: render ${num(t.render / 1000, 2)} s wall / ${num((r.cpu_ms?.render ?? 0) / 1000, 2)} s CPU, compliance ${num(t.compliance / 1000, 2)} / ${num((r.cpu_ms?.compliance ?? 0) / 1000, 2)}, other steps ${num((t.total - t.render - t.compliance - t.images) / 1000, 2)} s: ${num(stepsCpuS(r), 2)} s CPU`,
    );
  }
  const line = fitLine(reports.map((r) => ({ x: r.records.listed, y: stepsCpuS(r) })));
  const fixed = line.intercept + (start ?? 0);
  console.log(
    `least squares: ${num(line.slope * 1000, 1)} ms CPU a car, ${num(line.intercept, 2)} s at 0 cars; fixed = ${num(line.intercept, 2)} + ${num(start ?? 0, 2)} (process start) = ${num(fixed, 2)} s CPU`,
  );
  return { fixedCpuS: fixed, perCarCpuS: line.slope, measured: true };
}

/** Builds copies of two demo tenants, cold then forced full renders, and returns the second builds' reports. */
function buildCopies(scratch: string): BuildReport[] {
  const sources = ['demo-coastal-toyota', 'demo-redline-used-cars'].map((t) => join(root, 'tenants', t)).filter((d) => existsSync(join(d, 'stock.json')));
  if (sources.length < 2) return [];
  const tenants = join(scratch, 'tenants');
  const out = join(scratch, 'dist');
  const slugs = sources.map((src, i) => {
    const slug = `fleet-${i + 1}`;
    cpSync(src, join(tenants, slug), { recursive: true });
    const config = JSON.parse(readFileSync(join(tenants, slug, 'tenant.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(tenants, slug, 'tenant.json'), JSON.stringify({ ...config, slug }, null, 2));
    return slug;
  });
  const env = { ...process.env, DEALER_IMAGE_CACHE: join(scratch, 'images') };
  for (const extra of [[], ['--force', '--full-render']]) {
    const load = loadavg()[0]!;
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['scripts/build.ts', '--tenants', tenants, '--out', out, '--jobs', '1', ...extra], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    if (r.status !== 0 && r.status !== 3) throw new Error(`the build of the demo copies failed (exit ${r.status}): ${r.stderr.slice(-2000)}`);
    console.log(
      `  built ${slugs.join(', ')} ${extra.length ? 'again, forced full renders' : 'cold'}: ${num((performance.now() - t0) / 1000, 1)} s wall (load ${num(load, 1)})`,
    );
  }
  return fullRenderReports(out);
}

interface NetFigures {
  getMs: number;
  getParallelMs: number;
  putParallelMs: number;
}

async function storeCosts(quick: boolean): Promise<NetFigures> {
  section('The photo store and the publish: the local S3 server (scripts/lib/publish/local-s3-server.ts)');
  const s3 = await startLocalS3({ bucket: 'bench' });
  try {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: LOCAL_S3_CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const n = quick ? 24 : 200;
    const body = Buffer.alloc(30 * 1024, 7);
    const keys = Array.from({ length: n }, (_, i) => `_photos/v/ab/bench-${i}-w1280-q75.webp`);
    let t0 = performance.now();
    await mapLimit(keys, PUBLISH_CONCURRENCY, (Key) => client.send(new PutObjectCommand({ Bucket: 'bench', Key, Body: body, ContentType: 'image/webp' })));
    const putParallelMs = (performance.now() - t0) / n;
    const get = async (Key: string) => {
      const r = await client.send(new GetObjectCommand({ Bucket: 'bench', Key }));
      await r.Body?.transformToByteArray();
    };
    const one = keys.slice(0, quick ? 8 : 40);
    t0 = performance.now();
    for (const k of one) await get(k);
    const getMs = (performance.now() - t0) / one.length;
    t0 = performance.now();
    await mapLimit(keys, PHOTOS_IN_FLIGHT, get);
    const getParallelMs = (performance.now() - t0) / n;
    client.destroy();
    console.log(
      `30 KB objects on 127.0.0.1: GET one at a time ${num(getMs, 1)} ms; ${n} GETs ${PHOTOS_IN_FLIGHT} at a time ${num(getParallelMs, 2)} ms each; ${n} PUTs ${PUBLISH_CONCURRENCY} at a time ${num(putParallelMs, 2)} ms each`,
    );
    console.log(
      `assumed for the fleet (shards.ts REMOTE_REQUEST_S): ${num(REMOTE_REQUEST_S * 1000)} ms a request from a GitHub-hosted runner (Azure, mostly US) to the bucket in Sydney; an in-region runner would see about the local figure (AWS: small requests take tens of ms)`,
    );
    return { getMs, getParallelMs, putParallelMs };
  } finally {
    await s3.close();
  }
}

interface NightResult {
  kind: NightKind;
  title: string;
  plan: NightPlan;
  parts: ReturnType<typeof tenantCostParts>;
}

function simulate(costs: UnitCosts, dealers: number, photosPerCar: number, maxShards: number, seed: number): NightResult[] {
  const fleet = syntheticFleet(dealers, seed);
  const cars = fleet.reduce((n, d) => n + d.cars, 0);
  const sorted = fleet.map((d) => d.cars).sort((a, b) => a - b);
  section(`The fleet: ${dealers} dealers, ${photosPerCar} photos a car (seed ${seed})`);
  console.log(
    `${num(cars)} cars (${sorted[0]}-${sorted.at(-1)} a dealer, median ${sorted[Math.floor(sorted.length / 2)]}), ${num(cars * photosPerCar)} photos; ${num(fleet.reduce((n, d) => n + siteFiles(d.cars, d.cars * photosPerCar), 0))} files in the sites`,
  );
  console.log(
    `job budget: ${JOB_LIMIT_S / 60} min x ${SAFETY_MARGIN} = ${min(JOB_LIMIT_S * SAFETY_MARGIN)} min, of which ${min(costs.jobSetupS)} min setup; at most ${maxShards} jobs at once`,
  );
  const c = costs;
  console.log('\nunit costs (runner seconds: CPU / cores, network waits / tenants building at once):');
  console.log(`  tenant fixed        ${num(c.tenantFixedCpuS, 2)} s CPU / ${c.cores} + ${num(c.tenantFixedNetS, 1)} s of requests / ${c.jobs}`);
  console.log(`  rendered car        ${num(c.renderCpuPerCarS * 1000, 1)} ms CPU; kept car ${num(c.keptCpuPerCarS * 1000, 1)} ms CPU`);
  console.log(
    `  new photo           ${num(c.encodeCpuPerPhotoS * 1000, 0)} ms CPU (${num(c.bulkEncodeCpuPerPhotoS * 1000, 0)} ms in a photo-only job); its download and store puts ${num(NEW_PHOTO_NET_S, 2)} s / ${PHOTOS_IN_FLIGHT} in flight = ${num(c.newPhotoNetS * 1000, 0)} ms (overlapped)`,
  );
  console.log(
    `  photo from store    ${FETCH_ROUND_TRIPS} round trips x ${num(REMOTE_REQUEST_S * 1000)} ms / ${PHOTOS_IN_FLIGHT} in flight = ${num(c.fetchPerPhotoS * 1000, 1)} ms`,
  );
  console.log(
    `  file published      ${num(REMOTE_REQUEST_S * 1000)} ms / ${PUBLISH_CONCURRENCY} in flight = ${num(c.publishPerFileS * 1000, 1)} ms; file hashed ${num(c.scanCpuPerFileS * 1000, 2)} ms CPU`,
  );
  console.log(`  job setup           ${num(c.jobSetupS)} s`);

  let previous: Record<string, number> | undefined;
  const order: NightKind[] = ['ordinary', 'first', 'release', 'evicted'];
  const results = new Map<NightKind, NightResult>();
  for (const kind of order) {
    const night = NIGHTS.find((n) => n.kind === kind)!;
    const loads = fleet.map((d) => nightLoad(kind, d, photosPerCar));
    const plan = planNight(loads, { maxShards, previous, costs });
    if (kind === 'ordinary') previous = plan.plan.shards;
    const parts = loads.map((l) => tenantCostParts(l, costs));
    const sum = (k: keyof (typeof parts)[number]) => parts.reduce((n, p) => n + p[k], 0);
    const total = {
      fixed: sum('fixed'),
      render: sum('render'),
      photosNew: sum('photosNew'),
      photosFetched: sum('photosFetched'),
      publish: sum('publish'),
      total: sum('total'),
      cpuSeconds: sum('cpuSeconds'),
      netSeconds: sum('netSeconds'),
    };
    results.set(kind, { kind, title: night.title, plan, parts: total });

    section(`${night.title}: ${night.what}`);
    const lsum = (k: 'cars' | 'photos' | 'photosNew' | 'photosFetched' | 'carsRendered' | 'filesWritten') =>
      loads.reduce((n, l) => n + (l[k] ?? (k === 'carsRendered' ? l.cars : k === 'filesWritten' ? siteFiles(l.cars, l.photos) : 0)), 0);
    const rendered = lsum('carsRendered');
    const kept = lsum('cars') - rendered;
    console.log(
      `  fixed     ${dealers} tenants x (${num(c.tenantFixedCpuS, 2)} s / ${c.cores} + ${num(c.tenantFixedNetS, 1)} s / ${c.jobs}) = ${num(dealers * (c.tenantFixedCpuS / c.cores + c.tenantFixedNetS / c.jobs))} s`,
    );
    console.log(
      `  render    ${num(rendered)} cars x ${num(c.renderCpuPerCarS * 1000, 1)} ms / ${c.cores}${kept ? ` + ${num(kept)} kept x ${num(c.keptCpuPerCarS * 1000, 1)} ms / ${c.cores}` : ''} = ${num(total.render)} s`,
    );
    if (lsum('photosNew'))
      console.log(
        `  photos    ${num(lsum('photosNew'))} new x ${num(c.encodeCpuPerPhotoS, 3)} s CPU / ${c.cores} cores = ${num((lsum('photosNew') * c.encodeCpuPerPhotoS) / c.cores)} s (downloads and store puts overlapped: ${num((lsum('photosNew') * c.newPhotoNetS) / c.jobs)} s)`,
      );
    if (lsum('photosFetched'))
      console.log(
        `  fetched   ${num(lsum('photosFetched'))} photos from the store x ${num(c.fetchPerPhotoS, 4)} s / ${c.jobs} = ${num(total.photosFetched)} s`,
      );
    console.log(
      `  publish   ${num(lsum('filesWritten'))} files written x ${num(c.publishPerFileS, 3)} s / ${c.jobs} + hashing the sites = ${num(total.publish)} s${kind === 'ordinary' || kind === 'evicted' ? ` (the slot written is ${3} releases old: ${num(PAGES_WRITTEN_SHARE * 100)}% of the pages, plus the new photos)` : ''}`,
    );
    console.log(`  total     ${num(total.total)} runner-s = ${num(total.total / 3600, 1)} runner-hours`);
    const times = plan.shardSeconds.filter((s) => s > 0);
    const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
    let biggest = loads.reduce((a, b) => (a.cars > b.cars ? a : b));
    // With photo-only jobs, the builds fetch the photos the jobs made.
    if (plan.photoJobs > 0) biggest = { ...biggest, photosNew: 0, photosFetched: (biggest.photosFetched ?? 0) + biggest.photosNew };
    console.log(
      `  plan      ${plan.photoJobs ? `${plan.photoJobs} photo-only job(s) of ${min(plan.photoJobSeconds)} min, then ` : ''}${plan.shards} build shard(s): max ${min(Math.max(...times))} min, mean ${min(mean)} min; ${plan.fits ? 'fits' : 'DOES NOT FIT'} the ${JOB_LIMIT_S / 60}-min limit (budget ${min(plan.budgetSeconds)} min)`,
    );
    console.log(
      `            ${plan.reason}; the largest dealer (${biggest.cars} cars) building alone: ${min(aloneSeconds(biggest, costs))} min${plan.overBudget.length ? `; over budget alone: ${plan.overBudget.length} dealer(s)` : ''}${previous && kind !== 'ordinary' ? `; ${plan.plan.moved.length} tenants moved from the ordinary night's shards` : ''}`,
    );
    if (plan.photoJobs > 0) {
      const newPhotos = lsum('photosNew');
      const work = Math.max((newPhotos * c.bulkEncodeCpuPerPhotoS) / c.cores, (newPhotos * c.newPhotoNetS) / c.jobs);
      console.log(
        `            photo-only jobs: ${num(newPhotos)} photos x ${num(c.bulkEncodeCpuPerPhotoS, 3)} s CPU (effort ${BULK_WEBP_EFFORT}) / ${c.cores} cores = ${num(work)} s, / ${plan.photoJobs} jobs = ${min(work / plan.photoJobs)} min + ${min(c.jobSetupS)} min setup each; the builds then fetch the photos from the store`,
      );
    }
    console.log(`            night from start to end ${min(plan.wallSeconds)} min; Actions minutes (build and photo jobs) ${num(plan.actionsMinutes)}`);
    if (kind === 'release') {
      // The usual release night: the runners' caches were not evicted by the release.
      const warm = planNight(
        loads.map((l) => ({ ...l, photosFetched: 0 })),
        { maxShards, previous, costs },
      );
      const warmTotal = loads.reduce((n, l) => n + tenantCostParts({ ...l, photosFetched: 0 }, costs).total, 0);
      console.log(
        `            with the runners' image caches warm (a release evicts nothing): ${num(warmTotal / 3600, 1)} runner-hours, ${warm.shards} shard(s), max ${min(Math.max(...warm.shardSeconds))} min, ${num(warm.actionsMinutes)} Actions minutes`,
      );
    }
    if (!plan.fits && plan.photoJobs > 0) {
      const photoWork = plan.photoJobs * (plan.photoJobSeconds - c.jobSetupS);
      const perNight = maxShards * (plan.budgetSeconds - c.jobSetupS);
      console.log(
        `            the photos alone are ${num(photoWork / 3600, 1)} runner-hours: ${maxShards} jobs x ${min(plan.budgetSeconds - c.jobSetupS)} min a night make ${num(perNight / 3600, 1)} h, so onboard in about ${Math.ceil(photoWork / perNight)} waves of ${Math.ceil(dealers / Math.ceil(photoWork / perNight))} dealers`,
      );
    }
  }
  return NIGHTS.map((n) => results.get(n.kind)!);
}

async function main(): Promise<number> {
  const flags = parseCli(USAGE, {
    quick: { type: 'boolean' },
    build: { type: 'boolean' },
    dealers: { type: 'string' },
    'photos-per-car': { type: 'string' },
    'max-shards': { type: 'string' },
    seed: { type: 'string' },
  });
  const quick = !!flags.quick;
  const dealers = orUsageExit(() => intFlag('dealers', flags.dealers, 200, 1, 5000));
  const photosPerCar = orUsageExit(() => intFlag('photos-per-car', flags['photos-per-car'], PHOTOS_PER_CAR, 1, 100));
  const maxShards = orUsageExit(() => intFlag('max-shards', flags['max-shards'], 20, 1, 256));
  const seed = orUsageExit(() => intFlag('seed', flags.seed, 25, 0));
  const started = performance.now();
  console.log(`# bench:fleet${quick ? ' --quick' : ''}`);
  console.log(
    `machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? '?'}), load ${loadavg()
      .map((l) => num(l, 1))
      .join(' ')}; ${new Date().toISOString().slice(0, 10)}`,
  );

  const scratch = mkdtempSync(join(tmpdir(), 'bench-fleet-'));
  try {
    const encode = await encodeSettings(quick, scratch);
    // Grain-only photos (bench.ts's) as a third content type, full runs only.
    if (!quick) {
      const grained = await grainedPhotos(join(scratch, 'grained'), 5);
      const g = perPhoto(await measureVariants(grained, { effort: WEBP_EFFORT }));
      console.log(`(bench.ts's grained scenes at effort ${WEBP_EFFORT}: ${num(g.plainMs, 1)} ms and ${kb(g.plainBytes)} KB a photo)`);
    }
    const render = renderCosts(scratch, !!flags.build && !quick, !quick);
    const net = await storeCosts(quick);
    const costs: UnitCosts = {
      ...UNIT_COSTS,
      encodeCpuPerPhotoS: encode.pipelineCpuPerPhotoS,
      ...(encode.bulkCpuPerPhotoS !== undefined ? { bulkEncodeCpuPerPhotoS: encode.bulkCpuPerPhotoS } : {}),
      ...(render.measured ? { tenantFixedCpuS: render.fixedCpuS, renderCpuPerCarS: render.perCarCpuS } : {}),
    };
    section('Measured here against UNIT_COSTS (scripts/lib/fleet/shards.ts)');
    const row = (what: string, here: string, constant: string) => console.log(`| ${what} | ${here} | ${constant} |`);
    console.log('| unit | this run | UNIT_COSTS |');
    console.log('| ---- | -------- | ---------- |');
    row(
      `new photo (effort ${WEBP_EFFORT}), CPU`,
      `${num(encode.pipelineCpuPerPhotoS * 1000, 0)} ms${encode.cameraMeasured ? '' : ' (camera factor not measured)'}`,
      `${num(UNIT_COSTS.encodeCpuPerPhotoS * 1000, 0)} ms`,
    );
    row(
      `new photo in a photo-only job (effort ${BULK_WEBP_EFFORT}), CPU`,
      encode.bulkCpuPerPhotoS !== undefined ? `${num(encode.bulkCpuPerPhotoS * 1000, 0)} ms` : 'not measured (--quick)',
      `${num(UNIT_COSTS.bulkEncodeCpuPerPhotoS * 1000, 0)} ms`,
    );
    row('rendered car, CPU', render.measured ? `${num(render.perCarCpuS * 1000, 1)} ms` : 'not measured', `${num(UNIT_COSTS.renderCpuPerCarS * 1000, 1)} ms`);
    row('tenant fixed, CPU', render.measured ? `${num(render.fixedCpuS, 2)} s` : 'not measured', `${num(UNIT_COSTS.tenantFixedCpuS, 2)} s`);
    row('GET 30 KB, local S3, one at a time', `${num(net.getMs, 1)} ms`, `${num(REMOTE_REQUEST_S * 1000)} ms a request assumed (runner to Sydney)`);
    row('PUT 30 KB, local S3, 8 at a time', `${num(net.putParallelMs, 2)} ms each`, `${num(UNIT_COSTS.publishPerFileS * 1000, 1)} ms each`);

    const nights = simulate(costs, dealers, photosPerCar, maxShards, seed);
    section('The four nights');
    console.log('| night | runner-hours | photo-only jobs | build shards | shard max / mean, min | fits 150 min | night, min | Actions minutes |');
    console.log('| ----- | ------------ | --------------- | ------------ | --------------------- | ------------ | ---------- | --------------- |');
    for (const n of nights) {
      const times = n.plan.shardSeconds.filter((s) => s > 0);
      const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
      console.log(
        `| ${n.title} | ${num(n.parts.total / 3600, 1)} | ${n.plan.photoJobs ? `${n.plan.photoJobs} x ${min(n.plan.photoJobSeconds)} min` : '0'} | ${n.plan.shards} | ${min(Math.max(...times))} / ${min(mean)} | ${n.plan.fits ? 'yes' : 'no'} | ${min(n.plan.wallSeconds)} | ${num(n.plan.actionsMinutes)} |`,
      );
    }

    // What the network assumption decides: the same fleet with faster requests or more of them in flight.
    console.log('\nThe same nights with other network figures, each planned afresh (runner-hours; build shards + photo-only jobs in brackets):\n');
    console.log('| requests | first | ordinary | release | evicted |');
    console.log('| -------- | ----- | -------- | ------- | ------- |');
    const variants: [string, Parameters<typeof unitCostsFor>[0]][] = [
      [`${num(REMOTE_REQUEST_S * 1000)} ms, publish ${PUBLISH_CONCURRENCY} at a time (the plan above)`, {}],
      [`${num(REMOTE_REQUEST_S * 1000)} ms, publish 32 at a time`, { publishConcurrency: 32 }],
      ['20 ms (in-region runner, or R2 near it), publish 8 at a time', { requestSeconds: 0.02 }],
    ];
    const fleet = syntheticFleet(dealers, seed);
    for (const [label, net] of variants) {
      const c = unitCostsFor(net, costs);
      const cells = NIGHTS.map((n) => {
        const loads = fleet.map((d) => nightLoad(n.kind, d, photosPerCar));
        const plan = planNight(loads, { maxShards, costs: c });
        const hours = loads.reduce((t, l) => t + tenantCostParts(l, c).total, 0) / 3600;
        return `${num(hours, 1)} (${plan.shards}${plan.photoJobs ? ` + ${plan.photoJobs}` : ''})`;
      });
      console.log(`| ${label} | ${cells.join(' | ')} |`);
    }
    console.log(`\nbench:fleet took ${num((performance.now() - started) / 1000, 1)} s`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return 0;
}

if (isMain(import.meta.url)) await runCli(main);
