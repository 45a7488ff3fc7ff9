import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Photo } from '../../src/lib/model/vehicle.ts';
import { createApp } from '../app.ts';
import type { SiteFileReader } from '../context.ts';
import { FakeClock } from '../lib/clock.ts';
import { distFileReader } from '../lib/site-file.ts';
import { Registry } from '../registry.ts';
import { testPglite } from '../test/db.ts';
import { ALPHA, fixtureModels, makeTenant, makeVehicle } from '../test/fixtures.ts';
import { hasPdftotext, pdfText } from '../test/pdf-text.ts';

const PHOTO = '/img/ab/abcdef-w640-q75.webp';
const photo: Photo = {
  ok: true,
  source: 'photos/hilux.jpg',
  sizes: [{ url: PHOTO, width: 640, height: 360 }],
  thumb: { url: '/img/ab/abcdef-t160.webp', width: 160, height: 120 },
  colour: '#888888',
};

/** Alpha's HiLux with a photo (a WebP on disk, as the image pipeline writes it), a $9 car and a licence. */
async function setup(opts: { reader?: SiteFileReader; base?: string; allowLoopback?: boolean } = {}) {
  const dist = mkdtempSync(join(tmpdir(), 'car-pdf-'));
  mkdirSync(join(dist, 'alpha', 'img', 'ab'), { recursive: true });
  const webp = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#2255aa' } })
    .webp()
    .toBuffer();
  writeFileSync(join(dist, 'alpha', PHOTO), webp);
  const models = fixtureModels();
  const alpha = models[0]!;
  alpha.tenant = makeTenant('alpha', {
    ...(opts.base ? { url: opts.base } : {}),
    locations: [
      {
        id: 1,
        name: 'Alpha Motors Sales',
        dealership_slug: 'alpha-motors',
        dealer_license_number: 'MD 12345',
        address: { street: '1 Pacific Hwy', city: 'Gosford', state: 'NSW', postcode: '2250' },
      },
    ],
    finance: { default_interest: 8.5, establishment_fee: 395, disclaimer: 'Finance is subject to the lender approving credit. Fees and charges apply.' },
  });
  const hilux = alpha.vehicles.find((v) => v.slug === 'a-hilux')!;
  Object.assign(hilux, {
    photos: [photo],
    badge: 'SR5',
    price_type: 'DAP',
    location: { id: alpha.tenant.locations[0]!.id, name: 'Alpha Motors Sales', slug: 'alpha-motors-sales' },
  });
  alpha.vehicles.push(makeVehicle({ id: 'a-cheap', slug: 'a-cheap', make: 'Kia', model: 'Picanto', price: 9 }));
  const db = await testPglite();
  const app = createApp({
    db,
    registry: new Registry(models),
    clock: new FakeClock('2026-11-22T01:00:00Z'),
    // The outbound guard (DEV_ALLOW_LOOPBACK=1 lets the tests' photo server on 127.0.0.1 be asked).
    options: { secret: 'x'.repeat(32), outbound: { allowLoopback: opts.allowLoopback ?? false } },
    // With a base address: no reader, so the route fetches the photo from the request's origin.
    siteFile: opts.base ? undefined : (opts.reader ?? distFileReader(dist)),
  });
  const get = (path: string, headers: Record<string, string> = {}) =>
    // With a base, the request is addressed to another host than the tenant's site (the client writes the Host).
    Promise.resolve(
      app.request(
        `${opts.base ? 'http://evil.example' : 'http://localhost'}${path}`,
        { headers: { origin: opts.base ?? ALPHA, ...headers } },
        { ip: '203.0.113.9' },
      ),
    );
  return { get };
}

