/**
 * Every script's command line (issue 12, "Robust CLIs"): node:util parseArgs in strict mode, so
 * `--help` prints the usage and does nothing else (exit 0), an unknown flag is an error naming it
 * (exit 2), and a bad value of a numeric (or enumerated) flag is an error naming the flag (exit 2).
 * Each script runs as its own process, four at a time (all at once, 16 Node processes loading
 * Lighthouse, Playwright and Astro on two cores took longer than any sane limit), each with a time limit.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'cli-scripts-'));
const SPAWN_TIMEOUT_MS = 60_000;
const AT_ONCE = 4;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function run(script: string, args: string[]): Promise<Run> {
  return new Promise((done, fail) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DEALER_IMAGE_CACHE: join(tmp, 'unused-image-cache') };
    delete env['DATABASE_URL'];
    delete env['PORT'];
    const child = spawn(process.execPath, [join('scripts', script), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, SPAWN_TIMEOUT_MS);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, timedOut });
    });
  });
}

const at = (...parts: string[]) => join(tmp, ...parts);

/** A stale URL record with no photo behind it: a real prune removes it. */
const staleRecord = at('images', 'url', 'ab', 'stale.json');

interface Case {
  script: string;
  /** Arguments given with --help: what the script would act on, each left untouched. */
  helpArgs: string[];
  /** What must not exist afterwards. */
  untouched?: string[];
  /** A bad value of a numeric or enumerated flag, and the flag the error must name. */
  bad?: { args: string[]; flag: string }[];
}

const CASES: Case[] = [
  {
    script: 'demo.ts',
    helpArgs: ['--port', '4399'],
    // An unknown tenant is refused before anything is installed, generated or built (issue 28).
    bad: [
      { args: ['--port', 'abc'], flag: '--port' },
      { args: ['--tenant', 'nosuch'], flag: '--tenant' },
    ],
  },
  { script: 'derive-postcodes.ts', helpArgs: ['--out', at('postcodes.ts')], untouched: [at('postcodes.ts')] },
  { script: 'index-meili.ts', helpArgs: ['--tenant', 'x', '--dist', at('meili-dist'), '--host', 'http://127.0.0.1:9'] },
  {
    script: 'leads.ts',
    helpArgs: ['list', '--tenant', 'x', '--data', at('leads-data')],
    untouched: [at('leads-data')],
    bad: [{ args: ['list', '--tenant', 'x', '--data', at('leads-data'), '--limit', 'abc'], flag: '--limit' }],
  },
  {
    script: 'outbox.ts',
    helpArgs: ['deliver', '--data', at('outbox-data')],
    untouched: [at('outbox-data')],
    bad: [{ args: ['list', '--data', at('outbox-data'), '--status', 'bogus'], flag: '--status' }],
  },
  {
    script: 'serve.ts',
    helpArgs: ['--tenant', 'x', '--port', '0', '--dist', at('serve-dist'), '--data', at('serve-data')],
    untouched: [at('serve-data')],
    bad: [
      { args: ['--tenant', 'x', '--port', 'abc', '--data', at('serve-data')], flag: '--port' },
      { args: ['--tenant', 'x', '--port', '0', '--data', at('serve-data'), '--rate-limit-scale', 'fast'], flag: '--rate-limit-scale' },
    ],
  },
  {
    script: 'build.ts',
    helpArgs: ['--tenants', at('tenants'), '--out', at('build-out')],
    untouched: [at('build-out')],
    bad: [{ args: ['--tenants', at('tenants'), '--out', at('build-out'), '--jobs', 'abc'], flag: '--jobs' }],
  },
  {
    script: 'build-tenant.ts',
    helpArgs: ['--tenant', at('tenants', 'x'), '--out', at('build-tenant-out')],
    untouched: [at('build-tenant-out')],
  },
  {
    script: 'images-prune.ts',
    helpArgs: ['--days', '1', '--cache', at('images')],
    bad: [{ args: ['--days', 'abc', '--cache', at('images')], flag: '--days' }],
  },
  { script: 'summary.ts', helpArgs: ['--merge', '--out', at('summary-out'), at('build-out')], untouched: [at('summary-out')] },
  // The benchmarks and budget checks: each would generate, build or serve a tenant without --help.
  { script: 'bench-build.ts', helpArgs: ['--count', '10'], bad: [{ args: ['--change-percent', 'lots'], flag: '--change-percent' }] },
  {
    script: 'bench-search.ts',
    helpArgs: ['--work', at('bench-search'), '--count', '10'],
    untouched: [at('bench-search')],
    bad: [{ args: ['--work', at('bench-search'), '--count', 'many'], flag: '--count' }],
  },
  { script: 'bench-functions.ts', helpArgs: ['--duration', '1'], bad: [{ args: ['--duration', 'long'], flag: '--duration' }] },
  {
    script: 'bench-shopper.ts',
    helpArgs: ['--dist', at('shopper-dist'), '--tenant', 'x'],
    untouched: [at('shopper-dist')],
    bad: [{ args: ['--dist', at('shopper-dist'), '--tenant', 'x', '--runs', 'five'], flag: '--runs' }],
  },
  { script: 'lighthouse.ts', helpArgs: ['--url', 'http://127.0.0.1:9/'], bad: [{ args: ['--url', 'http://127.0.0.1:9/', '--runs', 'x'], flag: '--runs' }] },
  {
    script: 'budget-vdp.ts',
    helpArgs: ['--dist', at('budget-dist')],
    bad: [{ args: ['--dist', at('budget-dist'), '--runs', 'three'], flag: '--runs' }],
  },
];

