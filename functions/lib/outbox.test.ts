/**
 * Alerts about the nightly fleet build, delivered through the lead outbox: queued once per id, sent
 * by the local mailbox and a real webhook receiver on 127.0.0.1 (through the outbound guard), retried
 * and dead-lettered like a lead's message. Run against PGlite on disk and, with TEST_DATABASE_URL,
 * against PostgreSQL (storage.test.ts says when that is required).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guardedWebhook, localEmail, localSms } from '../adapters/local.ts';
import type { Db } from '../db/index.ts';
import { resolveOptions } from '../options.ts';
import { formatLocalMail, listLocalMail, listOutbox, outboxAbout } from '../staff.ts';
import { resetDb, testDatabaseUrl, testPglite, testPostgres } from '../test/db.ts';
import { buildApp, SECRET } from '../test/harness.ts';
import { FakeClock } from './clock.ts';
import { hmac } from './crypto.ts';
import { deliverDue, drain, enqueueAlert, requeue, type AlertMessage, type DeliveryDeps } from './outbox.ts';

let url: string | undefined;
try {
  url = testDatabaseUrl();
} catch {
  url = undefined; // storage.test.ts fails the run for a missing TEST_DATABASE_URL in CI
}

const stores: [string, () => Promise<Db>, boolean][] = [
  ['PGlite on disk', () => testPglite({ onDisk: true }), true],
  ['PostgreSQL (TEST_DATABASE_URL)', () => testPostgres(url as string), url !== undefined],
];

const WEBHOOK_SECRET = 'webhook-secret-for-alerts';
const OPS_EMAIL = 'ops@dealer-sites.example';

interface Received {
  method: string | undefined;
  path: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

const held = (extra: Partial<AlertMessage> = {}): AlertMessage => ({
  id: '2026-11-26:demo-x:held',
  tenant: 'demo-x',
  kind: 'held',
  subject: "Demo X's stock was not published tonight (held)",
  text: "Demo X's stock was not published tonight: the export lists 12 cars, the site 140.\nHeld since 2026-11-26. Check the export, or publish with --accept demo-x.",
  payload: { reason: 'fewer-cars', cars: { export: 12, published: 140 }, since: '2026-11-26', nights: 1 },
  ...extra,
});

for (const [label, open, enabled] of stores) {
  describe.skipIf(!enabled)(`alerts through the outbox on ${label}`, () => {
    let db: Db;
    let clock: FakeClock;
    let deps: DeliveryDeps;
    let receiver: Server;
    let hook: string;
    const received: Received[] = [];
    let failing = 0;

    beforeAll(async () => {
      db = await open();
      receiver = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          received.push({ method: req.method, path: req.url, headers: req.headers, body });
          if (failing > 0) {
            failing--;
            res.writeHead(503).end('busy');
          } else res.writeHead(204).end();
        });
      });
      await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
      hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/fleet`;
    });
    afterAll(async () => {
      await new Promise<void>((r) => receiver?.close(() => r()));
      await db?.close();
    });
    beforeEach(async () => {
      await resetDb(db);
      received.length = 0;
      failing = 0;
      clock = new FakeClock('2026-11-26T19:30:00Z');
      deps = {
        db,
        clock,
        adapters: { email: localEmail(db, clock), webhook: guardedWebhook({ allowLoopback: true }), sms: localSms(db, clock) },
        options: resolveOptions({ secret: SECRET, outbox: { fromEmail: 'alerts@dealer-sites.example', webhookSecret: WEBHOOK_SECRET } }),
      };
    });

    const targets = () => [
      { channel: 'email' as const, target: OPS_EMAIL },
      { channel: 'webhook' as const, target: hook },
    ];
    const outboxRows = async () =>
      (
        await db.query<{ id: string; tenant: string; lead_id: string | null; alert_id: string | null; channel: string; status: string; attempts: number }>(
          'SELECT id, tenant, lead_id, alert_id, channel, status, attempts FROM outbox ORDER BY channel',
        )
      ).rows;

    it('applies 003_alerts.sql', async () => {
      const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(rows.map((r) => r.name)).toContain('003_alerts.sql');
    });

    it('queues an alert to an e-mail and a webhook, and delivers both', async () => {
      const alert = held();
      expect(await enqueueAlert(db, alert, targets(), clock.now())).toBe(2);
      const stored = await db.query<{ tenant: string; kind: string; created_at: Date; subject: string; text_body: string; payload: unknown }>(
        'SELECT tenant, kind, created_at, subject, text_body, payload FROM alerts WHERE id = $1',
        [alert.id],
      );
      expect(stored.rows[0]).toEqual({
        tenant: 'demo-x',
        kind: 'held',
        created_at: new Date('2026-11-26T19:30:00Z'),
        subject: alert.subject,
        text_body: alert.text,
        payload: alert.payload,
      });
      const queued = await outboxRows();
      expect(queued).toMatchObject([
        { tenant: 'demo-x', lead_id: null, alert_id: alert.id, channel: 'email', status: 'pending', attempts: 0 },
        { tenant: 'demo-x', lead_id: null, alert_id: alert.id, channel: 'webhook', status: 'pending', attempts: 0 },
      ]);

      clock.advance(5);
      expect(await drain(deps)).toEqual({ claimed: 2, delivered: 2, retried: 0, dead: 0 });
      expect(await drain(deps)).toMatchObject({ claimed: 0 });

      const mail = await db.query<Record<string, unknown>>('SELECT tenant, outbox_id, mail_from, mail_to, subject, text_body, attachments FROM local_mail');
      expect(mail.rows).toEqual([
        {
          tenant: 'demo-x',
          outbox_id: queued[0]!.id,
          mail_from: 'alerts@dealer-sites.example',
          mail_to: OPS_EMAIL,
          subject: alert.subject,
          text_body: alert.text,
          attachments: [],
        },
      ]);

      expect(received).toHaveLength(1);
      const req = received[0]!;
      expect(req).toMatchObject({ method: 'POST', path: '/hooks/fleet' });
      expect(req.headers).toMatchObject({
        'content-type': 'application/json',
        'idempotency-key': queued[1]!.id,
        'x-alert-id': alert.id,
        'user-agent': 'dealer-sites-outbox/1',
        'x-signature': `sha256=${hmac(WEBHOOK_SECRET, req.body)}`,
      });
      expect(req.headers['x-lead-id']).toBeUndefined();
      const body = JSON.parse(req.body) as Record<string, unknown>;
      expect(body).toEqual({
        event: 'fleet.held',
        alert_id: alert.id,
        tenant: 'demo-x',
        created_at: '2026-11-26T19:30:00.000Z',
        text: alert.text,
        ...alert.payload,
      });
      expect(Object.keys(body).slice(0, 5)).toEqual(['event', 'alert_id', 'tenant', 'created_at', 'text']);

      const delivered = await db.query<{ status: string; delivered_at: Date }>('SELECT status, delivered_at FROM outbox');
      expect(delivered.rows.every((r) => r.status === 'delivered' && r.delivered_at.getTime() === clock.now().getTime())).toBe(true);
    });

    it('queues nothing for an alert id already stored, even from runs racing each other', async () => {
      expect(await enqueueAlert(db, held(), targets(), clock.now())).toBe(2);
      clock.advance(3600);
      expect(
        await enqueueAlert(db, held({ text: 'the same alert, worded again' }), [...targets(), { channel: 'email', target: 'x@y.example' }], clock.now()),
      ).toBe(0);
      await drain(deps);
      expect(await enqueueAlert(db, held(), targets(), clock.now())).toBe(0);
      expect(await drain(deps)).toMatchObject({ claimed: 0 });
      expect(received).toHaveLength(1);

      const racing = held({ id: '2026-11-27:demo-x:still-held', kind: 'still-held' });
      const counts = await Promise.all(Array.from({ length: 6 }, () => enqueueAlert(db, racing, targets(), clock.now())));
      expect(counts.sort()).toEqual([0, 0, 0, 0, 0, 2]);
      const { rows } = await db.query<{ alerts: number; outbox: number }>(
        'SELECT (SELECT count(*)::int FROM alerts) AS alerts, (SELECT count(*)::int FROM outbox) AS outbox',
      );
      expect(rows[0]).toEqual({ alerts: 2, outbox: 4 });
      expect((await db.query<{ text_body: string }>('SELECT text_body FROM alerts WHERE id = $1', [held().id])).rows[0]?.text_body).toBe(held().text);
    });

    it('queues a target listed twice once, and stores an alert with no target', async () => {
      expect(await enqueueAlert(db, held(), [...targets(), ...targets()], clock.now())).toBe(2);
      const digest = held({ id: '2026-11-26:_ops:digest', tenant: '_ops', kind: 'digest', payload: {} });
      expect(await enqueueAlert(db, digest, [], clock.now())).toBe(0);
      expect((await db.query('SELECT 1 FROM alerts WHERE id = $1', [digest.id])).rows).toHaveLength(1);
      expect(await enqueueAlert(db, digest, [{ channel: 'email', target: OPS_EMAIL }], clock.now())).toBe(0);
    });

    it('refuses an alert it could not deliver as given, naming it and the problem, and stores nothing', async () => {
      await expect(enqueueAlert(db, held({ payload: { text: 'x' } }), targets(), clock.now())).rejects.toThrow(
        `Alert "2026-11-26:demo-x:held" cannot be queued: payload key "text" is one of the webhook body's own fields`,
      );
      await expect(enqueueAlert(db, held({ tenant: ' ' }), targets(), clock.now())).rejects.toThrow('the tenant is empty');
      await expect(enqueueAlert(db, held(), [{ channel: 'sms' as 'email', target: '+61400000000' }], clock.now())).rejects.toThrow(
        'is not an e-mail or webhook with an address',
      );
      expect((await db.query('SELECT 1 FROM alerts')).rows).toHaveLength(0);
    });

    it('holds every outbox row to exactly one of a lead and an alert', async () => {
      await enqueueAlert(db, held(), [], clock.now());
      const insert = (leadId: string | null, alertId: string | null) =>
        db.query(
          "INSERT INTO outbox (id, tenant, lead_id, alert_id, channel, target, next_attempt_at, created_at, updated_at) VALUES ('o-x', 'demo-x', $1, $2, 'email', 'a@b.example', $3, $3, $3)",
          [leadId, alertId, clock.now()],
        );
      await expect(insert(null, null)).rejects.toThrow(/outbox_lead_or_alert/);
      await db.query("INSERT INTO leads (id, tenant, created_at, category, request_hash, payload) VALUES ('l-x', 'demo-x', $1, 'c', 'h', '{}'::jsonb)", [
        clock.now(),
      ]);
      await expect(insert('l-x', held().id)).rejects.toThrow(/outbox_lead_or_alert/);
      await expect(insert(null, 'no-such-alert')).rejects.toThrow(/foreign key/);
    });

    it('retries a failing webhook with backoff, dead-letters it after maxAttempts, and staff can requeue it', async () => {
      const alert = held();
      await enqueueAlert(db, alert, targets(), clock.now());
      failing = 1000;
      expect(await deliverDue(deps)).toEqual({ claimed: 2, delivered: 1, retried: 1, dead: 0 });
      const state = async () =>
        (
          await db.query<{ id: string; status: string; attempts: number; next_attempt_at: Date; last_error: string }>(
            "SELECT id, status, attempts, next_attempt_at, last_error FROM outbox WHERE channel = 'webhook'",
          )
        ).rows[0]!;
      let s = await state();
      expect(s).toMatchObject({ status: 'pending', attempts: 1, last_error: 'HTTP 503 from the webhook' });
      expect(s.next_attempt_at.getTime() - clock.now().getTime()).toBe(30_000);
      expect((await deliverDue(deps)).claimed).toBe(0);

      let delay = 30;
      for (let attempt = 2; attempt <= 8; attempt++) {
        clock.advance(delay);
        expect(await deliverDue(deps)).toMatchObject({ claimed: 1, delivered: 0 });
        s = await state();
        if (attempt < 8) {
          delay = (s.next_attempt_at.getTime() - clock.now().getTime()) / 1000;
          expect(delay).toBe(Math.min(3600, 30 * 2 ** (attempt - 1)));
        }
      }
      expect(s).toMatchObject({ status: 'dead', attempts: 8, last_error: 'HTTP 503 from the webhook' });
      expect(received).toHaveLength(8);
      expect(new Set(received.map((r) => r.headers['idempotency-key']))).toEqual(new Set([s.id]));
      clock.advance(86_400);
      expect((await deliverDue(deps)).claimed).toBe(0);

      const dead = await listOutbox(db, { status: 'dead' });
      expect(dead.map((r) => ({ id: r.id, about: outboxAbout(r), lead_id: r.lead_id }))).toEqual([{ id: s.id, about: `alert:${alert.id}`, lead_id: null }]);

      failing = 0;
      expect(await requeue(db, clock.now(), { ids: [s.id] })).toBe(1);
      expect(await drain(deps)).toMatchObject({ delivered: 1, dead: 0 });
      expect((await state()).status).toBe('delivered');
      expect(received).toHaveLength(9);
    });

    it('delivers leads and alerts in one drain, each in its own shape', async () => {
      const t = buildApp(db, clock, { outbox: { webhookSecret: WEBHOOK_SECRET } });
      const res = await t.app.request(
        'http://localhost/api/leads',
        {
          method: 'POST',
          headers: { origin: 'https://alpha.example.com.au', 'content-type': 'application/json' },
          body: JSON.stringify({ category: 'Vehicle Enquiry', name: 'Jess', email: 'jess@example.com', phone: '0412345678' }),
        },
        { ip: '203.0.113.5' },
      );
      expect(res.status).toBe(201);
      const { lead_id } = (await res.json()) as { lead_id: string };
      const ops = { channel: 'webhook' as const, target: 'https://hooks.example.com/ops' };
      await enqueueAlert(db, held({ id: '2026-11-26:alpha:repaired', tenant: 'alpha', kind: 'repaired', payload: { nights: 3 } }), [ops], clock.now());
      expect(await drain(t.app.deps)).toEqual({ claimed: 3, delivered: 3, retried: 0, dead: 0 });

      const bodies = t.webhooks.map((w) => JSON.parse(w.body) as Record<string, unknown>);
      expect(bodies.map((b) => b['event']).sort()).toEqual(['fleet.repaired', 'lead.created']);
      const lead = t.webhooks.find((w) => w.headers['x-lead-id'])!;
      expect(lead.headers['x-lead-id']).toBe(lead_id);
      expect(lead.headers['x-alert-id']).toBeUndefined();
      expect(JSON.parse(lead.body)).toMatchObject({ event: 'lead.created', lead_id, tenant: 'alpha' });
      const alert = t.webhooks.find((w) => w.headers['x-alert-id'])!;
      expect(alert).toMatchObject({ url: ops.target, headers: { 'x-alert-id': '2026-11-26:alpha:repaired' } });
      expect(JSON.parse(alert.body)).toMatchObject({ event: 'fleet.repaired', nights: 3 });

      const mail = await listLocalMail(db, 'alpha');
      expect(mail).toHaveLength(1);
      expect(mail[0]?.attachments[0]?.filename).toBe(`lead-${lead_id}.adf.xml`);
      const all = await listOutbox(db, { status: 'all' });
      expect(all.map(outboxAbout).sort()).toEqual([lead_id, lead_id, 'alert:2026-11-26:alpha:repaired'].sort());
    });

    it('shows alert e-mails in the local mailbox as staff print it', async () => {
      await enqueueAlert(db, held({ subject: 'Held:\r\nBcc: x@evil.example' }), [{ channel: 'email', target: OPS_EMAIL }], clock.now());
      await drain(deps);
      const mail = await listLocalMail(db, 'demo-x');
      expect(mail[0]?.subject).toBe('Held: Bcc: x@evil.example');
      const printed = formatLocalMail(mail);
      expect(printed).toContain(`to ${OPS_EMAIL}\nSubject: Held: Bcc: x@evil.example\nAttachments: none\n\n${held().text}`);
    });
  });
}
