import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dealerError } from '../../src/lib/errors/errors-data.ts';
import { MigrationFailed } from '../errors.ts';
import type { Db } from './types.ts';

/** functions/migrations, or FUNCTIONS_MIGRATIONS_DIR where a bundler moved this file. */
export function defaultMigrationsDir(): string {
  return process.env['FUNCTIONS_MIGRATIONS_DIR'] ?? fileURLToPath(new URL('../migrations/', import.meta.url));
}

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir = defaultMigrationsDir()): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
}

/**
 * Applies pending migrations in one transaction under an advisory lock, so several instances
 * starting at once (serverless cold starts) apply each file exactly once. Returns the names applied.
 */
export async function migrate(db: Db, migrations: Migration[] = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('dealer-sites functions migrations'))");
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      try {
        await tx.exec(m.sql);
      } catch (err) {
        throw dealerError(MigrationFailed, m.name, (err as Error).message);
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}
