import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

export type { Db, Queryable, QueryResult } from './types.ts';
export { migrate } from './migrate.ts';

export interface OpenDbOptions {
  /** PostgreSQL URL; when set it wins over dataDir. */
  databaseUrl?: string | undefined;
  /** PGlite data folder (default `.data`); ignored when databaseUrl is set. */
  dataDir?: string | undefined;
  /** In-memory PGlite (tests). */
  memory?: boolean | undefined;
  poolSize?: number | undefined;
  /** Apply pending migrations (default true). */
  migrate?: boolean | undefined;
}

/** DATABASE_URL -> PostgreSQL, else PGlite on disk under the data folder; migrated. */
export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  const db = options.databaseUrl
    ? await openPostgres({ connectionString: options.databaseUrl, max: options.poolSize })
    : await openPglite({ dataDir: options.memory ? undefined : (options.dataDir ?? '.data') });
  if (options.migrate !== false) {
    try {
      await migrate(db);
    } catch (err) {
      await db.close();
      throw err;
    }
  }
  return db;
}
