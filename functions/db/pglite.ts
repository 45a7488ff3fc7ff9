import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { dealerError } from '../../src/lib/errors/errors-data.ts';
import { DatabaseInUse } from '../errors.ts';
import type { Db, Queryable, QueryResult } from './types.ts';

function wrap(q: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite allows one process per data folder. A lock file next to the data holds the owner's pid;
 * a lock left by a dead process (a crash, kill -9) is taken over.
 */
const lockedHere = new Set<string>();

function takeLock(dir: string): string {
  const file = join(dir, '.functions.lock');
  if (lockedHere.has(file)) throw dealerError(DatabaseInUse, dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      lockedHere.add(file);
      return file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && pidAlive(pid)) {
        throw dealerError(DatabaseInUse, dir, pid);
      }
      rmSync(file, { force: true });
    }
  }
  throw dealerError(DatabaseInUse, dir, -1);
}

/**
 * The database holds leads (personal data) and sessions: only the owner may read or change it. The
 * folder is 0700 and every file 0600, at open and at close (PGlite creates its files with the
 * process umask; the 0700 folder already keeps other users out of files created in between).
 */
export function restrictPermissions(dir: string): void {
  if (!existsSync(dir)) return;
  const walk = (path: string, depth: number) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
      if (depth < 32) for (const entry of readdirSync(path)) walk(join(path, entry), depth + 1);
    } else if ((stat.mode & 0o777) !== 0o600) chmodSync(path, 0o600);
  };
  walk(dir, 0);
}

export interface PgliteOptions {
  /** Folder for the database files; omit for an in-memory database. */
  dataDir?: string | undefined;
}

export async function openPglite(options: PgliteOptions = {}): Promise<Db> {
  let lockFile: string | undefined;
  let dataRoot: string | undefined;
  let pg: PGlite;
  let description: string;
  if (options.dataDir) {
    const root = resolve(options.dataDir);
    dataRoot = root;
    mkdirSync(root, { recursive: true, mode: 0o700 });
    restrictPermissions(root);
    lockFile = takeLock(root);
    const dataDir = join(root, 'pglite');
    description = `PGlite at ${dataDir}`;
    try {
      pg = await PGlite.create(dataDir);
      restrictPermissions(root);
    } catch (err) {
      rmSync(lockFile, { force: true });
      lockedHere.delete(lockFile);
      throw err;
    }
  } else {
    description = 'PGlite in memory';
    pg = await PGlite.create();
  }
  const base = wrap(pg);
  let closed = false;
  return {
    kind: 'pglite',
    description,
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
      if (dataRoot) restrictPermissions(dataRoot);
      if (lockFile) {
        lockedHere.delete(lockFile);
        if (existsSync(lockFile)) rmSync(lockFile, { force: true });
      }
    },
  };
}
