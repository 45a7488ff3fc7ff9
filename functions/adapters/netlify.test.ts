import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { FakeClock } from '../lib/clock.ts';
import { testPglite } from '../test/db.ts';
import { makeDist } from '../test/dist.ts';
import { localEmail, localSms } from './local.ts';
import { netlifyHandler, netlifyOutbox, parseExtraOrigins } from './netlify.ts';

describe('Netlify adapter', () => {
  let db: Db;
  let dist: string;
  const sent: string[] = [];
  const env = () => ({
    DATABASE_URL: 'postgres://injected',
    FUNCTIONS_SECRET: 's'.repeat(40),
    FUNCTIONS_MODELS_DIR: `${dist}/_build`,
    EXTRA_ORIGINS: 'delta=https://delta-preview.netlify.app',
  });
  const setup = () => ({
    env: env(),
    clock: new FakeClock(),
    openDatabase: async () => db,
    adapters: (d: Db, clock: FakeClock) => ({
      email: localEmail(d, clock),
      sms: localSms(d, clock),
      webhook: { send: async (r: { url: string }) => void sent.push(r.url) },
    }),
  });

  beforeAll(async () => {
    db = await testPglite();
    dist = makeDist('delta');
  });
  afterAll(async () => {
    await db.close();
  });

  it('parses EXTRA_ORIGINS', () => {
    expect(parseExtraOrigins('a=https://a.netlify.app, b=https://b.example ,junk')).toEqual({ a: ['https://a.netlify.app'], b: ['https://b.example'] });
  });

  it('answers a lead by Host/Origin, passes context.ip, and starts delivery with waitUntil', async () => {
    const handler = netlifyHandler(setup() as never);
    const waits: Promise<unknown>[] = [];
    const res = await handler(
      new Request('https://delta-preview.netlify.app/api/leads', {
        method: 'POST',
        headers: { origin: 'https://delta-preview.netlify.app', 'content-type': 'application/json' },
        body: JSON.stringify({ category: 'General', name: 'Ash', email: 'ash@example.com' }),
      }),
      { ip: '203.0.113.9', waitUntil: (p) => waits.push(p) },
    );
    expect(res.status).toBe(201);
    expect(waits).toHaveLength(1);
    await Promise.all(waits);
    expect(sent).toEqual(['https://crm.example.com/delta']);
    const { rows } = await db.query<{ ip_hash: string }>('SELECT ip_hash FROM leads');
    expect(rows[0]?.ip_hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('serves /cars/:slug/autogauge and refuses other origins', async () => {
    const handler = netlifyHandler(setup() as never);
    expect((await handler(new Request('https://delta.example.com.au/cars/car-1/autogauge'))).status).toBe(404);
    expect((await handler(new Request('https://delta.example.com.au/api/geocode?postcode=2000', { headers: { origin: 'https://evil.example' } }))).status).toBe(
      403,
    );
  });

  it('the scheduled function drains the outbox', async () => {
    await db.query("UPDATE outbox SET status = 'pending', next_attempt_at = '2000-01-01'");
    const res = await netlifyOutbox(setup() as never)();
    expect(((await res.json()) as { delivered: number }).delivered).toBeGreaterThan(0);
  });

  it('answers 503 without DATABASE_URL or FUNCTIONS_SECRET, and says why in the log', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (m: string) => errors.push(m);
    try {
      const noDb = netlifyHandler({ env: { FUNCTIONS_SECRET: 's'.repeat(40) } });
      expect((await noDb(new Request('https://x.example/api/geocode?postcode=2000'))).status).toBe(503);
      const noSecret = netlifyHandler({ env: { DATABASE_URL: 'postgres://x' }, openDatabase: async () => db });
      expect((await noSecret(new Request('https://x.example/api/geocode?postcode=2000'))).status).toBe(503);
    } finally {
      console.error = original;
    }
    expect(errors.join('\n')).toMatch(/DATABASE_URL is not set|need a PostgreSQL server/);
    expect(errors.join('\n')).toMatch(/FUNCTIONS_SECRET/);
  });
});

describe('Netlify deployment: one outbox drain for every tenant', () => {
  it('the folder deployed with each tenant site has the API only; the scheduled drain is deployed once from its own folder', async () => {
    const perSite = join(import.meta.dirname, 'netlify');
    const files = readdirSync(perSite).filter((f) => f.endsWith('.ts'));
    expect(files).toEqual(['api.ts']);
    for (const f of files) {
      const mod = (await import(join(perSite, f))) as { config?: { schedule?: string } };
      expect(mod.config?.schedule, `${f} is scheduled: it would run once per tenant site`).toBeUndefined();
    }
    const drain = (await import('./netlify-outbox/outbox.ts')) as { config: { schedule: string } };
    expect(drain.config.schedule).toBe('* * * * *');
  });
});
