/** The Node entry on 127.0.0.1: the built site and the functions on one origin. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeServer, type RunningServer } from './node.ts';
import { makeDist } from './test/dist.ts';

describe('startNodeServer (npm run serve)', () => {
  let server: RunningServer;
  let dist: string;
  let data: string;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${server.port}${path}`, { headers });

  beforeAll(async () => {
    dist = makeDist(
      'gamma',
      {},
      {
        'index.html': '<!doctype html><title>Home</title>',
        'cars/car-1/index.html': '<!doctype html><title>Car 1</title>',
        '404.html': '<!doctype html><title>Not found</title>',
        '_astro/app.abc123.js': 'console.log("hello from the island bundle, long enough to compress well")',
        'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      },
    );
    data = mkdtempSync(join(tmpdir(), 'functions-data-'));
    server = await startNodeServer({ port: 0, dist, tenant: 'gamma', dataDir: data, env: {}, log: () => {}, outbox: { enabled: false } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  });

  it('serves pages with directory-style URLs, revalidated', async () => {
    for (const path of ['/', '/index.html', '/cars/car-1', '/cars/car-1/', '/cars/car-1/index.html']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    }
    expect(await (await get('/cars/car-1')).text()).toContain('Car 1');
  });

  it("answers unknown paths with the site's 404.html and status 404", async () => {
    const res = await get('/cars/nope');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Not found');
  });

  it('serves hashed assets immutable, with content types, and precompressed brotli when accepted', async () => {
    const plain = await get('/_astro/app.abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const br = await get('/_astro/app.abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toContain('hello from the island bundle');
    expect((await get('/img/logo.svg')).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers 304 to a matching If-None-Match, and HEAD without a body', async () => {
    const first = await get('/');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\//);
    expect((await get('/', { 'if-none-match': etag })).status).toBe(304);
    const head = await fetch(`http://127.0.0.1:${server.port}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('never serves files outside the site', async () => {
    for (const path of ['/../_build/gamma/model.json', '/%2e%2e/_build/gamma/model.json', '/..%2f_build%2fgamma%2fmodel.json']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('"vehicles"');
    }
  });

  it('serves the functions on the same origin (the server maps its own origin to the tenant)', async () => {
    const origin = `http://127.0.0.1:${server.port}`;
    const lead = await fetch(`${origin}/api/leads`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ category: 'General', name: 'Jo', email: 'jo@example.com', car_id: 'car-1' }),
    });
    expect(lead.status).toBe(201);
    const localhost = await fetch(`${origin}/api/geocode?postcode=2250`, { headers: { origin: `http://localhost:${server.port}` } });
    expect(localhost.status).toBe(200);
    expect((await get('/cars/car-1/autogauge')).status).toBe(404);
    const unknown = await get('/api/nothing');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Not found.' });
  });

  it("refuses a POST from the tenant's public origin to the local server only if it is another tenant's", async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/leads`, {
      method: 'POST',
      headers: { origin: 'https://other.example.com', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('answers GET /healthz without a tenant: 200 {ok, db} while the database answers, 503 when it does not, with a request id', async () => {
    const ok = await get('/healthz', { 'x-request-id': 'probe-1' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, db: true });
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.headers.get('x-request-id')).toBe('probe-1');
    // An id that is not a plain token is replaced, not echoed.
    for (const id of ['a b "c"', 'x'.repeat(65)])
      expect((await get('/healthz', { 'x-request-id': id })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`, { method: 'POST' })).status).toBe(405);
    const query = server.db.query;
    server.db.query = () => Promise.reject(new Error('connection refused'));
    try {
      await new Promise((r) => setTimeout(r, 1100)); // the probe's answer is reused for a second
      const down = await get('/healthz');
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ ok: false, db: false });
    } finally {
      server.db.query = query;
    }
  });

  it('refuses a second server on the same PGlite data folder', async () => {
    await expect(startNodeServer({ port: 0, dist, tenant: 'gamma', dataDir: data, env: {}, log: () => {} })).rejects.toThrow(/is open in process/);
  });
});
