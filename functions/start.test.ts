/**
 * `npm run functions:start`, the production entry (functions/start.ts), run as a child process the way
 * the npm script runs it (node scripts/run.mjs functions/start.ts) against PostgreSQL
 * (TEST_DATABASE_URL, a throwaway schema; skipped with a `missing:` line when unset, failing with
 * CI=true). Lead e-mails go to a Postmark stand-in and webhooks to a receiver on 127.0.0.1, both slow,
 * so the outbox is busy when the signal comes.
 *
 * - 200 lead submissions, 10 at a time, SIGTERM after the 60th answer: every request got a complete
 *   answer or was never accepted (refused, or its connection closed before any answer, and then
 *   nothing of it is stored); every 201's lead is in PostgreSQL with its outbox rows, none left
 *   "sending"; /healthz said 200 before and 503 during the drain; one JSON line per request; exit 0.
 * - The deadline: a delivery that never finishes is cut at SHUTDOWN_DEADLINE_MS, exit 1 naming it,
 *   and the message stays in PostgreSQL for the next run.
 * - A missing or short secret: exit 1 before anything starts, one line naming each variable.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './db/postgres.ts';
import type { Db } from './db/index.ts';
import { sha256 } from './lib/crypto.ts';
import { makeDist } from './test/dist.ts';
import { postgresForFile, requirePostgres } from './test/db.ts';
import { startEntry } from './test/entry.ts';

const root = resolve(import.meta.dirname, '..');
const SECRET = 'start-test-secret-start-test-secret-0123';
/** The Postmark and webhook stand-ins take this long per message, so the outbox lags behind the load. */
const STUB_DELAY_MS = 100;

const pg = postgresForFile('functions/start.test.ts', 'runs the production entry against it');
const url = pg.url;
requirePostgres(pg);

/** Runs the entry to its exit without starting a server (the refusals). */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((r) => {
    const child = spawn(process.execPath, ['scripts/run.mjs', 'functions/start.ts', '--port', '0'], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => r({ code, stdout, stderr }));
  });
}

describe('functions:start refuses to start without its production settings', () => {
  const good = {
    DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    FUNCTIONS_SECRET: SECRET,
    POSTMARK_SERVER_TOKEN: 'token',
    LEADS_FROM_EMAIL: 'leads@dealer-sites.example',
  };

  it('exits 1 naming a missing FUNCTIONS_SECRET and what it is for, and nothing else', { timeout: 60_000 }, async () => {
    const { FUNCTIONS_SECRET: _, ...env } = good;
    const r = await runToExit(env);
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual([expect.stringMatching(/^functions:start: FUNCTIONS_SECRET is not set: the HMAC key of sign-in codes/)]);
    expect(r.stdout).toBe('');
  });

  it('names every missing or unusable variable, one line each', { timeout: 60_000 }, async () => {
    const r = await runToExit({ FUNCTIONS_SECRET: 'too-short', DATABASE_URL: 'mysql://x' });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines.map((l) => /^functions:start: (\w+)/.exec(l)?.[1])).toEqual(['DATABASE_URL', 'FUNCTIONS_SECRET', 'POSTMARK_SERVER_TOKEN', 'LEADS_FROM_EMAIL']);
    expect(lines[1]).toContain('must be at least 32 characters (it has 9)');
    expect(r.stderr).not.toContain('too-short'); // never echo a secret
  });
});