describe('GET /api/cars/{slug}/pdf', () => {
  let get: Awaited<ReturnType<typeof setup>>['get'];
  beforeAll(async () => {
    ({ get } = await setup());
  });

  it('answers a PDF that opens, with the car’s photo, as a download named after the car', async () => {
    const res = await get('/api/cars/a-hilux/pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="a-hilux.pdf"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toBe('2022 Toyota HiLux SR5');
    // The photo is embedded as a JPEG (the pipeline's WebP converted): an image XObject with DCTDecode.
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/Subtype\s*\/Image[\s\S]*?\/DCTDecode|\/DCTDecode[\s\S]*?\/Subtype\s*\/Image/);
  });

  it.skipIf(!hasPdftotext)(
    'reads back the title, the price by the display rule, the dealer, licence and disclaimer (skipped without pdftotext: apt-get install poppler-utils)',
    async () => {
      const text = pdfText(new Uint8Array(await (await get('/api/cars/a-hilux/pdf')).arrayBuffer()));
      expect(text).toContain('2022 Toyota HiLux');
      expect(text).toContain('SR5');
      expect(text).toContain('$55,990');
      expect(text).toContain('Drive away');
      expect(text).toContain('Alpha Motors Sales');
      expect(text).toContain('1 Pacific Hwy');
      expect(text).toContain('dealer licence no. MD 12345');
      expect(text).toContain('Finance is subject to the lender approving credit.');
      expect(text).toContain('https://alpha.example.com.au/cars/a-hilux');
      // A price of 10 or less shows the no-price text, never "$9".
      const cheap = pdfText(new Uint8Array(await (await get('/api/cars/a-cheap/pdf')).arrayBuffer()));
      expect(cheap).toContain('Enquire for price.');
      expect(cheap).not.toContain('$9');
    },
  );

  it('is cached per car and version: an ETag, and If-None-Match answers 304 without a body', async () => {
    const first = await get('/api/cars/a-hilux/pdf');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"pdf-[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, must-revalidate');
    const again = await get('/api/cars/a-hilux/pdf');
    expect(again.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    const not = await get('/api/cars/a-hilux/pdf', { 'if-none-match': etag! });
    expect(not.status).toBe(304);
    expect(await not.text()).toBe('');
    // Another car is another version.
    expect((await get('/api/cars/a-cheap/pdf')).headers.get('etag')).not.toBe(etag);
  });

  it('answers 404 with the message the page alerts for an unknown, an unlisted or another tenant’s car', async () => {
    for (const slug of ['nope', 'b-ranger']) {
      const res = await get(`/api/cars/${slug}/pdf`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'We could not find that car.' });
    }
  });

  it('without a file reader fetches the photo from the tenant’s site, never from the request’s Host', async () => {
    const webp = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#aa2255' } })
      .webp()
      .toBuffer();
    const asked: string[] = [];
    const server = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/webp' }).end(webp);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      // The tenant's url is the site (here the local server); the request names another host.
      const { get: remote } = await setup({ base: `http://127.0.0.1:${port}`, allowLoopback: true });
      const res = await remote('/api/cars/a-hilux/pdf');
      expect(res.status).toBe(200);
      expect(asked).toEqual([PHOTO]);
      expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toContain('/DCTDecode');
    } finally {
      server.close();
    }
  });

  it('fetches the photo through the outbound guard: not from this machine unless allowed, no redirect, a bounded answer (issue 27)', async () => {
    const webp = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#aa2255' } })
      .webp()
      .toBuffer();
    const asked: string[] = [];
    let answer: 'photo' | 'redirect' | 'huge' = 'photo';
    const server = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (answer === 'redirect') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (answer === 'huge') res.writeHead(200, { 'content-type': 'image/webp' }).end(Buffer.alloc(6 * 1024 * 1024));
      else res.writeHead(200, { 'content-type': 'image/webp' }).end(webp);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    try {
      const { port } = server.address() as AddressInfo;
      // A tenant whose url is this machine (or a private network): refused before any connection.
      const { get: strict } = await setup({ base: `http://127.0.0.1:${port}` });
      const refused = await strict('/api/cars/a-hilux/pdf');
      expect(refused.status).toBe(200);
      expect(refused.headers.get('cache-control')).toBe('no-store');
      expect(Buffer.from(await refused.arrayBuffer()).toString('latin1')).not.toContain('/DCTDecode');
      expect(asked).toEqual([]);
      expect(errors.join('\n')).toMatch(/only https:\/\/ addresses are allowed/);
      // Allowed to ask (development): a redirect is not followed, an oversize answer not read whole.
      const { get: dev } = await setup({ base: `http://127.0.0.1:${port}`, allowLoopback: true });
      for (const kind of ['redirect', 'huge'] as const) {
        answer = kind;
        const res = await dev('/api/cars/a-hilux/pdf');
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
      expect(asked).toEqual([PHOTO, PHOTO]);
      expect(errors.join('\n')).toMatch(/HTTP 302/);
      expect(errors.join('\n')).toMatch(/more than 5242880 bytes/);
    } finally {
      spy.mockRestore();
      server.close();
    }
  });

  it('still answers the sheet when the photo cannot be read, and does not let that copy be cached', async () => {
    const { get: noPhoto } = await setup({ reader: async () => undefined });
    const res = await noPhoto('/api/cars/a-hilux/pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    await PDFDocument.load(bytes);
    expect(Buffer.from(bytes).toString('latin1')).not.toContain('/DCTDecode');
  });

  it('keeps to the site folder when reading files', async () => {
    const read = distFileReader(tmpdir());
    expect(await read('alpha', '/../../etc/passwd')).toBeUndefined();
    expect(await read('alpha', '/%2e%2e/%2e%2e/etc/passwd')).toBeUndefined();
  });
});
