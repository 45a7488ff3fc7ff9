/** A test app over a test database, with a fake clock and helpers for requests. */
import { afterAll, beforeEach, expect, it } from 'vitest';
import type { Adapters } from '../adapters/index.ts';
import { localEmail, localSms } from '../adapters/local.ts';
import type { WebhookRequest } from '../adapters/types.ts';
import { createApp } from '../app.ts';
import type { Db } from '../db/index.ts';
import { FakeClock } from '../lib/clock.ts';
import type { OptionsInput } from '../options.ts';
import { Registry } from '../registry.ts';
import { resetDb, testPglite } from './db.ts';
import { ALPHA, fixtureModels } from './fixtures.ts';

export const SECRET = 'test-secret-test-secret-test-secret';

export interface Harness {
  db: Db;
  clock: FakeClock;
  app: ReturnType<typeof createApp>;
  webhooks: WebhookRequest[];
  /** Makes the next n webhook calls fail. */
  failWebhooks(n: number): void;
  request(path: string, init?: RequestInit & { ip?: string; origin?: string | null; json?: unknown }): Promise<Response>;
  post(path: string, json: unknown, init?: RequestInit & { ip?: string; origin?: string | null }): Promise<Response>;
  /** The same database and clock behind an app whose rate limits are multiplied by `scale` (fast 429 tests). */
  scaled(scale: number): Pick<Harness, 'request' | 'post'>;
}

export function buildApp(db: Db, clock: FakeClock, options: Partial<OptionsInput> = {}, adapters?: Partial<Adapters>) {
  const webhooks: WebhookRequest[] = [];
  let failing = 0;
  const registry = new Registry(fixtureModels());
  const app = createApp({
    db,
    registry,
    clock,
    adapters: {
      email: localEmail(db, clock),
      sms: localSms(db, clock),
      webhook: {
        async send(req) {
          if (failing > 0) {
            failing--;
            throw new Error('HTTP 503 from the webhook');
          }
          webhooks.push(req);
        },
      },
      ...adapters,
    },
    options: { secret: SECRET, ...options },
  });
  return { app, webhooks, failWebhooks: (n: number) => (failing = n) };
}

/**
 * One database per test file (truncated before each test) and a fresh app per test, so options and
 * adapters can differ between tests.
 */
export function useHarness(options: Partial<OptionsInput> = {}, adapters?: Partial<Adapters>): Harness {
  const h = {} as Harness;
  let db: Db | undefined;
  beforeEach(async () => {
    db ??= await testPglite();
    await resetDb(db);
    const clock = new FakeClock('2026-11-22T01:00:00Z');
    const built = buildApp(db, clock, options, adapters);
    Object.assign(h, { db, clock, ...built });
    const requester = (app: typeof built.app): Pick<Harness, 'request' | 'post'> => {
      const request: Harness['request'] = (path, init = {}) => {
        const { ip = '203.0.113.7', origin = ALPHA, json, ...rest } = init as RequestInit & { ip?: string; origin?: string | null; json?: unknown };
        const headers = new Headers(rest.headers);
        if (origin) headers.set('origin', origin);
        if (json !== undefined) {
          headers.set('content-type', 'application/json');
          rest.body = JSON.stringify(json);
        }
        return Promise.resolve(app.request(`http://localhost${path}`, { ...rest, headers }, { ip }));
      };
      return { request, post: (path, json, init = {}) => request(path, { ...init, method: 'POST', json }) };
    };
    Object.assign(h, requester(built.app));
    h.scaled = (scale) => requester(buildApp(db as Db, clock, { ...options, rateLimitScale: scale }, adapters).app);
  });
  afterAll(async () => {
    await db?.close();
  });
  return h;
}

/**
 * The checks every POST route shares: another tenant's or an unknown origin (403), an oversize body
 * (413), a non-JSON body (415), malformed JSON (400).
 */
export function commonPostChecks(h: Harness, path: string, validBody: () => unknown): void {
  it('refuses a POST from an unknown origin (403)', async () => {
    const res = await h.post(path, validBody(), { origin: 'https://evil.example.net' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Requests from another site are refused.' });
  });
  it("refuses another tenant's origin on this tenant's host (403)", async () => {
    const res = await h.post(path, validBody(), { origin: 'https://beta.example.com.au', headers: { host: 'alpha.example.com.au' } });
    expect(res.status).toBe(403);
  });
  it('refuses a browser cross-site POST without Origin (403)', async () => {
    const res = await h.post(path, validBody(), { origin: null, headers: { host: 'alpha.example.com.au', 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
  });
  it('refuses a body over 16 KB (413)', async () => {
    const res = await h.post(path, { ...(validBody() as object), padding: 'x'.repeat(17 * 1024) });
    expect(res.status).toBe(413);
  });
  it('refuses an oversize chunked body without Content-Length (413)', async () => {
    const big = new TextEncoder().encode(JSON.stringify({ padding: 'y'.repeat(20 * 1024) }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 4096) controller.enqueue(big.slice(i, i + 4096));
        controller.close();
      },
    });
    const res = await h.request(path, { method: 'POST', body: stream, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
  });
  it('refuses a non-JSON body (415)', async () => {
    const res = await h.request(path, { method: 'POST', body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
  });
  it('refuses malformed JSON (400)', async () => {
    const res = await h.request(path, { method: 'POST', body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });
}

/** Asserts no submitted personal value appears anywhere in a response body. */
export async function expectNoEcho(res: Response, ...values: string[]): Promise<void> {
  const text = await res.clone().text();
  for (const v of values) expect(text).not.toContain(v);
}

/** The last sign-in code the local SMS adapter wrote for a phone (E.164). */
export async function lastCode(h: Harness, phone = '+61412345678', tenant = 'alpha'): Promise<string> {
  const { rows } = await h.db.query<{ body: string }>(
    'SELECT s.body FROM sms_outbox s WHERE s.phone = $1 AND s.tenant = $2 ORDER BY s.created_at DESC LIMIT 1',
    [phone, tenant],
  );
  const code = /^(\d{6}) /.exec(rows[0]?.body ?? '')?.[1];
  if (!code) throw new Error('no code in the SMS outbox');
  return code;
}

/** Signs in through the real routes and returns the Cookie header to send. */
export async function signIn(h: Harness, phone = '0412 345 678', origin = 'https://alpha.example.com.au'): Promise<string> {
  const sent = await h.post('/api/auth/code', { phone }, { origin });
  if (sent.status !== 200) throw new Error(`code: ${sent.status}`);
  const e164 = `+61${phone.replace(/\D/g, '').replace(/^0/, '')}`;
  const tenant = new URL(origin).hostname.split('.')[0] ?? 'alpha';
  const verified = await h.post('/api/auth/verify', { phone, code: await lastCode(h, e164, tenant) }, { origin });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
  const cookie = /sid=([^;]+)/.exec(verified.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('no session cookie');
  return `sid=${cookie}`;
}
