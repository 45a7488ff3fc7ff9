/**
 * Test databases. PGlite's first start (initdb) costs seconds, so a migrated template data folder is
 * made once per migration set under .cache/functions-test and copied for each test file; opening a
 * copy takes a fraction of that. PostgreSQL tests get a throwaway schema in TEST_DATABASE_URL.
 */
import { it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dealerError } from '../../src/lib/errors/errors-data.ts';
import { migrate, type Db } from '../db/index.ts';
import { readMigrations } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { TestDatabaseRequired } from '../errors.ts';
import { sha256 } from '../lib/crypto.ts';

const CACHE = resolve(import.meta.dirname, '../../.cache/functions-test');

async function template(): Promise<string> {
  const migrations = readMigrations();
  const dir = join(CACHE, `template-${sha256(migrations.map((m) => m.name + m.sql).join('\n')).slice(0, 12)}`);
  if (existsSync(join(dir, 'ready'))) return dir;
  mkdirSync(CACHE, { recursive: true });
  const building = mkdtempSync(join(CACHE, 'building-'));
  const db = await openPglite({ dataDir: building });
  await migrate(db, migrations);
  await db.close();
  mkdirSync(join(building, 'ready'));
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another worker finished first
  }
  // Templates of older migration sets are never used again.
  for (const old of readdirSync(CACHE)) {
    if (old.startsWith('template-') && join(CACHE, old) !== dir) rmSync(join(CACHE, old), { recursive: true, force: true });
  }
  return dir;
}

/** Memory-backed tmpfs when the machine has one: the same PGlite file code path without disk I/O. */
const FAST_TMP = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

/**
 * A migrated PGlite database in a temp folder, removed on close: on tmpfs by default (route tests),
 * on the real disk with `onDisk` (the storage tests' "PGlite on disk").
 */
export async function testPglite(opts: { onDisk?: boolean } = {}): Promise<Db> {
  const from = await template();
  const dir = mkdtempSync(join(opts.onDisk ? tmpdir() : FAST_TMP, 'functions-test-'));
  cpSync(join(from, 'pglite'), join(dir, 'pglite'), { recursive: true });
  const db = await openPglite({ dataDir: dir });
  await migrate(db); // no-op unless the template is stale
  const close = db.close.bind(db);
  return Object.assign(db, {
    close: async () => {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}

/** TEST_DATABASE_URL, or undefined (skip) — except in CI, where its absence is an error. */
export function testDatabaseUrl(): string | undefined {
  const url = process.env['TEST_DATABASE_URL'];
  if (!url && process.env['CI'] === 'true') throw dealerError(TestDatabaseRequired);
  return url || undefined;
}

/**
 * A test file's PostgreSQL: TEST_DATABASE_URL, or undefined with a `missing:` line naming what the
 * file tests on it (its suites skip). Under CI=true its absence is `error`, which the file's first
 * test throws (`requirePostgres`), so a CI run without the server fails instead of skipping.
 */
export function postgresForFile(file: string, what: string): { url: string | undefined; error: Error | undefined } {
  try {
    const url = testDatabaseUrl();
    if (!url) console.log(`missing: PostgreSQL (TEST_DATABASE_URL): ${file} ${what}; skipped`);
    return { url, error: undefined };
  } catch (err) {
    return { url: undefined, error: err as Error };
  }
}

/** The first test of a file on PostgreSQL: fails under CI=true without it. */
export function requirePostgres(pg: { error: Error | undefined }): void {
  it('has TEST_DATABASE_URL when CI=true', () => {
    if (pg.error) throw pg.error;
  });
}

/** A migrated throwaway schema in TEST_DATABASE_URL, dropped on close. */
export async function testPostgres(url: string): Promise<Db> {
  const schema = `t_${sha256(`${process.pid}-${Math.random()}`).slice(0, 12)}`;
  const admin = await openPostgres({ connectionString: url, max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const db = await openPostgres({ connectionString: url, schema, max: 8 });
  await migrate(db);
  const close = db.close.bind(db);
  return Object.assign(db, {
    close: async () => {
      await close();
      const cleanup = await openPostgres({ connectionString: url, max: 1 });
      await cleanup.exec(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.close();
    },
  });
}

const TABLES = [
  'outbox',
  'alerts',
  'local_mail',
  'sms_outbox',
  'watchlist',
  'sessions',
  'auth_codes',
  'users',
  'car_views',
  'phone_reveals',
  'valuations',
  'rate_limits',
  'leads',
];

/** Empties every table (DELETE is much faster than TRUNCATE on tiny tables in PGlite). */
export async function resetDb(db: Db): Promise<void> {
  await db.exec(TABLES.map((t) => `DELETE FROM ${t};`).join('\n'));
}
