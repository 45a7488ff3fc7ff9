import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './index.ts';

/** Every path under dir with its permission bits. */
function modes(dir: string): { path: string; dir: boolean; mode: number }[] {
  const out: { path: string; dir: boolean; mode: number }[] = [];
  const walk = (p: string) => {
    const s = statSync(p);
    out.push({ path: p, dir: s.isDirectory(), mode: s.mode & 0o777 });
    if (s.isDirectory()) for (const e of readdirSync(p)) walk(join(p, e));
  };
  walk(dir);
  return out;
}

describe('the embedded database is private to its owner', () => {
  const parent = mkdtempSync(join(tmpdir(), 'pglite-perms-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('creates the data folder 0700 and every file 0600, even under a permissive umask', { timeout: 150_000 }, async () => {
    const dir = join(parent, '.data', 'alpha');
    // The attack report saw files created 0666: a umask of 0 shows the worst case.
    const before = process.umask(0);
    let db;
    try {
      db = await openDb({ dataDir: dir });
    } finally {
      process.umask(before);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    await db.query("INSERT INTO rate_limits (bucket, window_start, hits) VALUES ('x', now(), 1)");
    await db.close();
    const all = modes(dir);
    expect(all.length).toBeGreaterThan(10);
    expect(all.filter((m) => m.dir && m.mode !== 0o700).map((m) => m.path)).toEqual([]);
    expect(all.filter((m) => !m.dir && m.mode !== 0o600).map((m) => m.path)).toEqual([]);
  });

  it('tightens a folder an older version left open when it opens it again', { timeout: 150_000 }, async () => {
    const dir = join(parent, '.data', 'alpha');
    chmodSync(dir, 0o777);
    chmodSync(join(dir, 'pglite'), 0o755);
    const db = await openDb({ dataDir: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'pglite')).mode & 0o777).toBe(0o700);
    await db.close();
  });
});
