/**
 * Issue 27: the build's photo fetcher fetches only from public addresses, and checks every redirect
 * hop the same way. Tests and development opt out with DEALER_PHOTO_FETCH_PRIVATE=allow (the test
 * configs set it); here the guard is on.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAddressAllowed, Fetcher, MAX_PHOTO_BYTES, PRIVATE_FETCH_ENV } from '../../scripts/lib/images/fetch.ts';
import { addressKind } from '../../functions/lib/outbound.ts';

let server: Server;
let base: string;
let hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    if (to) {
      res.writeHead(302, { location: to });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/jpeg' });
    res.end('jpeg');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** The guard as in production, except that this test's own server (127.0.0.1) stands in for a public host. */
const guarded = () => new Fetcher(2000, MAX_PHOTO_BYTES, (ip) => ip === '127.0.0.1' || addressKind(ip) === 'public');

describe('the photo fetcher refuses non-public addresses', () => {
  it('by default (no override), a loopback, private or link-local photo URL is refused without a connection', async () => {
    const saved = process.env[PRIVATE_FETCH_ENV];
    delete process.env[PRIVATE_FETCH_ENV];
    try {
      expect(defaultAddressAllowed('127.0.0.1')).toBe(false);
      expect(defaultAddressAllowed('::1')).toBe(false);
      expect(defaultAddressAllowed('10.1.2.3')).toBe(false);
      expect(defaultAddressAllowed('169.254.169.254')).toBe(false);
      expect(defaultAddressAllowed('93.184.216.34')).toBe(true);
      hits = [];
      const f = new Fetcher(2000);
      for (const u of [
        `${base}/a.jpg`,
        'http://169.254.169.254/latest/meta-data/',
        'http://[::1]:9/x.jpg',
        'http://10.0.0.1/x.jpg',
        'http://localhost:1/x.jpg',
      ]) {
        const r = await f.get(new URL(u));
        expect(r, u).toMatchObject({ ok: false, reason: expect.stringMatching(/^refused: .*(loopback, private or link-local)/) });
      }
      expect(hits).toEqual([]);
    } finally {
      if (saved !== undefined) process.env[PRIVATE_FETCH_ENV] = saved;
    }
  });

  it('with the override, the tests can serve photos from 127.0.0.1', async () => {
    const saved = process.env[PRIVATE_FETCH_ENV];
    process.env[PRIVATE_FETCH_ENV] = 'allow';
    try {
      expect(await new Fetcher(2000).get(new URL(`${base}/ok.jpg`))).toMatchObject({ ok: true });
    } finally {
      if (saved === undefined) delete process.env[PRIVATE_FETCH_ENV];
      else process.env[PRIVATE_FETCH_ENV] = saved;
    }
  });

  it('follows a redirect to an allowed address, and refuses one to a private or link-local address', async () => {
    const f = guarded();
    expect(await f.get(new URL(`${base}/r.jpg?to=${encodeURIComponent(`${base}/final.jpg`)}`))).toMatchObject({ ok: true });
    for (const to of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/x.jpg',
      'http://[::1]/x.jpg',
      'http://[fe80::1]/x.jpg',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      const r = await f.get(new URL(`${base}/r.jpg?to=${encodeURIComponent(to)}`));
      expect(r, to).toMatchObject({ ok: false, reason: expect.stringMatching(/^refused: /) });
    }
  });

  it('stops after 5 redirects', async () => {
    let url = `${base}/end.jpg`;
    for (let i = 0; i < 7; i++) url = `${base}/hop${i}.jpg?to=${encodeURIComponent(url)}`;
    expect(await guarded().get(new URL(url))).toMatchObject({ ok: false, reason: expect.stringContaining('more than 5 redirects') });
  });
});
