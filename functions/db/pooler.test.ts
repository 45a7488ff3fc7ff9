/**
 * PostgreSQL for serverless: how many connections one functions instance opens, and the functions
 * behind PgBouncer in transaction mode (the pooler docs/functions.md tells serverless hosts to put in
 * front). Real servers only: PostgreSQL from TEST_DATABASE_URL in a throwaway schema, and Debian's
 * pgbouncer started here on a free loopback port. Skipped with a `missing:` line without them;
 * under CI=true a missing PostgreSQL or PgBouncer fails.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { localEmail, localSms } from '../adapters/local.ts';
import { netlifyHandler, openNetlifyDb } from '../adapters/netlify.ts';
import { sha256 } from '../lib/crypto.ts';
import { NODE_POOL_SIZE, poolSizeFromEnv, SERVERLESS_POOL_SIZE } from '../options.ts';
import { makeDist } from '../test/dist.ts';
import { postgresForFile, requirePostgres } from '../test/db.ts';
import { freePort } from '../test/net.ts';
import type { Db } from './index.ts';
import { FakeClock } from '../lib/clock.ts';

const CI = process.env['CI'] === 'true';
const SECRET = 'pooler-test-secret-pooler-test-secret-01';

const postgres = postgresForFile('functions/db/pooler.test.ts', 'counts the connections on it');
const url = postgres.url;

const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((f) => {
  try {
    accessSync(f, constants.X_OK);
    return true;
  } catch {
    return false;
  }
});
if (url && !PGBOUNCER && !CI) console.log('missing: PgBouncer (sudo apt-get install pgbouncer): the functions behind a transaction-mode pooler; skipped');

requirePostgres(postgres);
it('has PgBouncer when CI=true', () => {
  if (CI) expect(PGBOUNCER, 'pgbouncer is not installed (npm test installs it with apt-get as root)').toBeDefined();
});

it("DATABASE_POOL_SIZE sets an instance's pool (1-100), else the host's default", () => {
  expect(poolSizeFromEnv(undefined, SERVERLESS_POOL_SIZE)).toBe(3);
  expect(poolSizeFromEnv('', NODE_POOL_SIZE)).toBe(10);
  expect(poolSizeFromEnv('5', SERVERLESS_POOL_SIZE)).toBe(5);
  for (const bad of ['0', '101', '2.5', 'ten']) expect(poolSizeFromEnv(bad, NODE_POOL_SIZE)).toBe(10);
});

function withParams(base: string, params: Record<string, string>): string {
  const u = new URL(base);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** A lead from its own address (the per-IP limits are not what this test is about). */
function submitLead(handler: ReturnType<typeof netlifyHandler>, i: number): Promise<Response> {
  return handler(
    new Request('https://delta-preview.netlify.app/api/leads', {
      method: 'POST',
      headers: { origin: 'https://delta-preview.netlify.app', 'content-type': 'application/json' },
      body: JSON.stringify({ category: 'General', name: `Shopper ${i}`, email: `shopper${i}@example.com` }),
    }),
    { ip: `203.0.113.${(i % 250) + 1}` },
  );
}

