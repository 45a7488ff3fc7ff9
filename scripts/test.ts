/**
 * `npm test`: every test, in the order a fresh machine needs them.
 *   1. vitest: schemas, ingest, rules, images, functions (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 *      then the search conformance suite (embedded engine vs Meilisearch when MEILI_HOST is set)
 *   2. generate the demo tenants and the real-world fixture tenant, build them all
 *   3. vitest on the build output (every good listed record has a page, no bad or unlisted one does)
 *   4. Playwright in Chromium against the built sites
 * Prints each runner's own summary, then one line "tests: N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './lib/ensure-deps.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
ensureDependencies(root);
const results = join(root, 'test-results');
const BUILD_NOW = process.env['BUILD_NOW'] ?? new Date().toISOString().slice(0, 10);
mkdirSync(results, { recursive: true });
const env = { ...process.env, BUILD_NOW, NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --disable-warning=ExperimentalWarning`.trim() };
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(label: string, cmd: string, args: string[], extraEnv: Record<string, string> = {}): boolean {
  console.log(`\n== ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(`== ${label}: ${r.status === 0 ? 'ok' : `FAILED (exit ${r.status ?? r.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failures.push(label);
  return r.status === 0;
}

function countVitest(file: string): void {
  if (!existsSync(file)) return;
  const json = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += json.numPassedTests;
  failed += json.numFailedTests;
}

function vitest(label: string, config: string, out: string): void {
  rmSync(out, { force: true });
  run(label, bin('vitest'), ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  countVitest(out);
}

vitest('unit and function tests (vitest)', 'vitest.config.ts', join(results, 'vitest-unit.json'));
// Same scenarios on the embedded engine and a real Meilisearch (MEILI_HOST; required when CI=true).
vitest('search conformance, embedded vs Meilisearch (vitest)', 'tests/conformance/vitest.config.ts', join(results, 'vitest-conformance.json'));

const node = process.execPath;
const e2eTenants = join(root, '.cache/e2e/tenants');
const e2eDist = join(root, '.cache/e2e/dist');
const generated =
  run('generate demo tenants', node, ['scripts/demo/generate.ts', '--out', 'tenants', '--now', BUILD_NOW]) &&
  run('generate real-world fixture tenant', node, [
    'scripts/demo/generate-realworld.ts',
    '--out',
    join(e2eTenants, 'realworld-motors'),
    '--count',
    '1000',
    '--now',
    BUILD_NOW,
  ]);
const built =
  generated &&
  run('build demo tenants', node, ['scripts/build.ts', '--tenants', 'tenants', '--out', 'dist']) &&
  run('build real-world fixture tenant', node, ['scripts/build.ts', '--tenants', e2eTenants, '--out', e2eDist]);

if (built) {
  vitest('build output tests (vitest)', 'vitest.build.config.ts', join(results, 'vitest-build.json'));
  const pwJson = join(results, 'playwright.json');
  rmSync(pwJson, { force: true });
  run('browser tests (Playwright, Chromium)', bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
  if (existsSync(pwJson)) {
    const stats = (JSON.parse(readFileSync(pwJson, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } }).stats;
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  }
} else failures.push('build output and browser tests (not run: the build failed)');

console.log(`\n${failures.length ? `Failed steps: ${failures.join('; ')}` : 'All steps passed.'}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exitCode = failures.length || failed ? 1 : 0;
