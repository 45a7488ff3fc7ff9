/** The small SQL surface the functions use, implemented by PGlite and by node-postgres. */
export interface QueryResult<T> {
  rows: T[];
  /** Rows inserted, updated, deleted or returned. */
  rowCount: number;
}

export interface Queryable {
  /** One statement with $1-style parameters. Pass JSON as a string and cast it (`$1::jsonb`). */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** A human description without secrets ("PGlite at .data/pglite", "PostgreSQL 127.0.0.1:5432/x"). */
  readonly description: string;
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Postgres returns timestamptz as Date; accept strings too so callers never care. */
export function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

export function toIso(value: unknown): string | null {
  return value === null || value === undefined ? null : toDate(value).toISOString();
}