describe.skipIf(!url)('PostgreSQL connections of the functions', () => {
  const schema = `t_pool_${sha256(`${process.pid}-${Math.random()}`).slice(0, 10)}`;
  let admin: pg.Client;
  let dist: string;

  /** The instances' databases, closed after each test (as a host recycling its instances would). */
  const opened: Db[] = [];
  /** A Netlify instance as the host runs it (DATABASE_URL from its environment), e-mail kept in the database. */
  const instance = (databaseUrl: string) => {
    const env = {
      DATABASE_URL: databaseUrl,
      FUNCTIONS_SECRET: SECRET,
      FUNCTIONS_MODELS_DIR: `${dist}/_build`,
      EXTRA_ORIGINS: 'delta=https://delta-preview.netlify.app',
    };
    return netlifyHandler({
      env,
      openDatabase: async (u) => {
        const db = await openNetlifyDb(u, env);
        opened.push(db);
        return db;
      },
      clock: new FakeClock(),
      adapters: (db: Db, clock) => ({ email: localEmail(db, clock), sms: localSms(db, clock), webhook: { send: async () => {} } }),
    });
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.close()));
  });
  const leadCount = async (): Promise<number> => Number((await admin.query<{ n: string }>(`SELECT count(*) AS n FROM ${schema}.leads`)).rows[0]?.n ?? 0);

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    dist = makeDist('delta');
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    rmSync(dist, { recursive: true, force: true });
  });

  const connectionsNamed = async (name: string): Promise<number> =>
    Number((await admin.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1', [name])).rows[0]?.n ?? 0);

  it(`a serverless instance opens at most ${SERVERLESS_POOL_SIZE} connections, however many requests arrive at once`, async () => {
    const name = `dealer-functions-${schema}`;
    const handler = instance(withParams(url as string, { options: `-c search_path=${schema}`, application_name: name }));
    let most = 0;
    let sampling = true;
    const sampler = (async () => {
      for (let i = 0; sampling && i < 500; i++) {
        most = Math.max(most, await connectionsNamed(name));
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => submitLead(handler, i)));
    sampling = false;
    await sampler;
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 40 }, () => 201));
    // 40 at once fill the pool, and it holds there (an idle connection stays open 10 s, so the sampler sees it).
    expect(most).toBe(SERVERLESS_POOL_SIZE);
    expect(await connectionsNamed(name)).toBeLessThanOrEqual(SERVERLESS_POOL_SIZE);
    expect(await leadCount()).toBe(40);
  });

  describe.skipIf(!PGBOUNCER)('behind PgBouncer in transaction mode', () => {
    const POOL_SIZE = 4;
    const INSTANCES = 6;
    let bouncer: ChildProcess | undefined;
    let log = '';
    let port = 0;
    let dir = '';

    beforeAll(async () => {
      const target = new URL(url as string);
      port = await freePort();
      dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
      chmodSync(dir, 0o755);
      const user = decodeURIComponent(target.username);
      // One pool for the throwaway schema: every server connection starts with its search_path, so
      // the functions' own DATABASE_URL needs no `options` (PgBouncer 1.18 refuses that parameter).
      writeFileSync(
        join(dir, 'pgbouncer.ini'),
        [
          '[databases]',
          `functions = host=${target.hostname} port=${target.port || '5432'} dbname=${target.pathname.slice(1)} user=${user} password=${decodeURIComponent(target.password)} connect_query='SET search_path TO ${schema}'`,
          '[pgbouncer]',
          'listen_addr = 127.0.0.1',
          `listen_port = ${port}`,
          'unix_socket_dir =',
          'auth_type = trust',
          `auth_file = ${join(dir, 'users.txt')}`,
          `admin_users = ${user}`,
          'pool_mode = transaction',
          `default_pool_size = ${POOL_SIZE}`,
          'max_client_conn = 200',
          'ignore_startup_parameters = extra_float_digits',
          '',
        ].join('\n'),
      );
      writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
      // PgBouncer will not run as root: as root, run it as the postgres user (as Debian's service does).
      const asRoot = process.getuid?.() === 0;
      if (asRoot && spawnSync('id', ['postgres']).status !== 0) throw new Error('running as root and there is no postgres user to run pgbouncer as');
      const [cmd, args] = asRoot
        ? ['runuser', ['-u', 'postgres', '--', PGBOUNCER as string, join(dir, 'pgbouncer.ini')]]
        : [PGBOUNCER as string, [join(dir, 'pgbouncer.ini')]];
      const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      bouncer = child;
      child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
      child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
      // Ready when it accepts a query (bounded: 10 s).
      for (let i = 0; i < 100; i++) {
        const probe = new pg.Client({ connectionString: `postgres://${user}@127.0.0.1:${port}/functions` });
        try {
          await probe.connect();
          await probe.query('SELECT 1');
          await probe.end();
          return;
        } catch {
          await probe.end().catch(() => {});
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      throw new Error(`pgbouncer did not start:\n${log}`);
    });
    afterAll(async () => {
      bouncer?.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    });

    it(`${INSTANCES} instances cold-starting at once migrate once and store every lead through ${POOL_SIZE} server connections`, async () => {
      const user = decodeURIComponent(new URL(url as string).username);
      const pooled = `postgres://${user}@127.0.0.1:${port}/functions`;
      const before = await leadCount();
      const handlers = Array.from({ length: INSTANCES }, () => instance(pooled));
      // Every instance's first request is its cold start: migrations under the advisory transaction lock, through the pooler.
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => submitLead(handlers[i % INSTANCES] as (typeof handlers)[number], 1000 + i)));
      expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 60 }, () => 201));

      const migrations = await admin.query<{ name: string; n: string }>(`SELECT name, count(*) AS n FROM ${schema}.schema_migrations GROUP BY name`);
      expect(migrations.rows.every((r) => Number(r.n) === 1)).toBe(true);
      expect((await leadCount()) - before).toBe(60);

      // PostgreSQL saw at most the pool's server connections, while the instances held up to 6 x 3 client ones.
      const console_ = new pg.Client({ connectionString: `postgres://${user}@127.0.0.1:${port}/pgbouncer` });
      await console_.connect();
      const pools = await console_.query<Record<string, string>>('SHOW POOLS');
      const clients = await console_.query<Record<string, string>>('SHOW CLIENTS');
      await console_.end();
      const pool = pools.rows.find((r) => r['database'] === 'functions');
      const servers = ['sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login'].reduce((n, k) => n + Number(pool?.[k] ?? 0), 0);
      expect(servers).toBeGreaterThanOrEqual(1);
      expect(servers).toBeLessThanOrEqual(POOL_SIZE);
      const functionClients = clients.rows.filter((r) => r['database'] === 'functions').length;
      expect(functionClients).toBeLessThanOrEqual(INSTANCES * SERVERLESS_POOL_SIZE);
      console.log(`pooler: ${INSTANCES} instances, ${functionClients} client connections, ${servers} server connections, 60 leads stored`);
    });
  });
});
