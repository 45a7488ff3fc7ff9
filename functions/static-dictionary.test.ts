/**
 * The vehicle pages' compression dictionary end to end on the local static server: the build output
 * writes the dictionary and each car page's .dcz; the server answers a car page as dcz only to a
 * browser that names that dictionary's hash, and the answer decodes (zstd with the dictionary, after
 * RFC 9842's 40-byte header) to the page itself. Chromium's side is tests/e2e/dictionary.spec.ts.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { dictionaryOutput } from '../scripts/lib/outputs/dictionary.ts';
import { siteHeaders } from '../scripts/lib/outputs/headers.ts';
import { cacheControlFor, contentEncodingFor, contentTypeFor } from '../scripts/lib/publish/content.ts';
import type { OutputContext } from '../scripts/lib/outputs/index.ts';
import {
  acceptsCoding,
  acceptsDcz,
  availableDictionaryHash,
  DCZ_HEADER_LENGTH,
  dczAnswer,
  dczDictionaryHash,
  dczHeader,
  dictionaryBytes,
  dictionaryCars,
  dictionarySources,
} from '../src/lib/site/dictionary.ts';
import { staticSite } from './static.ts';
import { makeTenant } from './test/fixtures.ts';

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

describe('the dictionary rules', () => {
  it('picks up to three available cars of different kinds, lowest ids first', () => {
    const cars = [
      { id: '9', slug: 'u9', car_type: 'used' },
      { id: '3', slug: 'n3', car_type: 'new' },
      { id: '5', slug: 'u5', car_type: 'used' },
      { id: '1', slug: 'd1', car_type: 'demo' },
    ];
    expect(dictionaryCars(cars).map((c) => c.slug)).toEqual(['d1', 'u5', 'n3']);
    expect(dictionaryCars(cars.slice(0, 1)).map((c) => c.slug)).toEqual(['u9']);
    expect(dictionaryCars([])).toEqual([]);
  });

  it('reads Available-Dictionary as a 32-byte structured-field byte sequence, and dcz only when asked for', () => {
    const hash = createHash('sha256').update('dict').digest();
    expect(availableDictionaryHash(`:${b64(hash)}:`)).toEqual(Uint8Array.from(hash));
    expect(availableDictionaryHash(b64(hash))).toBeUndefined();
    expect(availableDictionaryHash(':AAAA:')).toBeUndefined();
    expect(acceptsDcz('gzip, br, zstd, dcb, dcz', `:${b64(hash)}:`, hash)).toBe(true);
    expect(acceptsDcz('gzip, br, zstd', `:${b64(hash)}:`, hash)).toBe(false);
    expect(acceptsDcz('gzip, dcz', `:${b64(createHash('sha256').update('other').digest())}:`, hash)).toBe(false);
    expect(dczDictionaryHash(dczHeader(hash))).toEqual(Uint8Array.from(hash));
    expect(dczDictionaryHash(new Uint8Array(40))).toBeUndefined();
    expect(acceptsCoding('gzip, dcz;q=0', 'dcz')).toBe(false);
    expect(acceptsCoding('gzip, DCZ;q=0.5', 'dcz')).toBe(true);
    expect(acceptsCoding('gzip, dczx', 'dcz')).toBe(false);
  });

  it('answers dcz only for the sibling made with the named dictionary, and varies whenever there is a sibling (the rule both hosts call)', () => {
    const hash = createHash('sha256').update('dict').digest();
    const head = dczHeader(hash);
    const named = `:${b64(hash)}:`;
    expect(dczAnswer('gzip, br, zstd, dcz', named, head)).toEqual({ dcz: true, vary: true });
    expect(dczAnswer('gzip, br, zstd', named, head)).toEqual({ dcz: false, vary: true });
    expect(dczAnswer('gzip, dcz', null, head)).toEqual({ dcz: false, vary: true });
    expect(dczAnswer('gzip, dcz', `:${b64(createHash('sha256').update('yesterday').digest())}:`, head)).toEqual({ dcz: false, vary: true });
    // No sibling, or a sibling that is not a dcz body: the page as it is, nothing to vary on.
    expect(dczAnswer('gzip, dcz', named, undefined)).toEqual({ dcz: false, vary: false });
    expect(dczAnswer('gzip, dcz', named, new Uint8Array(40))).toEqual({ dcz: false, vary: false });
  });

  it('names its source cars and their pages, and reads them back', () => {
    const enc = (t: string) => new TextEncoder().encode(t);
    const dict = dictionaryBytes([
      { id: '7', page: enc('<p>seven</p>') },
      { id: 'a b:c', page: enc('<p>odd id</p>') },
    ]);
    expect(new TextDecoder().decode(dict)).toBe('<!--car-dictionary 7:12 a%20b%3Ac:13-->\n<p>seven</p><p>odd id</p>');
    expect(dictionarySources(dict)?.map((s) => [s.id, new TextDecoder().decode(s.page)])).toEqual([
      ['7', '<p>seven</p>'],
      ['a b:c', '<p>odd id</p>'],
    ]);
    expect(dictionarySources(enc('<html>an old dictionary without the line</html>'))).toBeUndefined();
    expect(dictionarySources(dict.subarray(0, dict.length - 1))).toBeUndefined();
  });
});

describe('a built site with its dictionary, on the local static server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dictionary-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const page = (n: number) =>
    `<!DOCTYPE html><html><head><title>Car ${n}</title></head><body><header>Dealer menu</header><main><h1>Car ${n}</h1><p>${'Same layout on every car page. '.repeat(60)}</p><p>Price $${n}0,990</p></main></body></html>`;
  const cars = [1, 2, 3, 4].map((n) => ({ id: String(n), slug: `car-${n}`, car_type: n % 2 ? 'new' : 'used' }));
  for (const [i, c] of cars.entries()) {
    mkdirSync(join(dir, 'cars', c.slug), { recursive: true });
    writeFileSync(join(dir, 'cars', c.slug, 'index.html'), page(i + 1));
  }
  writeFileSync(join(dir, 'index.html'), '<!DOCTYPE html><html><body>home</body></html>');

  it('answers a car page as a small dcz delta to a browser holding the dictionary, and plainly otherwise', async () => {
    const model = { vehicles: cars, views: Object.fromEntries(cars.map((c) => [c.id, { available: c.id !== '4' }])) };
    const lines: string[] = [];
    await dictionaryOutput.write?.({ model, siteOut: dir, log: (l: string) => lines.push(l) } as unknown as OutputContext);
    expect(lines.join('\n')).toMatch(/dictionary: \/_dict\/cars\.dict from 3 car page\(s\).*4 car pages compressed/);
    writeFileSync(join(dir, '_headers'), siteHeaders(dir, makeTenant('alpha')).file);
    const dictionary = readFileSync(join(dir, '_dict', 'cars.dict'));
    const hash = createHash('sha256').update(dictionary).digest();
    const site = staticSite(dir);

    const dict = await site.handle(new Request('http://localhost/_dict/cars.dict'));
    expect(dict.status).toBe(200);
    expect(dict.headers.get('use-as-dictionary')).toBe('match="/cars/*", match-dest=("document")');
    // Text, so a host compresses it on the wire; never in a search engine's index.
    expect(dict.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(dict.headers.get('x-robots-tag')).toBe('noindex');
    expect(Buffer.from(await dict.arrayBuffer())).toEqual(dictionary);

    const asked = (extra: Record<string, string>) =>
      site.handle(new Request('http://localhost/cars/car-4', { headers: { 'accept-encoding': 'gzip, br, zstd, dcb, dcz', ...extra } }));
    const delta = await asked({ 'available-dictionary': `:${b64(hash)}:` });
    expect(delta.headers.get('content-encoding')).toBe('dcz');
    expect(delta.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(delta.headers.get('vary')).toBe('Accept-Encoding, Available-Dictionary');
    const body = new Uint8Array(await delta.arrayBuffer());
    expect(dczDictionaryHash(body)).toEqual(Uint8Array.from(hash));
    expect(zstdDecompressSync(body.subarray(DCZ_HEADER_LENGTH), { dictionary }).toString()).toBe(page(4));
    // The point of it: a fraction of the page.
    expect(body.length).toBeLessThan(page(4).length / 5);

    const stale = await asked({ 'available-dictionary': `:${b64(createHash('sha256').update('yesterday').digest())}:` });
    expect(stale.headers.get('content-encoding')).toBeNull();
    expect(await stale.text()).toBe(page(4));
    const none = await asked({});
    expect(none.headers.get('content-encoding')).toBeNull();
    // Not a car page: no sibling, no dcz.
    const home = await site.handle(new Request('http://localhost/', { headers: { 'accept-encoding': 'dcz', 'available-dictionary': `:${b64(hash)}:` } }));
    expect(home.headers.get('content-encoding')).toBeNull();
    expect(home.headers.get('vary')).toBe('Accept-Encoding');
  });

  it("keeps the published dictionary only while it is exactly its source cars' current pages", async () => {
    const model = { vehicles: cars, views: Object.fromEntries(cars.map((c) => [c.id, { available: c.id !== '4' }])) };
    const published = mkdtempSync(join(tmpdir(), 'dictionary-published-'));
    try {
      cpSync(dir, published, { recursive: true });
      const run = async (m: typeof model) => {
        const lines: string[] = [];
        await dictionaryOutput.write?.({ model: m, siteOut: dir, previousSite: published, log: (l: string) => lines.push(l) } as unknown as OutputContext);
        return lines.join('\n');
      };
      expect(await run(model)).toMatch(/kept from the published build/);
      expect(readFileSync(join(dir, '_dict', 'cars.dict'))).toEqual(readFileSync(join(published, '_dict', 'cars.dict')));
      // A source car's page changed (a price drop): made again, with the page as it is now.
      writeFileSync(join(dir, 'cars', 'car-1', 'index.html'), page(1).replace('$10,990', '$9,990'));
      expect(await run(model)).toMatch(/from 3 car page\(s\)/);
      expect(readFileSync(join(dir, '_dict', 'cars.dict'), 'utf8')).toContain('$9,990');
      // A source car sold: its page is not in the dictionary any more.
      cpSync(dir, published, { recursive: true });
      const sold = { ...model, views: { ...model.views, '1': { available: false } } };
      expect(await run(sold)).toMatch(/from 2 car page\(s\)/);
      expect(dictionarySources(readFileSync(join(dir, '_dict', 'cars.dict')))?.map((x) => x.id)).toEqual(['3', '2']);
    } finally {
      rmSync(published, { recursive: true, force: true });
    }
  });

  it('publishes the .dcz files as the pages they encode, with Content-Encoding dcz', () => {
    expect(contentTypeFor('cars/car-4/index.html.dcz')).toBe('text/html; charset=utf-8');
    expect(contentEncodingFor('cars/car-4/index.html.dcz')).toBe('dcz');
    expect(contentEncodingFor('cars/car-4/index.html')).toBeUndefined();
    expect(contentTypeFor('_dict/cars.dict')).toBe('text/plain; charset=utf-8');
    // A browser does not keep a response without freshness as a dictionary.
    expect(cacheControlFor('_dict/cars.dict')).toBe('public, max-age=3600');
  });
});
