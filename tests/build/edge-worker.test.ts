/**
 * The Cloudflare Worker for car pages (edge/cloudflare/worker.ts, issue 29) in Cloudflare's own
 * runtime: Miniflare runs workerd with an R2 bucket holding a few files of a built demo tenant
 * (E2E_DIST, default dist/), as the publish lays them out, and every answer is checked through
 * `mf.dispatchFetch`:
 *
 * - a car page to a browser naming the site's dictionary: `Content-Encoding: dcz`, the .dcz file's
 *   bytes exactly as stored (workerd did not compress them again: `encodeBody: 'manual'`), which
 *   decode (zstd with the dictionary, after RFC 9842's 40-byte header) to the page; Vary on both headers;
 * - without Available-Dictionary, with a stale hash, or without dcz in Accept-Encoding: the page, with that Vary;
 * - HEAD: the same headers, no body; a page without a sibling (the home page, /cars/) untouched;
 *   the dictionary with Use-As-Dictionary; the 404 page; the release layout (TENANT_BASE and its pointer);
 * - the functions' paths passed to the functions' host (our Node server, TRUST_PROXY=1, PGlite) with the
 *   site's host: a lead from the site's page, and a same-origin GET without an Origin header.
 *
 * workerd missing or failing to start: a `missing:` line and skipped, except with CI=true, where it fails.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteFiles, startEdge, type LocalEdge } from '../../edge/cloudflare/local.ts';
import { startNodeServer } from '../../functions/node.ts';
import { DCZ_HEADER_LENGTH, dczDictionaryHash, USE_AS_DICTIONARY } from '../../src/lib/site/dictionary.ts';

const dist = process.env['E2E_DIST'] ?? 'dist';
const TENANT = 'demo-coastal-toyota';
const site = join(dist, TENANT);
const built = existsSync(join(site, '_dict', 'cars.dict'));
/** Three car pages with their .dcz siblings: what the test puts in the bucket, with the home page, /cars/, the dictionary and 404.html. */
const cars = built
  ? readdirSync(join(site, 'cars'))
      .filter((d) => existsSync(join(site, 'cars', d, 'index.html.dcz')))
      .sort()
      .slice(0, 3)
  : [];
const rels = [
  'index.html',
  '404.html',
  'cars/index.html',
  '_dict/cars.dict',
  ...cars.flatMap((c) => [`cars/${c}/index.html`, `cars/${c}/index.html.dcz`]),
].filter((rel) => !built || existsSync(join(site, rel)));

/**
 * The Content-Encoding the Worker sent. dispatchFetch hands it over as `MF-Content-Encoding` (so that
 * Node's fetch does not try to decode it); on the wire it is Content-Encoding (the browser test sees it).
 */
const encodingOf = (res: { headers: { get(name: string): string | null } }) => res.headers.get('content-encoding') ?? res.headers.get('mf-content-encoding');

let edge: LocalEdge | undefined;
let startError: Error | undefined;
if (!built && !process.env['CI']) console.log(`missing: ${site} (build the demo tenants first): tests/build/edge-worker.test.ts skipped`);

beforeAll(async () => {
  if (!built) return;
  try {
    edge = await startEdge({ files: siteFiles(site, rels) });
  } catch (err) {
    startError = err as Error;
    if (!process.env['CI'])
      console.log(`missing: workerd (Miniflare) did not start (${startError.message.split('\n')[0]}): tests/build/edge-worker.test.ts skipped`);
  }
}, 60_000);
afterAll(async () => {
  await edge?.close();
});

it('has the built demo tenant and starts workerd when CI=true', () => {
  if (!process.env['CI']) return;
  expect(built, `${site}: build the demo tenants first`).toBe(true);
  if (startError) throw startError;
});

