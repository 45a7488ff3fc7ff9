/**
 * `npm run bench:build`: generates a 5,000-vehicle tenant and measures the build.
 * Prints ingest time, HTML pages per second, image variants per second cold and warm, output bytes,
 * and a warm rebuild after 3% of the stock changed (which must process only the new photos).
 *   node scripts/bench-build.ts [--count 5000] [--change-percent 3]
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flagString, parseArgs } from './lib/args.ts';
import type { BuildReport } from './lib/report.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { flags } = parseArgs(process.argv.slice(2));
const count = Number(flagString(flags, 'count') ?? 5000);
const change = Number(flagString(flags, 'change-percent') ?? 3);
const base = join(root, '.cache/bench');
const tenants = join(base, 'tenants');
const tenantDir = join(tenants, `bench-${count}`);
const dist = join(base, 'dist');
const images = join(base, 'images');
const env = { ...process.env, DEALER_IMAGE_CACHE: images };

function sh(args: string[]): void {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env });
  if (r.status !== 0) throw new Error(`failed: node ${args.join(' ')}`);
}

function build(label: string): { report: BuildReport; wallMs: number } {
  const t0 = performance.now();
  sh(['scripts/build.ts', '--tenants', tenants, '--out', dist]);
  const wallMs = performance.now() - t0;
  const report = JSON.parse(readFileSync(join(dist, '_build', `bench-${count}`, 'report.json'), 'utf8')) as BuildReport;
  if (report.status !== 'ok') throw new Error(`${label}: build failed: ${report.error?.message}`);
  return { report, wallMs };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rate = (n: number, ms: number) => (ms > 0 ? (n / (ms / 1000)).toFixed(0) : 'n/a');

rmSync(base, { recursive: true, force: true });
console.log(`Generating a ${count}-vehicle tenant...`);
sh(['scripts/demo/generate-bench.ts', '--out', tenantDir, '--count', String(count)]);

console.log('Cold build (empty image cache)...');
const cold = build('cold');
console.log('Warm rebuild (nothing changed)...');
const warm = build('warm');
console.log(`Changing ${change}% of the stock and rebuilding...`);
sh(['scripts/demo/generate-bench.ts', '--out', tenantDir, '--count', String(count), '--change-percent', String(change)]);
const changed = build('changed');

// Which of the new photos belong to listed cars: exactly those must be processed, nothing else.
const manifest = JSON.parse(readFileSync(join(tenantDir, 'bench-manifest.json'), 'utf8')) as { new_ids: (string | number)[] };
const model = JSON.parse(readFileSync(join(dist, '_build', `bench-${count}`, 'model.json'), 'utf8')) as { vehicles: { id: string }[] };
const listedIds = new Set(model.vehicles.map((v) => v.id));
const expectedNew = manifest.new_ids.filter((id) => listedIds.has(String(id))).length;

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
  ['warm rebuild, no change (wall)', s(warm.wallMs)],
  [
    `warm rebuild after ${change}% changed (wall)`,
    `${s(changed.wallMs)}; images processed ${changed.report.images.processed} (new photos of listed cars: ${expectedNew}), cached ${changed.report.images.cached}`,
  ],
];
console.log('\nBuild benchmark');
for (const [k, v] of lines) console.log(`  ${k?.padEnd(40)} ${v}`);
if (changed.report.images.processed !== expectedNew) {
  console.error(`\nThe warm rebuild processed ${changed.report.images.processed} photos; only the ${expectedNew} new ones should have been.`);
  process.exitCode = 1;
}