describe.skipIf(!url)('functions:start on PostgreSQL', () => {
  const schema = `t_start_${sha256(`${process.pid}-${Math.random()}`).slice(0, 10)}`;
  let db: Db;
  let dist: string;
  let stub: Server;
  let stubUrl: string;
  /** Outbox ids the stand-ins answered 200 for, per channel. */
  const sent: { email: string[]; webhook: string[] } = { email: [], webhook: [] };
  let hang = false;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    const admin = await openPostgres({ connectionString: url as string, max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
    db = await openPostgres({ connectionString: url as string, schema, max: 2 });
    stub = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (hang) return; // a provider that never answers
        setTimeout(() => {
          if (req.url === '/email') {
            const m = JSON.parse(body) as { Headers: { Name: string; Value: string }[] };
            sent.email.push(m.Headers.find((h) => h.Name === 'X-Outbox-Id')?.Value ?? '?');
            res.writeHead(200, { 'content-type': 'application/json' }).end('{"ErrorCode":0,"Message":"OK"}');
          } else {
            sent.webhook.push(String(req.headers['idempotency-key']));
            res.writeHead(204).end();
          }
        }, STUB_DELAY_MS);
      });
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', () => r()));
    stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    dist = makeDist('host', { leads: { email: 'leads@host.example.com.au', webhook_url: `${stubUrl}/hook` } });
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    stub.closeAllConnections();
    await new Promise<void>((r) => stub.close(() => r()));
    await db?.close();
    const admin = await openPostgres({ connectionString: url as string, max: 1 });
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const envFor = (extra: Record<string, string> = {}) => ({
    // The schema is this test's own (libpq's options parameter; node-postgres reads it from the URL).
    DATABASE_URL: `${url as string}${(url as string).includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    FUNCTIONS_SECRET: SECRET,
    POSTMARK_SERVER_TOKEN: 'test-token',
    POSTMARK_API_URL: `${stubUrl}/email`,
    LEADS_FROM_EMAIL: 'leads@dealer-sites.example',
    DEV_ALLOW_LOOPBACK: '1',
    // One client sends everything: each request comes "through a proxy" from its own address.
    TRUST_PROXY: '1',
    ...extra,
  });

  const lead = (port: number, i: number, key: string) =>
    fetch(`http://127.0.0.1:${port}/api/leads`, {
      method: 'POST',
      headers: {
        origin: 'https://host.example.com.au',
        'content-type': 'application/json',
        'idempotency-key': key,
        'x-forwarded-for': `2001:db8:${i.toString(16)}::1`,
        'x-request-id': `req-${i}`,
      },
      body: JSON.stringify({ category: 'Vehicle Enquiry', name: `Shopper ${i}`, email: `s${i}@example.com`, car_id: 'car-1' }),
      signal: AbortSignal.timeout(20_000),
    });

  it(
    'drains under load on SIGTERM: every request answered whole or never accepted, every 201 stored, 503 while draining, exit 0',
    { timeout: 180_000 },
    async () => {
      const run = `load-${Date.now()}`;
      const entry = await startEntry(envFor({ SHUTDOWN_DELAY_MS: '600', SHUTDOWN_DEADLINE_MS: '20000' }), ['--dist', dist]);
      children.push(entry.child);
      const base = `http://127.0.0.1:${entry.port}`;

      const before = await fetch(`${base}/healthz?token=do-not-log-me`);
      expect(before.status).toBe(200);
      expect(await before.json()).toEqual({ ok: true, db: true });

      type Outcome =
        | { i: number; key: string; kind: 'answered'; status: number; leadId?: string }
        | { i: number; key: string; kind: 'not-accepted'; code: string }
        | { i: number; key: string; kind: 'cut'; code: string };
      const outcomes: Outcome[] = [];
      const health: { afterSignal: boolean; status: number | string }[] = [];
      let signalled = false;
      let answered = 0;
      let next = 0;
      const TOTAL = 200;
      const SIGNAL_AFTER = 60;

      const errCode = (err: unknown) => {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        return cause?.code ?? cause?.message ?? (err as Error).message;
      };
      const worker = async () => {
        while (next < TOTAL) {
          const i = next++;
          const key = `${run}-${i}`;
          let res: Response;
          try {
            res = await lead(entry.port, i, key);
          } catch (err) {
            outcomes.push({ i, key, kind: 'not-accepted', code: errCode(err) });
            await new Promise((r) => setTimeout(r, 100));
            continue;
          }
          try {
            // The whole answer, or it was cut mid-answer.
            const body = (await res.json()) as { lead_id?: string };
            outcomes.push({ i, key, kind: 'answered', status: res.status, ...(body.lead_id ? { leadId: body.lead_id } : {}) });
          } catch (err) {
            outcomes.push({ i, key, kind: 'cut', code: errCode(err) });
          }
          if (++answered === SIGNAL_AFTER && !signalled) {
            signalled = true;
            entry.child.kill('SIGTERM');
          }
          // Paced (about 70 a second in all), so the load outlasts the shutdown's first phase.
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      const poller = (async () => {
        while (entry.child.exitCode === null) {
          const afterSignal = signalled;
          try {
            const r = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) });
            health.push({ afterSignal, status: r.status });
            await r.arrayBuffer();
          } catch (err) {
            health.push({ afterSignal, status: errCode(err) });
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const started = Date.now();
      await Promise.all(Array.from({ length: 10 }, worker));
      const code = await entry.exit;
      await poller;
      const log = `${entry.lines.join('\n')}\n${entry.stderr()}`;
      expect(Date.now() - started, 'bounded in time').toBeLessThan(60_000);
      expect(code, log).toBe(0);

      // Every request: a complete answer, or never accepted. None cut mid-answer.
      expect(outcomes).toHaveLength(TOTAL);
      expect(outcomes.filter((o) => o.kind === 'cut')).toEqual([]);
      const answeredOk = outcomes.filter((o): o is Extract<Outcome, { kind: 'answered' }> => o.kind === 'answered');
      const refused = outcomes.filter((o): o is Extract<Outcome, { kind: 'not-accepted' }> => o.kind === 'not-accepted');
      expect(answeredOk.every((o) => o.status === 201 && o.leadId)).toBe(true);
      expect(answeredOk.length).toBeGreaterThanOrEqual(SIGNAL_AFTER);
      expect(refused.length, 'the listener closed while the load went on').toBeGreaterThan(0);
      // A request never accepted stored nothing (its idempotency key is nowhere); every 201's lead is stored.
      const { rows: stored } = await db.query<{ id: string; idempotency_key: string }>('SELECT id, idempotency_key FROM leads WHERE idempotency_key LIKE $1', [
        `${run}-%`,
      ]);
      const storedKeys = new Set(stored.map((r) => r.idempotency_key));
      expect(refused.filter((o) => storedKeys.has(o.key))).toEqual([]);
      const storedIds = new Set(stored.map((r) => r.id));
      expect(answeredOk.filter((o) => !storedIds.has(o.leadId as string))).toEqual([]);
      expect(stored).toHaveLength(answeredOk.length);

      // The outbox: each stored lead has its e-mail and webhook rows, delivered or queued, none stuck "sending";
      // what the stand-ins received is exactly what is marked delivered.
      const { rows: outbox } = await db.query<{ id: string; channel: string; status: string }>(
        'SELECT o.id, o.channel, o.status FROM outbox o JOIN leads l ON l.id = o.lead_id WHERE l.idempotency_key LIKE $1',
        [`${run}-%`],
      );
      expect(outbox).toHaveLength(answeredOk.length * 2);
      expect(
        outbox.filter((o) => o.status !== 'delivered' && o.status !== 'pending'),
        log,
      ).toEqual([]);
      const delivered = outbox.filter((o) => o.status === 'delivered');
      expect(new Set(delivered.map((o) => o.id))).toEqual(new Set([...sent.email, ...sent.webhook]));

      // /healthz: 200 before the signal, 503 while draining, then the listener is gone.
      expect(health.filter((h) => !h.afterSignal).every((h) => h.status === 200)).toBe(true);
      const after = health.filter((h) => h.afterSignal).map((h) => h.status);
      expect(after, log).toContain(503);
      expect(after.filter((s) => s !== 503 && s !== 200 && typeof s === 'number')).toEqual([]);

      // Structured logs: every stdout line is JSON; one per request with its id, path without the query.
      const events = entry.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const requests = events.filter((e) => e['event'] === 'request');
      expect(requests.filter((e) => e['path'] === '/api/leads')).toHaveLength(answeredOk.length);
      expect(requests.find((e) => e['id'] === 'req-0')).toMatchObject({ method: 'POST', path: '/api/leads', status: 201, ms: expect.any(Number) });
      expect(requests.find((e) => e['path'] === '/healthz')).toBeDefined();
      expect(log).not.toContain('do-not-log-me');
      expect(events.map((e) => e['event'])).toEqual(
        expect.arrayContaining(['listening', 'signal', 'shutdown_started', 'shutdown_connections_closed', 'shutdown_complete', 'exit']),
      );
      expect(events.at(-1)).toMatchObject({ event: 'exit', code: 0, cut: [] });
      console.log(
        `start.test: ${answeredOk.length} answered 201 (all stored), ${refused.length} never accepted (${[...new Set(refused.map((r) => r.code))].join(', ')}), ` +
          `outbox ${delivered.length} delivered / ${outbox.length - delivered.length} left queued, /healthz after the signal: ${after.join(' ')}`,
      );
    },
  );

  it('cuts a delivery that outlives SHUTDOWN_DEADLINE_MS: exit 1 naming it, the message kept for the next run', { timeout: 180_000 }, async () => {
    hang = true;
    const entry = await startEntry(envFor({ SHUTDOWN_DELAY_MS: '0', SHUTDOWN_DEADLINE_MS: '1500' }), ['--dist', dist]);
    children.push(entry.child);
    const res = await lead(entry.port, 9999, `deadline-${Date.now()}`);
    expect(res.status).toBe(201);
    const { lead_id } = (await res.json()) as { lead_id: string };
    // The worker is now waiting on the provider that never answers.
    await new Promise((r) => setTimeout(r, 500));
    entry.child.kill('SIGTERM');
    const code = await entry.exit;
    hang = false;
    const events = entry.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(code, entry.lines.join('\n')).toBe(1);
    const exit = events.at(-1) as { event: string; code: number; cut: string[] };
    expect(exit).toMatchObject({ event: 'exit', code: 1 });
    expect(exit.cut.join(' ')).toMatch(/an outbox delivery in progress .*sent again/);
    const { rows } = await db.query<{ status: string }>('SELECT status FROM outbox WHERE lead_id = $1', [lead_id]);
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.status === 'sending' || r.status === 'pending')).toBe(true);
  });
});