describe.skipIf(!built)('the edge Worker in workerd, in front of an R2 bucket holding a built site', () => {
  const dictionary = built ? readFileSync(join(site, '_dict', 'cars.dict')) : Buffer.alloc(0);
  const named = `:${createHash('sha256').update(dictionary).digest('base64')}:`;
  const stale = `:${createHash('sha256').update('yesterday').digest('base64')}:`;
  const DCZ_BROWSER = 'gzip, deflate, br, zstd, dcz';
  const page = (car: string) => readFileSync(join(site, 'cars', car, 'index.html'));
  const dcz = (car: string) => readFileSync(join(site, 'cars', car, 'index.html.dcz'));
  const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    if (!edge) return undefined;
    return edge.mf.dispatchFetch(`http://dealer.example${path}`, { method, headers });
  };

  it('answers a car page as its .dcz, byte for byte, to a browser naming the dictionary, and it decodes to the page', async (ctx) => {
    if (!edge) return ctx.skip();
    expect(cars.length).toBeGreaterThan(1);
    for (const car of cars) {
      const res = (await get(`/cars/${car}/`, { 'accept-encoding': DCZ_BROWSER, 'available-dictionary': named }))!;
      expect(res.status).toBe(200);
      expect(encodingOf(res)).toBe('dcz');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('vary')).toBe('Accept-Encoding, Available-Dictionary');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      const body = new Uint8Array(await res.arrayBuffer());
      // As stored: not compressed again by the runtime (encodeBody: 'manual').
      expect(Buffer.from(body).equals(dcz(car))).toBe(true);
      expect(res.headers.get('content-length')).toBe(String(body.length));
      expect(Buffer.from(dczDictionaryHash(body)!).toString('base64')).toBe(named.slice(1, -1));
      expect(zstdDecompressSync(body.subarray(DCZ_HEADER_LENGTH), { dictionary }).equals(page(car))).toBe(true);
      expect(body.length).toBeLessThan(page(car).length / 5);
    }
    // The directory-style URL without the slash is the same page.
    const bare = (await get(`/cars/${cars[0]}`, { 'accept-encoding': DCZ_BROWSER, 'available-dictionary': named }))!;
    expect(encodingOf(bare)).toBe('dcz');
    await bare.arrayBuffer();
  });

  it('answers the page itself, with the same Vary, without the dictionary, with a stale one, or without dcz accepted', async (ctx) => {
    if (!edge) return ctx.skip();
    const car = cars[0]!;
    for (const headers of [
      { 'accept-encoding': DCZ_BROWSER },
      { 'accept-encoding': DCZ_BROWSER, 'available-dictionary': stale },
      { 'accept-encoding': 'gzip, br, zstd', 'available-dictionary': named },
      { 'accept-encoding': 'gzip, dcz;q=0', 'available-dictionary': named },
    ]) {
      const res = (await get(`/cars/${car}/`, headers))!;
      expect(res.status).toBe(200);
      expect(encodingOf(res)).not.toBe('dcz');
      expect(res.headers.get('vary')).toBe('Accept-Encoding, Available-Dictionary');
      expect(Buffer.from(await res.arrayBuffer()).equals(page(car))).toBe(true);
    }
  });

  it('answers HEAD with the headers of GET and no body', async (ctx) => {
    if (!edge) return ctx.skip();
    const car = cars[1]!;
    const asDcz = (await get(`/cars/${car}/`, { 'accept-encoding': DCZ_BROWSER, 'available-dictionary': named }, 'HEAD'))!;
    expect(asDcz.status).toBe(200);
    expect(encodingOf(asDcz)).toBe('dcz');
    expect(asDcz.headers.get('vary')).toBe('Accept-Encoding, Available-Dictionary');
    expect(asDcz.headers.get('content-length')).toBe(String(dcz(car).length));
    expect((await asDcz.arrayBuffer()).byteLength).toBe(0);
    // identity: Cloudflare's own compression (gzip, br) leaves the page's length alone.
    const whole = (await get(`/cars/${car}/`, { 'accept-encoding': 'identity' }, 'HEAD'))!;
    expect(encodingOf(whole)).toBeNull();
    expect(whole.headers.get('vary')).toBe('Accept-Encoding, Available-Dictionary');
    expect(whole.headers.get('content-length')).toBe(String(page(car).length));
    expect((await whole.arrayBuffer()).byteLength).toBe(0);
  });

  it('leaves pages without a sibling untouched, and sends the dictionary with Use-As-Dictionary', async (ctx) => {
    if (!edge) return ctx.skip();
    for (const [path, rel] of [
      ['/', 'index.html'],
      ['/cars/', 'cars/index.html'],
    ] as const) {
      const res = (await get(path, { 'accept-encoding': DCZ_BROWSER, 'available-dictionary': named }))!;
      expect(res.status).toBe(200);
      // Compressed by Cloudflare as any page (gzip here), never dcz.
      expect(encodingOf(res)).not.toBe('dcz');
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(site, rel)))).toBe(true);
    }
    const dict = (await get('/_dict/cars.dict', { 'accept-encoding': DCZ_BROWSER }))!;
    expect(dict.status).toBe(200);
    expect(dict.headers.get('use-as-dictionary')).toBe(USE_AS_DICTIONARY);
    expect(dict.headers.get('use-as-dictionary')).toBe('match="/cars/*", match-dest=("document")');
    expect(dict.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(dict.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(dict.headers.get('x-robots-tag')).toBe('noindex');
    expect(Buffer.from(await dict.arrayBuffer()).equals(dictionary)).toBe(true);
    // No such page: the site's 404.html, status 404, never cached.
    const missing = (await get('/cars/no-such-car/'))!;
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await missing.arrayBuffer()).equals(readFileSync(join(site, '404.html')))).toBe(true);
    const post = (await get('/', {}, 'POST'))!;
    expect(post.status).toBe(405);
    await post.arrayBuffer();
  });

  it('answers 304 to a revalidation with the ETag it sent', async (ctx) => {
    if (!edge) return ctx.skip();
    const headers = { 'accept-encoding': DCZ_BROWSER, 'available-dictionary': named };
    const first = (await get(`/cars/${cars[0]}/`, headers))!;
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = (await get(`/cars/${cars[0]}/`, { ...headers, 'if-none-match': etag! }))!;
    expect(again.status).toBe(304);
    expect(encodingOf(again)).toBe('dcz');
    // The plain page has its own ETag: a browser revalidating it does not get the dcz one's 304.
    const plainPage = (await get(`/cars/${cars[0]}/`, { 'if-none-match': etag! }))!;
    expect(plainPage.status).toBe(200);
    await plainPage.arrayBuffer();
  });
});

