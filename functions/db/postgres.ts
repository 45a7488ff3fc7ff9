import pg from 'pg';
import type { Db, Queryable, QueryResult } from './types.ts';

export interface PostgresOptions {
  connectionString: string;
  /** Pool size; keep it small on serverless hosts (each instance has its own pool). */
  max?: number | undefined;
  /** Schema to use (tests isolate themselves in a throwaway schema). */
  schema?: string | undefined;
}

/**
 * How the functions' connections are named in pg_stat_activity (and a pooler's SHOW CLIENTS), so an
 * operator can count them; an `application_name` in DATABASE_URL wins.
 */
export const APPLICATION_NAME = 'dealer-functions';

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await client.query(sql, params as unknown[]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** Host, port and database of a URL, never its password. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'PostgreSQL (unparseable DATABASE_URL)';
  }
}

export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: APPLICATION_NAME,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (err) => console.error(`[functions] PostgreSQL pool error: ${err.message}`));
  await pool.query('SELECT 1');
  const base = wrap(pool);
  let closed = false;
  return {
    kind: 'postgres',
    description: describeUrl(options.connectionString),
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
