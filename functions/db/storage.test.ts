/**
 * Storage-level tests, run against PGlite on disk and against a real PostgreSQL server
 * (TEST_DATABASE_URL; skipped when unset, except with CI=true where its absence fails).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localEmail } from '../adapters/local.ts';
import { FakeClock } from '../lib/clock.ts';
import { hit } from '../lib/rate-limit.ts';
import { deliverDue, drain, requeue } from '../lib/outbox.ts';
import { buildApp } from '../test/harness.ts';
import { postgresForFile, requirePostgres, resetDb, testPglite, testPostgres } from '../test/db.ts';
import { migrate, type Db } from './index.ts';

const pg = postgresForFile('functions/db/storage.test.ts', 'runs the storage tests on it');
const url = pg.url;
requirePostgres(pg);

const stores: [string, () => Promise<Db>, boolean][] = [
  ['PGlite on disk', () => testPglite({ onDisk: true }), true],
  ['PostgreSQL (TEST_DATABASE_URL)', () => testPostgres(url as string), url !== undefined],
];

const enquiry = (extra: Record<string, unknown> = {}) => ({
  category: 'Vehicle Enquiry',
  name: 'Jess',
  email: 'jess@example.com',
  phone: '0412345678',
  car_id: 'a-hilux',
  ...extra,
});

for (const [label, open, enabled] of stores) {
  describe.skipIf(!enabled)(`storage on ${label}`, () => {
    let db: Db;
    let clock: FakeClock;
    let t: ReturnType<typeof buildApp>;
    const post = (path: string, body: unknown, headers: Record<string, string> = {}, ip = '203.0.113.5') =>
      t.app.request(
        `http://localhost${path}`,
        { method: 'POST', headers: { origin: 'https://alpha.example.com.au', 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
        { ip },
      );

    beforeAll(async () => {
      db = await open();
    });
    afterAll(async () => {
      await db?.close();
    });
    beforeEach(async () => {
      await resetDb(db);
      clock = new FakeClock('2026-11-22T01:00:00Z');
      t = buildApp(db, clock, { rateLimitScale: 100 });
    });

    it('applies migrations once', async () => {
      expect(await migrate(db)).toEqual([]);
      const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(rows.map((r) => r.name)).toContain('001_init.sql');
    });

    it('returns timestamps as Date, jsonb as objects and int counts as numbers', async () => {
      const res = await post('/api/leads', enquiry());
      const { lead_id } = (await res.json()) as { lead_id: string };
      const { rows } = await db.query<{ created_at: unknown; payload: unknown; n: unknown }>(
        'SELECT created_at, payload, (SELECT count(*)::int FROM outbox) AS n FROM leads WHERE id = $1',
        [lead_id],
      );
      expect(rows[0]?.created_at).toBeInstanceOf(Date);
      expect((rows[0]?.created_at as Date).toISOString()).toBe('2026-11-22T01:00:00.000Z');
      expect(rows[0]?.payload).toMatchObject({ category: 'Vehicle Enquiry' });
      expect(rows[0]?.n).toBe(2);
    });

    it('rolls a failed transaction back completely', async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO leads (id, tenant, created_at, category, request_hash, payload) VALUES ('x1', 'alpha', $1, 'c', 'h', '{}'::jsonb)", [
            clock.now(),
          ]);
          await tx.query(
            "INSERT INTO outbox (id, tenant, lead_id, channel, target, next_attempt_at, created_at, updated_at) VALUES ('o1', 'alpha', 'x1', 'fax', 't', $1, $1, $1)",
            [clock.now()],
          );
        }),
      ).rejects.toThrow();
      expect((await db.query('SELECT 1 FROM leads')).rows).toHaveLength(0);
    });

    it('stores a lead with its outbox rows and delivers each exactly once', async () => {
      const res = await post('/api/leads', enquiry());
      expect(res.status).toBe(201);
      const report = await drain({ ...t.app.deps });
      expect(report).toMatchObject({ delivered: 2, retried: 0, dead: 0 });
      expect(await drain({ ...t.app.deps })).toMatchObject({ claimed: 0 });
      expect(t.webhooks).toHaveLength(1);
      const mail = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM local_mail');
      expect(mail.rows[0]?.n).toBe(1);
    });

    it('concurrent retries with one Idempotency-Key store one lead and all get its id', async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, () => post('/api/leads', enquiry(), { 'idempotency-key': 'same-key' })));
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
      const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as { lead_id: string }).lead_id)));
      expect(ids.size).toBe(1);
      const { rows } = await db.query<{ leads: number; outbox: number }>(
        'SELECT (SELECT count(*)::int FROM leads) AS leads, (SELECT count(*)::int FROM outbox) AS outbox',
      );
      expect(rows[0]).toEqual({ leads: 1, outbox: 2 });
    });

    it('stores concurrent different leads, none lost', async () => {
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post('/api/leads', enquiry({ message: `m${i}` }), {}, `198.51.100.${i}`)));
      expect(answers.every((r) => r.status === 201)).toBe(true);
      const { rows } = await db.query<{ n: number }>('SELECT count(DISTINCT id)::int AS n FROM leads');
      expect(rows[0]?.n).toBe(30);
    });

    it('claims outbox rows exclusively when workers run at once', async () => {
      await Promise.all(Array.from({ length: 10 }, (_, i) => post('/api/leads', enquiry({ message: `w${i}` }), {}, `192.0.2.${i}`)));
      const deps = { ...t.app.deps };
      const reports = await Promise.all([deliverDue(deps, { limit: 7 }), deliverDue(deps, { limit: 7 }), deliverDue(deps, { limit: 7 })]);
      const delivered = reports.reduce((n, r) => n + r.delivered, 0);
      await drain(deps);
      expect(delivered).toBeLessThanOrEqual(20);
      expect(t.webhooks).toHaveLength(10);
      expect(new Set(t.webhooks.map((w) => w.headers['idempotency-key'])).size).toBe(10);
      const { rows } = await db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM outbox GROUP BY status');
      expect(rows).toEqual([{ status: 'delivered', n: 20 }]);
    });

    it('retries with exponential backoff, dead-letters after the limit, and requeues for staff', async () => {
      await post('/api/leads', enquiry());
      t.failWebhooks(100);
      const deps = { ...t.app.deps };
      await deliverDue(deps); // email delivered, webhook attempt 1 fails
      const state = async () =>
        (
          await db.query<{ status: string; attempts: number; next_attempt_at: Date; last_error: string }>(
            "SELECT status, attempts, next_attempt_at, last_error FROM outbox WHERE channel = 'webhook'",
          )
        ).rows[0]!;
      let s = await state();
      expect(s).toMatchObject({ status: 'pending', attempts: 1, last_error: 'HTTP 503 from the webhook' });
      expect(s.next_attempt_at.getTime() - clock.now().getTime()).toBe(30_000);
      expect((await deliverDue(deps)).claimed).toBe(0); // not due yet
      const delays = [30];
      for (let attempt = 2; attempt <= 8; attempt++) {
        clock.advance(delays[delays.length - 1]!);
        const r = await deliverDue(deps);
        expect(r.claimed).toBe(1);
        s = await state();
        if (attempt < 8) {
          const delay = (s.next_attempt_at.getTime() - clock.now().getTime()) / 1000;
          expect(delay).toBe(Math.min(3600, 30 * 2 ** (attempt - 1)));
          delays.push(delay);
        }
      }
      expect(s).toMatchObject({ status: 'dead', attempts: 8 });
      clock.advance(86400);
      expect((await deliverDue(deps)).claimed).toBe(0);
      t.failWebhooks(0);
      expect(await requeue(db, clock.now(), { deadOfTenant: 'alpha' })).toBe(1);
      expect(await drain(deps)).toMatchObject({ delivered: 1 });
      expect((await state()).status).toBe('delivered');
    });

    it('picks up a row left "sending" by a crashed worker once its claim expires', async () => {
      await post('/api/leads', enquiry());
      await db.query("UPDATE outbox SET status = 'sending', attempts = 1, locked_until = $1", [new Date(clock.now().getTime() + 120_000)]);
      const deps = { ...t.app.deps };
      expect((await deliverDue(deps)).claimed).toBe(0);
      clock.advance(121);
      expect(await deliverDue(deps)).toMatchObject({ claimed: 2, delivered: 2 });
    });

    it('a worker stopping mid-batch finishes the message it is sending and puts the rest back, due now, attempt not counted', async () => {
      await Promise.all(Array.from({ length: 3 }, (_, i) => post('/api/leads', enquiry({ message: `s${i}` }), {}, `192.0.2.${20 + i}`)));
      const deps = { ...t.app.deps };
      // Asked before each message: the stop comes after two were sent.
      let asked = 0;
      expect(await deliverDue(deps, { stopping: () => asked++ >= 2 })).toEqual({ claimed: 6, delivered: 2, retried: 0, dead: 0 });
      const { rows } = await db.query<{ status: string; attempts: number; next_attempt_at: Date; locked_until: Date | null }>(
        "SELECT status, attempts, next_attempt_at, locked_until FROM outbox WHERE status <> 'delivered'",
      );
      expect(rows).toHaveLength(4);
      for (const r of rows) expect(r).toEqual({ status: 'pending', attempts: 0, next_attempt_at: clock.now(), locked_until: null });
      // Due now: the next run sends them at once, with no claim to wait out.
      expect(await drain(deps)).toEqual({ claimed: 4, delivered: 4, retried: 0, dead: 0 });
    });

    it('counts rate-limit hits atomically under concurrency', async () => {
      const rule = { limit: 15, windowSec: 60 };
      const decisions = await Promise.all(Array.from({ length: 20 }, () => hit(db, 'test:bucket', rule, clock.now())));
      expect(decisions.map((d) => d.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(decisions.filter((d) => d.ok)).toHaveLength(15);
      clock.advance(60);
      expect((await hit(db, 'test:bucket', rule, clock.now())).hits).toBe(1);
    });

    it('signs in with a code once, even when verified concurrently', async () => {
      await post('/api/auth/code', { phone: '0412345678' });
      const { rows } = await db.query<{ body: string }>('SELECT body FROM sms_outbox');
      const code = rows[0]!.body.slice(0, 6);
      const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/auth/verify', { phone: '0412345678', code })));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      const sessions = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
      expect(sessions.rows[0]?.n).toBe(1);
    });

    it('keeps the local mailbox and SMS outbox readable by staff tools', async () => {
      await localEmail(db, clock).send({
        tenant: 'alpha',
        outboxId: 'o',
        messageId: '<lead-l.o@b.c>',
        from: 'a@b.c',
        to: 'd@e.f',
        subject: 's',
        text: 't',
        attachments: [{ filename: 'x.xml', contentType: 'text/xml', content: '<x/>' }],
      });
      const { rows } = await db.query<{ attachments: { filename: string }[] }>('SELECT attachments FROM local_mail');
      expect(rows[0]?.attachments[0]?.filename).toBe('x.xml');
    });
  });
}
