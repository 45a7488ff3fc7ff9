/**
 * `npm run bench:build`: generates a 5,000-vehicle tenant and measures the build. See USAGE.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RENDER_GOAL_MS_PER_PAGE } from './lib/budgets.ts';
import { intFlag, orUsageExit, parseCli } from './lib/cli.ts';
import { diffSites } from './lib/publish/publish.ts';
import type { BuildReport } from './lib/report.ts';
import type { RunSummary } from './lib/summary.ts';
import { changedByKind, uploadShare } from './lib/upload-kinds.ts';
import { hashTree, siteTree } from '../tests/build/tree-hash.ts';

const USAGE = `
Usage: node scripts/bench-build.ts [options]      (npm run bench:build -- [options])

Generates an N-vehicle tenant under .cache/bench and prints: ingest time, HTML pages per second, image
variants per second cold and warm, output bytes; a second run with nothing changed (the tenant is
skipped as unchanged: the time to decide it); a forced rebuild with nothing changed; and a rebuild after
P% of the stock changed, with the files and bytes that night's publish would upload ("N of M files
(P%)", and which kinds of file they are). With a change of 3% or less it exits non-zero when that night
uploads more than 10% of the site's files (issue 25: a stock change uploads only what shows it).

Then: full renders of the same site (--full-render: every page rendered; the render's cost per page,
wall and CPU, of the median of --render-runs runs), and the changed night itself, an incremental render (only the car pages whose inputs
changed; scripts/lib/incremental.ts). With --verify, the changed night is built again with a full
render into a second folder and the two sites are compared file by file (they must be identical).

  --count <n>            vehicles (default 5000)
  --change-percent <p>   share of the stock replaced for the changed night (default 3)
  --image-cache <dir>    reuse this photo cache (default: a new one, so the first build is cold)
  --verify               compare the changed night's incremental site with a full build's
  --render-runs <n>      full renders to time; the median is reported (default 3)
  -h, --help             show this help
`;

/** The most of a site's files a 3%-changed night may upload (issue 25). */
const MAX_UPLOAD_PERCENT = 10;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const flags = parseCli(USAGE, {
  count: { type: 'string' },
  'change-percent': { type: 'string' },
  'image-cache': { type: 'string' },
  verify: { type: 'boolean' },
  'render-runs': { type: 'string' },
});
const count = orUsageExit(() => intFlag('count', flags.count, 5000, 10, 100_000));
const change = orUsageExit(() => intFlag('change-percent', flags['change-percent'], 3, 1, 100));
const renderRuns = orUsageExit(() => intFlag('render-runs', flags['render-runs'], 3, 1, 9));
const base = join(root, '.cache/bench');
const tenants = join(base, 'tenants');
const tenantDir = join(tenants, `bench-${count}`);
const dist = join(base, 'dist');
const images = flags['image-cache'] ? resolve(flags['image-cache']) : join(base, 'images');
const env = { ...process.env, DEALER_IMAGE_CACHE: images };

function sh(args: string[]): void {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env });
  if (r.status !== 0) throw new Error(`failed: node ${args.join(' ')}`);
}

function build(label: string, extra: string[] = [], out = dist): { report: BuildReport; wallMs: number; load: string } {
  const t0 = performance.now();
  sh(['scripts/build.ts', '--tenants', tenants, '--out', out, ...extra]);
  const wallMs = performance.now() - t0;
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const report = JSON.parse(readFileSync(join(out, '_build', `bench-${count}`, 'report.json'), 'utf8')) as BuildReport;
  if (report.status !== 'ok') throw new Error(`${label}: build failed: ${report.error?.message}`);
  waitForTrash(out);
  return { report, wallMs, load };
}

/**
 * The publish step removes the replaced site (13,000+ files here) in a background process after the
 * build has ended. Each measured build waits for that removal first, so no build is timed while the
 * previous one's files are being unlinked on the same disk (it made a full render 20-35% slower), nor
 * while the kernel is still writing the previous build's files out.
 * Bounded: at most 3 minutes.
 */