const results = new Map<string, Run>();
const key = (script: string, kind: string, i = 0) => `${script} ${kind} ${i}`;

beforeAll(async () => {
  mkdirSync(at('tenants'), { recursive: true });
  mkdirSync(join(staleRecord, '..'), { recursive: true });
  writeFileSync(staleRecord, '{}');
  const jobs: (() => Promise<void>)[] = [];
  const add = (k: string, script: string, args: string[]) => jobs.push(() => run(script, args).then((r) => void results.set(k, r)));
  for (const c of CASES) {
    add(key(c.script, 'help'), c.script, ['--help', ...c.helpArgs]);
    add(key(c.script, 'unknown'), c.script, ['--no-such-flag']);
    c.bad?.forEach((b, i) => add(key(c.script, 'bad', i), c.script, b.args));
  }
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) await job();
    }),
  );
}, 600_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.each(CASES)('scripts/$script', (c) => {
  it('--help prints the usage, exits 0 and does nothing else', () => {
    const r = results.get(key(c.script, 'help'))!;
    expect(r.timedOut, 'it must exit by itself').toBe(false);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('Usage'), r.stdout).toBe(true);
    expect(r.stderr).toBe('');
    for (const path of c.untouched ?? []) expect(existsSync(path), `${path} was created`).toBe(false);
  });

  it('an unknown flag is an error naming it (exit 2)', () => {
    const r = results.get(key(c.script, 'unknown'))!;
    expect(r.timedOut).toBe(false);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('--no-such-flag');
  });

  it.runIf(c.bad)('a bad value is an error naming the flag (exit 2)', () => {
    c.bad!.forEach((b, i) => {
      const r = results.get(key(c.script, 'bad', i))!;
      expect(r.timedOut).toBe(false);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(b.flag);
    });
  });
});

it('images-prune --help left the stale cache entry that a real prune removes', async () => {
  expect(existsSync(staleRecord)).toBe(true);
  const r = await run('images-prune.ts', ['--days', '1', '--cache', at('images')]);
  expect(r.code, r.stderr).toBe(0);
  expect(existsSync(staleRecord)).toBe(false);
  expect(readdirSync(join(staleRecord, '..'))).toEqual([]);
});