describe.skipIf(!built)('the edge Worker reading the release layout (TENANT_BASE)', () => {
  it('serves the slot the pointer names, dcz included', async (ctx) => {
    if (startError || !edge) return ctx.skip();
    const base = `sites/${TENANT}/`;
    const pointer = { version: 1, tenant: TENANT, slot: 'b', release: '0123456789abcdef', published_at: '2026-11-27T00:00:00.000Z' };
    const car = cars[0]!;
    const files = siteFiles(site, [`cars/${car}/index.html`, `cars/${car}/index.html.dcz`, '404.html'], `${base}slot-b/`);
    files.set(`${base}_meta/current.json`, new TextEncoder().encode(JSON.stringify(pointer)));
    // The other slot holds an older release: never served while the pointer names b.
    files.set(`${base}slot-a/index.html`, new TextEncoder().encode('old release'));
    const layout = await startEdge({ files, tenantBase: base });
    try {
      const dictionary = readFileSync(join(site, '_dict', 'cars.dict'));
      const named = `:${createHash('sha256').update(dictionary).digest('base64')}:`;
      const res = await layout.mf.dispatchFetch(`http://dealer.example/cars/${car}/`, {
        headers: { 'accept-encoding': 'br, dcz', 'available-dictionary': named },
      });
      expect(encodingOf(res)).toBe('dcz');
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(site, 'cars', car, 'index.html.dcz')))).toBe(true);
      const home = await layout.mf.dispatchFetch('http://dealer.example/');
      expect(home.status).toBe(404);
      expect(await home.text()).not.toContain('old release');
    } finally {
      await layout.close();
    }
  });
});

describe.skipIf(!built)("the edge Worker passing the functions' paths to the functions' host", () => {
  it("a lead and a same-origin GET reach the tenant's functions; without FUNCTIONS_ORIGIN they answer 503", { timeout: 90_000 }, async (ctx) => {
    if (startError || !edge) return ctx.skip();
    const data = mkdtempSync(join(tmpdir(), 'edge-functions-'));
    const functions = await startNodeServer({ port: 0, dist, dataDir: data, env: { TRUST_PROXY: '1' }, outbox: { enabled: false }, log: () => {} });
    const withFunctions = await startEdge({ files: siteFiles(site, ['index.html', '404.html']), functionsOrigin: functions.url });
    try {
      const model = JSON.parse(readFileSync(join(dist, '_build', TENANT, 'model.json'), 'utf8')) as { tenant: { url: string }; vehicles: { slug: string }[] };
      const origin = new URL(model.tenant.url).origin;
      const lead = await withFunctions.mf.dispatchFetch(`${origin}/api/leads`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', 'cf-connecting-ip': '203.0.113.7' },
        body: JSON.stringify({ category: 'General', name: 'Edge Shopper', email: 'edge@example.com' }),
      });
      expect(lead.status).toBe(201);
      expect(((await lead.json()) as { success: boolean }).success).toBe(true);
      const stored = await functions.db.query<{ name: string; tenant: string }>(
        "SELECT payload->>'name' AS name, tenant FROM leads WHERE payload->>'email' = 'edge@example.com'",
      );
      expect(stored.rows).toEqual([{ name: 'Edge Shopper', tenant: TENANT }]);
      // No Origin header (a browser's same-origin GET): the tenant comes from the host the Worker forwarded.
      const view = await withFunctions.mf.dispatchFetch(`${origin}/api/cars/${model.vehicles[0]!.slug}/view.json`);
      expect(view.status).toBe(200);
      await view.arrayBuffer();
      // The first Worker has no FUNCTIONS_ORIGIN: a clear 503, never the bucket's 404 page.
      const unset = await edge.mf.dispatchFetch(`${origin}/api/leads`, { method: 'POST', headers: { origin }, body: '{}' });
      expect(unset.status).toBe(503);
      await unset.arrayBuffer();
    } finally {
      await withFunctions.close();
      await functions.close();
      rmSync(data, { recursive: true, force: true });
    }
  });
});