function waitForTrash(out: string): void {
  const trash = join(out, '_build', '.trash');
  const until = Date.now() + 180_000;
  while (existsSync(trash) && readdirSync(trash).length > 0 && Date.now() < until) spawnSync('sleep', ['0.2']);
  // And for the kernel to write the build's 400 MB out: otherwise the next build's render competes
  // with that writeback (the cold build, which follows none, rendered at 1.1-1.5 ms a page; a full
  // render right after another at 1.6-2.2).
  spawnSync('sync');
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const perPage = (ms: number, r: BuildReport) => (r.pages.html ? (ms / r.pages.html).toFixed(2) : 'n/a');
const renderLine = (r: BuildReport) =>
  r.render?.mode === 'incremental'
    ? `incremental: ${r.render.cars_rendered} cars rendered, ${r.render.cars_kept} copied (${r.render.files_copied} files)`
    : `full render${r.render?.reason ? `: ${r.render.reason}` : ''}`;
const rate = (n: number, ms: number) => (ms > 0 ? (n / (ms / 1000)).toFixed(0) : 'n/a');

for (const d of [tenants, dist, join(base, 'full'), ...(flags['image-cache'] ? [] : [images])]) rmSync(d, { recursive: true, force: true });
console.log(`Generating a ${count}-vehicle tenant...`);
sh(['scripts/demo/generate-bench.ts', '--out', tenantDir, '--count', String(count)]);

console.log('Cold build (empty image cache)...');
const cold = build('cold');
console.log('Second run, nothing changed (skipped as unchanged)...');
const skipped = build('unchanged');
const skipSummary = JSON.parse(readFileSync(join(dist, '_build', 'summary.json'), 'utf8')) as RunSummary;
const skipRow = skipSummary.tenants.find((t) => t.tenant === `bench-${count}`);
if (skipRow?.status !== 'unchanged') {
  // The skip compares a hash of the platform's own code too: an edit to the checkout while the bench
  // runs (a helper's, an editor's save) makes the second run a real build, with nothing wrong in the skip.
  throw new Error(
    `the second run did not skip the tenant (status ${skipRow?.status ?? 'none'}): if a file of the checkout changed while the bench ran, that alone rebuilds it; run the bench again with the checkout left alone`,
  );
}
console.log('Forced rebuild, nothing changed...');
const warm = build('warm', ['--force']);
// The render's cost per page swings by a third between runs on a shared VM: the median of several.
const fullRenders: ReturnType<typeof build>[] = [];
for (let i = 1; i <= renderRuns; i++) {
  console.log(`Full render, nothing changed (--full-render), run ${i} of ${renderRuns}...`);
  fullRenders.push(build('full render', ['--force', '--full-render']));
}
/** The median of some figures (the lower middle one of an even count), as fullRender is the run with the median render. */
const medianOf = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;
const byRender = [...fullRenders].sort((a, b) => a.report.timings_ms.render - b.report.timings_ms.render);
const fullRender = byRender[Math.floor((byRender.length - 1) / 2)] as ReturnType<typeof build>;
// The published site before the night's change, to work out what that night's publish uploads.
const before = join(base, 'before');
cpSync(join(dist, `bench-${count}`), before, { recursive: true });
console.log(`Changing ${change}% of the stock and rebuilding...`);
sh(['scripts/demo/generate-bench.ts', '--out', tenantDir, '--count', String(count), '--change-percent', String(change)]);
const changed = build('changed');
const upload = await diffSites(before, join(dist, `bench-${count}`));
// Which files those are, by kind (a car's own pages, the pages that list a car, the search pages...).
const uploadKinds = changedByKind(hashTree(before), hashTree(join(dist, `bench-${count}`)));
rmSync(before, { recursive: true, force: true });
let verified: string | undefined;
if (flags.verify) {
  console.log('The changed night again, every page rendered, into a second folder...');
  const full = join(base, 'full');
  build('verify', ['--full-render'], full);
  const a = siteTree(join(dist, `bench-${count}`));
  const b = siteTree(join(full, `bench-${count}`));
  const differ = Object.keys({ ...a, ...b }).filter((k) => a[k] !== b[k]);
  verified = differ.length
    ? `DIFFERENT: ${differ.length} file(s), e.g. ${differ.slice(0, 3).join(', ')}`
    : `identical (${Object.keys(a).length} files, by content hash; dictionary-compressed pages by what they decode to)`;
  if (differ.length) process.exitCode = 1;
}

// Which of the new photos belong to listed cars: exactly those must be processed, nothing else.
const manifest = JSON.parse(readFileSync(join(tenantDir, 'bench-manifest.json'), 'utf8')) as { new_ids: (string | number)[] };
const model = JSON.parse(readFileSync(join(dist, '_build', `bench-${count}`, 'model.json'), 'utf8')) as { vehicles: { id: string }[] };
const listedIds = new Set(model.vehicles.map((v) => v.id));
const expectedNew = manifest.new_ids.filter((id) => listedIds.has(String(id))).length;

const share = uploadShare(upload.upload, upload.files);
const c = cold.report;
const lines = [
  ['vehicles (records read / listed)', `${c.records.read} / ${c.records.listed}`],
  ['ingest (read, map, validate)', s(c.timings_ms.ingest)],
  ['HTML pages', `${c.pages.html} in ${s(c.timings_ms.render)} = ${rate(c.pages.html, c.timings_ms.render)} pages/s`],
  [
    'images cold',
    `${c.images.processed} photos, ${c.images.variants_written} variants in ${s(c.timings_ms.images)} = ${rate(c.images.variants_written, c.timings_ms.images)} variants/s`,
  ],
  [
    'images warm',
    `${warm.report.images.cached} photos cached, ${warm.report.images.processed} processed in ${s(warm.report.timings_ms.images)} = ${rate(warm.report.images.cached * 5, warm.report.timings_ms.images)} variants/s (served from cache)`,
  ],
  ['output bytes', `${(c.output_bytes / 1e6).toFixed(1)} MB (${c.output_bytes} bytes)`],
  ['cold build total (wall)', s(cold.wallMs)],
  ['second run, nothing changed (wall)', `${s(skipped.wallMs)}; deciding "unchanged" took ${skipRow.time_ms} ms (node start included in wall)`],
  ['forced rebuild, no change (wall)', `${s(warm.wallMs)} (${renderLine(warm.report)})`],
  [
    `full render (every page, --full-render), median of ${renderRuns}`,
    `runs ${fullRenders.map((r) => perPage(r.report.timings_ms.render, r.report)).join(', ')} ms/page; the median: ${fullRender.report.pages.html} pages: model and plan ${s(fullRender.report.timings_ms.prepare ?? 0)}; render step ${s(fullRender.report.timings_ms.render)} wall = ${perPage(fullRender.report.timings_ms.render, fullRender.report)} ms/page, ${s(fullRender.report.cpu_ms?.render ?? 0)} CPU = ${perPage(fullRender.report.cpu_ms?.render ?? 0, fullRender.report)} ms/page; outputs ${s(fullRender.report.timings_ms.outputs ?? 0)} wall; compliance ${s(fullRender.report.timings_ms.compliance)} wall, ${s(fullRender.report.cpu_ms?.compliance ?? 0)} CPU; build ${s(fullRender.wallMs)} wall (load ${fullRender.load})`,
  ],
  [
    '  the two cost goals (issue 28)',
    `render ${perPage(fullRender.report.timings_ms.render, fullRender.report)} ms/page (goal ${RENDER_GOAL_MS_PER_PAGE}); compliance ${s(medianOf(fullRenders.map((r) => r.report.timings_ms.compliance)))} against the render's ${s(fullRender.report.timings_ms.render)} (goal: no slower), medians of the same ${renderRuns} runs`,
  ],
  [
    `warm rebuild after ${change}% changed (wall)`,
    `${s(changed.wallMs)} (load ${changed.load}); images processed ${changed.report.images.processed} (new photos of listed cars: ${expectedNew}), cached ${changed.report.images.cached}`,
  ],
  [
    `  its render`,
    `${renderLine(changed.report)}; model and plan ${s(changed.report.timings_ms.prepare ?? 0)}; render step ${s(changed.report.timings_ms.render)} wall, ${s(changed.report.cpu_ms?.render ?? 0)} CPU; compliance ${s(changed.report.timings_ms.compliance)} wall (${changed.report.compliance_cached ?? 0} cars' checks reused); publish (swap) ${s(changed.report.timings_ms.publish)}`,
  ],
  ...(verified ? [['  the same night, full render', verified]] : []),
  [
    `publish after ${change}% changed`,
    `uploads ${share.text}, ${(upload.upload_bytes / 1e6).toFixed(1)} MB of ${(upload.bytes / 1e6).toFixed(1)} MB; deletes ${upload.deleted}`,
  ],
  ...uploadKinds.slice(0, 12).map((k) => [`  ${k.kind}`, `${k.files} (e.g. ${k.example})`]),
  ...(uploadKinds.length > 12 ? [['  other kinds', String(uploadKinds.slice(12).reduce((n, k) => n + k.files, 0))]] : []),
];
console.log('\nBuild benchmark');
for (const [k, v] of lines) console.log(`  ${k?.padEnd(40)} ${v}`);
if (change <= 3 && share.percent > MAX_UPLOAD_PERCENT) {
  console.error(`\nThe ${change}%-changed night uploads ${share.text}: more than ${MAX_UPLOAD_PERCENT}% of the site's files.`);
  process.exitCode = 1;
}
if (flags['image-cache']) console.log(`\n(The photo cache was reused: new photos may have been in it already, so the photos processed are not checked.)`);
else if (changed.report.images.processed !== expectedNew) {
  console.error(`\nThe warm rebuild processed ${changed.report.images.processed} photos; only the ${expectedNew} new ones should have been.`);
  process.exitCode = 1;
}
