/**
 * `npm test`: every test, in the order a fresh machine needs them. It gets what the tests need first
 * (scripts/run.mjs: Node 24 and the locked dependencies; scripts/lib/ensure-deps.ts: Debian's Chromium
 * and fonts, PostgreSQL on 127.0.0.1 and the pinned Meilisearch, installed or started when missing and
 * stopped at the end if started here). What it cannot get (not root, no apt-get) is said in one line
 * each, and the suites needing it are skipped and named in the summary, never counted as passed.
 *   1. vitest: schemas, ingest, rules, images, functions (PGlite, and PostgreSQL through TEST_DATABASE_URL),
 *      then the search conformance suite (embedded engine vs Meilisearch through MEILI_HOST)
 *   2. generate the demo tenants and the real-world fixture tenant, build them all
 *   3. vitest on the build output (every good listed record has a page, no bad or unlisted one does)
 *      then, alone, the browser budgets (bytes, the journey, Lighthouse: tests/build/budgets.test.ts)
 *   4. Playwright in Chromium against the built sites
 * Prints each runner's own summary, then the summary lines, the last one "tests: N passed, N failed"
 * (", N skipped" when some did not run). DEALER_TEST_NO_SYSTEM=1: install and start nothing system-wide.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countListedTests, ensureDependencies, provideServices, skippedSuites, summary } from './lib/ensure-deps.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// `npm test -- --help` says what it runs instead of running it all (it takes most of an hour).
if (process.argv.slice(2).some((a) => a === '-h' || a === '--help')) {
  console.log(`Usage: npm test

Runs every test, in the order a fresh machine needs them, installing or starting what they need
(Node 24, the locked dependencies, Debian's Chromium and fonts, PostgreSQL, the pinned Meilisearch):
  1. vitest: unit and functions tests, then the search conformance suite
  2. generate and build the demo tenants and the real-world fixture tenant
  3. vitest on the build output, then, alone, the browser budgets
  4. Playwright in Chromium against the built sites
Ends with "tests: N passed, N failed". One suite alone: npx vitest run <file>, npx playwright test <file>.
DEALER_TEST_NO_SYSTEM=1 installs and starts nothing system-wide.`);
  process.exit(0);
}
if (process.argv.length > 2) {
  console.error(`error: npm test takes no arguments (got ${process.argv.slice(2).join(' ')}); see npm test -- --help`);
  process.exit(2);
}
ensureDependencies(root);
const results = join(root, 'test-results');
const BUILD_NOW = process.env['BUILD_NOW'] ?? new Date().toISOString().slice(0, 10);
const CI = process.env['CI'] === 'true' || process.env['CI'] === '1';
mkdirSync(results, { recursive: true });
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

console.log(`\n== setup: Node ${process.versions.node}, Chromium, PostgreSQL, Meilisearch`);
const services = provideServices(root, (line) => console.log(line));
// Stop what was started here however the run ends (normal end, Ctrl-C, SIGTERM).
process.on('exit', () => services.stop());
let current: ReturnType<typeof spawn> | undefined;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    current?.kill(signal);
    console.log(`\nnpm test: ${signal}, stopping what it started`);
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  });
}
for (const m of services.missing) console.log(`missing: ${m.line}`);
const notRun = skippedSuites(services.available);

const env = {
  ...process.env,
  ...services.env,
  BUILD_NOW,
  NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --disable-warning=ExperimentalWarning`.trim(),
};

let passed = 0;
let failed = 0;
let skipped = 0;
const failedSteps: string[] = [];

function exec(cmd: string, args: string[], extraEnv: Record<string, string>, stdio: 'inherit' | 'capture'): Promise<{ status: number | null; stdout: string }> {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: root, stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'inherit'], env: { ...env, ...extraEnv } });
    current = child;
    let stdout = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', (e) => {
      console.log(`cannot run ${cmd}: ${e.message}`);
      done({ status: null, stdout });
    });
    child.on('close', (status) => {
      current = undefined;
      done({ status, stdout });
    });
  });
}

async function run(label: string, cmd: string, args: string[], extraEnv: Record<string, string> = {}): Promise<boolean> {
  console.log(`\n== ${label}`);
  const started = Date.now();
  const r = await exec(cmd, args, extraEnv, 'inherit');
  console.log(`== ${label}: ${r.status === 0 ? 'ok' : `FAILED (exit ${r.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failedSteps.push(label);
  return r.status === 0;
}

function countVitest(file: string): void {
  if (!existsSync(file)) return;
  const json = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests?: number; numTodoTests?: number };
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
}

async function vitest(label: string, config: string, out: string): Promise<void> {
  rmSync(out, { force: true });
  await run(label, bin('vitest'), ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  countVitest(out);
}

await vitest('unit and function tests (vitest)', 'vitest.config.ts', join(results, 'vitest-unit.json'));
// Same scenarios on the embedded engine and a real Meilisearch (MEILI_HOST; required when CI=true).
await vitest('search conformance, embedded vs Meilisearch (vitest)', 'tests/conformance/vitest.config.ts', join(results, 'vitest-conformance.json'));

const node = process.execPath;
const e2eTenants = join(root, '.cache/e2e/tenants');
const e2eDist = join(root, '.cache/e2e/dist');
const generated =
  (await run('generate demo tenants', node, ['scripts/demo/generate.ts', '--out', 'tenants', '--now', BUILD_NOW])) &&
  (await run('generate real-world fixture tenant', node, [
    'scripts/demo/generate-realworld.ts',
    '--out',
    join(e2eTenants, 'realworld-motors'),
    '--count',
    '1000',
    '--now',
    BUILD_NOW,
  ]));
const built =
  generated &&
  (await run('build demo tenants', node, ['scripts/build.ts', '--tenants', 'tenants', '--out', 'dist'])) &&
  (await run('build real-world fixture tenant', node, ['scripts/build.ts', '--tenants', e2eTenants, '--out', e2eDist]));

if (built) {
  await vitest('build output tests (vitest)', 'vitest.build.config.ts', join(results, 'vitest-build.json'));
  // Alone, so Lighthouse measures the pages and not the other tests' builds.
  await vitest('browser budgets: bytes, journey and Lighthouse (vitest)', 'vitest.budgets.config.ts', join(results, 'vitest-budgets.json'));
  if (services.available.chromium) {
    const pwJson = join(results, 'playwright.json');
    rmSync(pwJson, { force: true });
    await run('browser tests (Playwright, Chromium)', bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
    if (existsSync(pwJson)) {
      const stats = (JSON.parse(readFileSync(pwJson, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }).stats;
      passed += stats.expected + stats.flaky;
      failed += stats.unexpected;
      skipped += stats.skipped;
    }
  } else {
    // Not run: count what would have run, so the summary says how many tests were skipped.
    const listed = await exec(bin('playwright'), ['test', '--list', '--reporter=json'], {}, 'capture');
    let count = 0;
    try {
      count = countListedTests(JSON.parse(listed.stdout));
    } catch {
      // An unreadable listing leaves the count at 0; the suite is still named as skipped below.
    }
    skipped += count;
    console.log(`\n== browser tests (Playwright, Chromium): skipped (${count} tests), no Chromium`);
  }
} else failedSteps.push('build output and browser tests (not run: the build failed)');

services.stop();
const { lines, exitCode } = summary({ passed, failed, skipped, failedSteps, skippedSuites: notRun, ci: CI });
console.log(`\n${lines.join('\n')}`);
process.exitCode = exitCode;
