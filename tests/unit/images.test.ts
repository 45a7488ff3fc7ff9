import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ImageJob, type ImageOptions, processImages, publishImages } from '../../scripts/lib/images/pipeline.ts';
import { contentKey, metaFile, urlRecordFile } from '../../scripts/lib/images/store.ts';
import { pruneImageCache } from '../../scripts/lib/images/prune.ts';
import type { Photo } from '../../src/lib/model/vehicle.ts';

// Count every sharp() call the pipeline makes, so a warm run can prove it did no image work at all.
const calls = vi.hoisted(() => ({ sharp: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const mod = await importOriginal<typeof import('sharp')>();
  const counted = new Proxy(mod.default, {
    apply(target, thisArg, args) {
      calls.sharp++;
      return Reflect.apply(target, thisArg, args) as unknown;
    },
  });
  return { ...mod, default: counted };
});
// ...and every hash of source bytes, so a warm run can prove it did not re-read unchanged files.
vi.mock('../../scripts/lib/images/store.ts', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../scripts/lib/images/store.ts')>();
  return { ...mod, contentKey: vi.fn(mod.contentKey) };
});

const work: string[] = [];
function tmp(prefix = 'images-test-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  work.push(d);
  return d;
}
afterAll(() => {
  for (const d of work) rmSync(d, { recursive: true, force: true });
});

/** A JPEG with a solid colour and a stripe, so different seeds give different bytes. */
async function jpeg(width: number, height: number, seed = 0, background = { r: 200, g: 30, b: 40 }): Promise<Buffer> {
  const stripe = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${seed % Math.max(1, width - 20)}" y="0" width="20" height="${height}" fill="#fff"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: stripe }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

function tenant(files: Record<string, Buffer | string> = {}): string {
  const dir = tmp('tenant-');
  for (const [rel, data] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), data);
  }
  return dir;
}

function options(tenantDir: string, cacheDir: string, extra: Partial<ImageOptions> = {}): ImageOptions {
  return { tenantDir, cacheDir, width: 640, quality: 75, ...extra };
}

function ok(photo: Photo | undefined): Extract<Photo, { ok: true }> {
  if (!photo?.ok) throw new Error(`expected an ok photo, got ${JSON.stringify(photo)}`);
  return photo;
}

function failed(photo: Photo | undefined): Extract<Photo, { ok: false }> {
  if (!photo || photo.ok) throw new Error(`expected a failed photo, got ${JSON.stringify(photo)}`);
  return photo;
}

function allFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else out.push(join(d, e.name));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

const URL_RE = /^\/img\/([0-9a-f]{2})\/([0-9a-f]{32})-[a-z0-9]+(-[a-z0-9]+)*\.webp$/;

beforeEach(() => {
  calls.sharp = 0;
  vi.mocked(contentKey).mockClear();
});

describe('variants', () => {
  it('makes the full-width sizes, the thumb and, for a card photo, both card crops as WebP at the tenant quality', async () => {
    const dir = tenant({ 'photos/a.jpg': await jpeg(1280, 720), 'photos/b.jpg': await jpeg(1280, 720, 50) });
    const cache = tmp('cache-');
    const { photos, stats, failures } = await processImages(
      [
        { source: 'photos/a.jpg', card: true },
        { source: 'photos/b.jpg', card: false },
      ],
      options(dir, cache),
    );
    expect(failures).toEqual([]);
    expect(stats).toMatchObject({ sources: 2, processed: 2, cached: 0, failed: 0, downloaded: 0, variantsWritten: 8 }); // 2 sizes + thumb + 2 crops, 2 sizes + thumb

    const a = ok(photos.get('photos/a.jpg'));
    expect(a.source).toBe('photos/a.jpg');
    expect(a.sizes.map((s) => [s.width, s.height])).toEqual([
      [640, 360],
      [1280, 720],
    ]);
    expect([a.thumb.width, a.thumb.height]).toEqual([160, 120]);
    expect(a.card && [a.card.small.width, a.card.small.height, a.card.large.width, a.card.large.height]).toEqual([528, 385, 800, 407]);
    expect(a.colour).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(a.colour.slice(i, i + 2), 16)) as [number, number, number];
    expect(r).toBeGreaterThan(150); // the image is mostly red
    expect(g).toBeLessThan(90);
    expect(b).toBeLessThan(90);

    const key = contentKey(await jpeg(1280, 720));
    expect(a.sizes[0]?.url).toBe(`/img/${key.slice(0, 2)}/${key}-w640-q75.webp`);
    expect(a.sizes[1]?.url).toBe(`/img/${key.slice(0, 2)}/${key}-w1280-q75.webp`);
    expect(a.thumb.url).toBe(`/img/${key.slice(0, 2)}/${key}-t160x120-q75.webp`);
    expect(a.card?.small.url).toBe(`/img/${key.slice(0, 2)}/${key}-c528x385-q75.webp`);
    expect(a.card?.large.url).toBe(`/img/${key.slice(0, 2)}/${key}-c800x407-q75.webp`);
    for (const v of [...a.sizes, a.thumb, a.card!.small, a.card!.large]) {
      const m = URL_RE.exec(v.url);
      expect(m?.[1]).toBe(m?.[2]?.slice(0, 2));
      const file = join(cache, 'v', v.url.slice('/img/'.length));
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', v.width, v.height]);
      expect(meta.exif).toBeUndefined();
    }

    const bPhoto = ok(photos.get('photos/b.jpg'));
    expect('card' in bPhoto).toBe(false);
    expect(bPhoto.sizes).toHaveLength(2);
  });

  it('never upscales the full-width sizes but always keeps one; honours EXIF orientation; custom width and quality', async () => {
    const portrait = await sharp(await jpeg(300, 100))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer(); // stored 300x100, shown 100x300
    const dir = tenant({ 'small.jpg': await jpeg(500, 300), 'mid.jpg': await jpeg(1000, 500), 'rotated.jpg': portrait });
    const cache = tmp('cache-');
    const jobs = ['small.jpg', 'mid.jpg', 'rotated.jpg'].map((source) => ({ source, card: true }));
    const { photos } = await processImages(jobs, options(dir, cache));
    expect(ok(photos.get('small.jpg')).sizes.map((s) => [s.width, s.height])).toEqual([[500, 300]]);
    expect(ok(photos.get('small.jpg')).sizes[0]?.url).toMatch(/-w500-q75\.webp$/);
    expect(ok(photos.get('mid.jpg')).sizes.map((s) => [s.width, s.height])).toEqual([[640, 320]]);
    const rotated = ok(photos.get('rotated.jpg'));
    expect(rotated.sizes.map((s) => [s.width, s.height])).toEqual([[100, 300]]);
    expect([rotated.card?.large.width, rotated.card?.large.height]).toEqual([800, 407]); // crops keep their exact size

    const other = await processImages([{ source: 'mid.jpg', card: false }], options(dir, cache, { width: 400, quality: 60 }));
    const mid = ok(other.photos.get('mid.jpg'));
    expect(mid.sizes.map((s) => s.width)).toEqual([400, 800]);
    expect(mid.sizes[0]?.url).toMatch(/-w400-q60\.webp$/);
    expect(mid.thumb.url).toMatch(/-t160x120-q60\.webp$/);
  });

  it('makes the card crops when any job for a source asks for them', async () => {
    const dir = tenant({ 'a.jpg': await jpeg(800, 600) });
    const { photos, stats } = await processImages(
      [
        { source: 'a.jpg', card: false },
        { source: 'a.jpg', card: true },
      ],
      options(dir, tmp()),
    );
    expect(stats.sources).toBe(1);
    expect(ok(photos.get('a.jpg')).card).toBeDefined();
  });
});

describe('the content-addressed cache', () => {
  it('is shared across tenants and builds: the second run processes nothing and does no sharp work', async () => {
    const bytes = [await jpeg(1280, 720, 1), await jpeg(1280, 720, 2), await jpeg(1280, 720, 3)];
    const files = { 'p/1.jpg': bytes[0]!, 'p/2.jpg': bytes[1]!, 'p/3.jpg': bytes[2]! };
    const jobs: ImageJob[] = Object.keys(files).map((source, i) => ({ source, card: i === 0 }));
    const cache = tmp('cache-');
    const first = await processImages(jobs, options(tenant(files), cache));
    expect(first.stats).toMatchObject({ processed: 3, cached: 0 });

    // Another tenant with the same photos under the same names: nothing to do but hash its files.
    calls.sharp = 0;
    const otherTenant = await processImages(jobs, options(tenant(files), cache));
    expect(otherTenant.stats).toMatchObject({ sources: 3, processed: 0, cached: 3, failed: 0, variantsWritten: 0 });
    expect(calls.sharp).toBe(0);
    expect([...otherTenant.photos.values()]).toEqual([...first.photos.values()]);

    // The first tenant again: unchanged files are not even re-read (path + size + mtime index).
    const dir = tenant(files);
    await processImages(jobs, options(dir, cache));
    calls.sharp = 0;
    vi.mocked(contentKey).mockClear();
    const warm = await processImages(jobs, options(dir, cache));
    expect(warm.stats).toMatchObject({ processed: 0, cached: 3, variantsWritten: 0 });
    expect(calls.sharp).toBe(0);
    expect(contentKey).not.toHaveBeenCalled();
  });

  it('reprocesses a changed file, and only that one', async () => {
    const dir = tenant({ 'a.jpg': await jpeg(640, 480, 1), 'b.jpg': await jpeg(640, 480, 2) });
    const cache = tmp('cache-');
    const jobs = [
      { source: 'a.jpg', card: false },
      { source: 'b.jpg', card: false },
    ];
    const before = await processImages(jobs, options(dir, cache));
    writeFileSync(join(dir, 'a.jpg'), await jpeg(640, 480, 99));
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dir, 'a.jpg'), later, later);
    const after = await processImages(jobs, options(dir, cache));
    expect(after.stats).toMatchObject({ processed: 1, cached: 1 });
    expect(ok(after.photos.get('a.jpg')).thumb.url).not.toBe(ok(before.photos.get('a.jpg')).thumb.url);
    expect(ok(after.photos.get('b.jpg'))).toEqual(ok(before.photos.get('b.jpg')));
  });

  it('processes the same bytes under two names once', async () => {
    const same = await jpeg(1024, 768, 7);
    const dir = tenant({ 'car1/front.jpg': same, 'car2/front-copy.jpg': same });
    const { photos, stats } = await processImages(
      [
        { source: 'car1/front.jpg', card: true },
        { source: 'car2/front-copy.jpg', card: true },
      ],
      options(dir, tmp()),
    );
    expect(stats).toMatchObject({ sources: 2, processed: 1, cached: 1, variantsWritten: 4 }); // 640 (1280 would upscale), thumb, 2 crops
    const [a, b] = [ok(photos.get('car1/front.jpg')), ok(photos.get('car2/front-copy.jpg'))];
    expect(b.sizes).toEqual(a.sizes);
    expect(b.card).toEqual(a.card);
    expect(b.source).toBe('car2/front-copy.jpg');
  });

  it('checks the variants are on disk: a deleted variant is made again, alone; no temp files are left', async () => {
    const dir = tenant({ 'a.jpg': await jpeg(1280, 720) });
    const cache = tmp('cache-');
    const first = await processImages([{ source: 'a.jpg', card: true }], options(dir, cache));
    const large = ok(first.photos.get('a.jpg')).sizes[1]!;
    rmSync(join(cache, 'v', large.url.slice('/img/'.length)));
    const again = await processImages([{ source: 'a.jpg', card: true }], options(dir, cache));
    expect(again.stats).toMatchObject({ processed: 1, cached: 0, variantsWritten: 1 });
    expect(ok(again.photos.get('a.jpg'))).toEqual(ok(first.photos.get('a.jpg')));
    expect(existsSync(join(cache, 'v', large.url.slice('/img/'.length)))).toBe(true);
    expect(allFiles(cache).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('photos that cannot be used', () => {
  let server: Server;
  let base: string;
  const hits = new Map<string, number>();
  let photoBytes: Buffer;
  // A photo the dealer replaces at the same address: its bytes, ETag, and whether the server is up.
  const replaced: { bytes: Buffer; etag: string; down: boolean } = { bytes: Buffer.alloc(0), etag: '"v1"', down: false };

  beforeAll(async () => {
    photoBytes = await jpeg(1280, 960, 11, { r: 20, g: 60, b: 200 });
    server = createServer((req, res) => {
      const path = req.url ?? '';
      hits.set(path, (hits.get(path) ?? 0) + 1);
      if (path === '/replaced.jpg') {
        if (replaced.down) {
          res.writeHead(503);
          res.end();
        } else if (req.headers['if-none-match'] === replaced.etag) {
          res.writeHead(304, { etag: replaced.etag });
          res.end();
        } else {
          res.writeHead(200, { 'content-type': 'image/jpeg', etag: replaced.etag, 'content-length': replaced.bytes.length });
          res.end(replaced.bytes);
        }
      } else if (path.startsWith('/car.jpg')) {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photoBytes.length });
        res.end(photoBytes);
      } else if (path === '/page.jpg') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html><body>Image moved</body></html>');
      } else if (path === '/slow.jpg') {
        // never answers
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('fails each bad photo with a clear reason and still builds the good ones', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const port = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(port));
      });
    });
    const good = await jpeg(800, 600);
    const truncated = good.subarray(0, Math.floor(good.length * 0.6));
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0garbage\n'), Buffer.alloc(2048, 0x5a)]);
    const dir = tenant({
      'photos/good.jpg': good,
      'photos/truncated.jpg': truncated,
      'photos/garbage.jpg': garbage,
      'photos/cut-header.png': (await sharp(good).png().toBuffer()).subarray(0, 20),
      'photos/notes.jpg': 'this is the dealer’s note, not a photo\n',
      'photos/empty.jpg': Buffer.alloc(0),
      'photos/vector.jpg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
    });
    mkdirSync(join(dir, 'photos/folder.jpg'));
    const sources = [
      'photos/good.jpg',
      'photos/missing.jpg',
      'photos/truncated.jpg',
      'photos/garbage.jpg',
      'photos/cut-header.png',
      'photos/notes.jpg',
      'photos/empty.jpg',
      'photos/vector.jpg',
      'photos/folder.jpg',
      '../../etc/passwd',
      '/etc/passwd',
      'photos/../../outside.jpg',
      'ftp://example.com/a.jpg',
      'file:///etc/passwd',
      '',
      'http://127.0.0.1:9/x.jpg',
      `http://127.0.0.1:${closedPort}/x.jpg`,
      'https://photos.no-such-dealer.invalid/x.jpg',
      `${base}/missing.jpg`,
      `${base}/page.jpg`,
      `${base}/slow.jpg`,
    ];
    const t0 = Date.now();
    const { photos, stats, failures } = await processImages(
      sources.map((source) => ({ source, card: true })),
      options(dir, tmp(), { fetchTimeoutMs: 300 }),
    );
    expect(Date.now() - t0).toBeLessThan(10_000);
    const reason = (s: string) => failed(photos.get(s)).reason;
    expect(ok(photos.get('photos/good.jpg')).card).toBeDefined();
    expect(reason('photos/missing.jpg')).toBe('file not found: photos/missing.jpg');
    expect(reason('photos/truncated.jpg')).toBe('not a decodable image (corrupt JPEG?): the file is cut short (truncated upload or download)');
    expect(reason('photos/garbage.jpg')).toMatch(/^not a decodable image \(corrupt JPEG\?\): /);
    expect(reason('photos/cut-header.png')).toBe('not a decodable image (corrupt PNG?): the file is damaged or cut short (no end-of-image marker)');
    expect(reason('photos/notes.jpg')).toBe('not an image (looks like text)');
    expect(reason('photos/empty.jpg')).toBe('empty file (0 bytes)');
    expect(reason('photos/vector.jpg')).toMatch(/^unsupported image format \(svg\)/);
    expect(reason('photos/folder.jpg')).toMatch(/^not a file: photos\/folder\.jpg/);
    expect(reason('../../etc/passwd')).toBe('refused: ../../etc/passwd is outside the tenant folder');
    expect(reason('/etc/passwd')).toBe('refused: /etc/passwd is outside the tenant folder');
    expect(reason('photos/../../outside.jpg')).toMatch(/outside the tenant folder/);
    expect(reason('ftp://example.com/a.jpg')).toMatch(/^refused: unsupported URL scheme "ftp:"/);
    expect(reason('file:///etc/passwd')).toMatch(/^refused: unsupported URL scheme "file:"/);
    expect(reason('')).toBe('empty photo reference');
    expect(reason('http://127.0.0.1:9/x.jpg')).toBe("refused: port 9 is on the Fetch standard's blocked-port list fetching http://127.0.0.1:9/x.jpg");
    expect(reason(`http://127.0.0.1:${closedPort}/x.jpg`)).toBe(`connection refused by 127.0.0.1:${closedPort} fetching http://127.0.0.1:${closedPort}/x.jpg`);
    expect(reason('https://photos.no-such-dealer.invalid/x.jpg')).toMatch(
      /^DNS lookup failed for photos\.no-such-dealer\.invalid \((ENOTFOUND|EAI_AGAIN|EAI_FAIL)\) fetching https:\/\/photos\.no-such-dealer\.invalid\/x\.jpg$/,
    );
    expect(reason(`${base}/missing.jpg`)).toBe(`HTTP 404 Not Found from ${base}/missing.jpg`);
    expect(reason(`${base}/page.jpg`)).toBe('not an image (looks like an HTML page; server sent text/html)');
    expect(reason(`${base}/slow.jpg`)).toBe(`timed out after 300 ms fetching ${base}/slow.jpg`);

    expect(stats).toMatchObject({ sources: sources.length, processed: 1, failed: sources.length - 1 });
    expect(failures.map((f) => f.source)).toEqual(sources.slice(1));
    expect(failures.every((f) => f.reason.length > 0)).toBe(true);
  });

  it('stops trying a host whose name does not resolve', async () => {
    const sources = [1, 2, 3].map((i) => `http://cdn.no-such-dealer.invalid/${i}.jpg`);
    const { photos, stats } = await processImages(
      sources.map((source) => ({ source, card: false })),
      options(tenant(), tmp(), { fetchConcurrency: 1 }),
    );
    expect(stats.failed).toBe(3);
    expect(failed(photos.get(sources[0]!)).reason).toMatch(/^DNS lookup failed for cdn\.no-such-dealer\.invalid/);
    for (const s of sources.slice(1)) {
      expect(failed(photos.get(s)).reason).toMatch(
        new RegExp(`host cdn\\.no-such-dealer\\.invalid unreachable earlier in this build, not retried\\) fetching ${s.replaceAll('.', '\\.')}$`),
      );
    }
  });

  it('downloads a URL once, processes it, and re-uses the download on the next build', async () => {
    const cache = tmp('cache-');
    const dir = tenant();
    const url = `${base}/car.jpg?v=1`;
    const before = hits.get('/car.jpg?v=1') ?? 0;
    const first = await processImages([{ source: url, card: true }], options(dir, cache));
    expect(first.stats).toMatchObject({ downloaded: 1, processed: 1, failed: 0 });
    const photo = ok(first.photos.get(url));
    expect(photo.sizes.map((s) => [s.width, s.height])).toEqual([
      [640, 480],
      [1280, 960],
    ]);
    expect(photo.colour).toMatch(/^#[0-9a-f]{6}$/);
    calls.sharp = 0;
    const second = await processImages([{ source: url, card: true }], options(dir, cache));
    expect(second.stats).toMatchObject({ downloaded: 0, processed: 0, cached: 1 });
    expect(calls.sharp).toBe(0);
    expect(hits.get('/car.jpg?v=1')).toBe(before + 1);
    expect(ok(second.photos.get(url))).toEqual(photo);

    // New parameters for the same URL are made from the kept bytes, still without downloading.
    const third = await processImages([{ source: url, card: false }], options(dir, cache, { width: 320 }));
    expect(third.stats).toMatchObject({ downloaded: 0, processed: 1 });
    expect(hits.get('/car.jpg?v=1')).toBe(before + 1);
  });

  it('checks a downloaded photo with its server again after 7 days: 304 keeps it, new bytes replace it, a server that is down leaves it', async () => {
    replaced.bytes = await jpeg(800, 600, 21);
    replaced.etag = '"v1"';
    const cache = tmp('cache-');
    const dir = tenant();
    const url = `${base}/replaced.jpg`;
    const day = 86_400_000;
    const t0 = Date.now();
    const build = (at: number) => processImages([{ source: url, card: false }], options(dir, cache, { now: () => at }));
    const hitsNow = () => hits.get('/replaced.jpg') ?? 0;
    const start = hitsNow();
    const first = await build(t0);
    const firstUrl = ok(first.photos.get(url)).sizes[0]!.url;
    expect(hitsNow()).toBe(start + 1);

    // Within 7 days: no request at all.
    expect((await build(t0 + 6 * day)).stats).toMatchObject({ cached: 1, downloaded: 0 });
    expect(hitsNow()).toBe(start + 1);

    // After 7 days: a conditional GET; 304 keeps the photo without a download, and the check is remembered.
    const checked = await build(t0 + 8 * day);
    expect(checked.stats).toMatchObject({ cached: 1, downloaded: 0, processed: 0 });
    expect(hitsNow()).toBe(start + 2);
    await build(t0 + 9 * day);
    expect(hitsNow()).toBe(start + 2);

    // The server is down at the next check: the photo we have stays.
    replaced.down = true;
    const down = await build(t0 + 20 * day);
    expect(ok(down.photos.get(url)).sizes[0]!.url).toBe(firstUrl);
    expect(down.failures).toEqual([]);
    replaced.down = false;

    // The dealer replaced the photo at the same address: the new one is downloaded and made.
    replaced.bytes = await jpeg(800, 600, 77);
    replaced.etag = '"v2"';
    const fresh = await build(t0 + 30 * day);
    expect(fresh.stats).toMatchObject({ downloaded: 1, processed: 1, failed: 0 });
    expect(ok(fresh.photos.get(url)).sizes[0]!.url).not.toBe(firstUrl);
    expect(ok(fresh.photos.get(url)).sizes[0]!.url).toContain(contentKey(replaced.bytes));
  });

  it('tries a failing URL once per build however many cars share it, and again on the next build', async () => {
    const url = `${base}/gone.jpg`;
    const dir = tenant();
    const cache = tmp('cache-');
    const run = () =>
      processImages(
        [
          { source: url, card: true },
          { source: url, card: false },
          { source: ` ${url}`, card: false },
        ],
        options(dir, cache),
      );
    const first = await run();
    expect(first.stats.failed).toBe(2);
    expect(hits.get('/gone.jpg')).toBe(1);
    await run();
    expect(hits.get('/gone.jpg')).toBe(2);
  });
});

describe('pruning the cache (sold cars do not pile up)', () => {
  it('each build marks the photos it used; pruning removes those unused for N days, a pruned photo is simply made again', async () => {
    const files = { 'a.jpg': await jpeg(800, 600, 11), 'b.jpg': await jpeg(800, 600, 12) };
    const dir = tenant(files);
    const cache = tmp('cache-');
    const keyOf = (photo: Photo | undefined) => URL_RE.exec(ok(photo).sizes[0]!.url)![2]!;
    const first = await processImages(
      [
        { source: 'a.jpg', card: true },
        { source: 'b.jpg', card: false },
      ],
      options(dir, cache),
    );
    const [a, b] = [keyOf(first.photos.get('a.jpg')), keyOf(first.photos.get('b.jpg'))];
    expect(Date.now() - statSync(metaFile(cache, a)).mtimeMs).toBeLessThan(60_000);

    // b's car was sold 40 days ago; a is still in stock and used by tonight's build.
    const old = new Date(Date.now() - 40 * 86_400_000);
    utimesSync(metaFile(cache, a), old, old);
    utimesSync(metaFile(cache, b), old, old);
    await processImages([{ source: 'a.jpg', card: true }], options(dir, cache));
    expect(Date.now() - statSync(metaFile(cache, a)).mtimeMs).toBeLessThan(60_000);
    // A URL record for each key, and a stray old variant nobody describes.
    for (const [url, key] of [
      ['https://photos.example.com/a.jpg', a],
      ['https://photos.example.com/b.jpg', b],
    ] as const) {
      mkdirSync(join(urlRecordFile(cache, url), '..'), { recursive: true });
      writeFileSync(urlRecordFile(cache, url), JSON.stringify({ url, key, bytes: 1, at: old.toISOString() }));
    }
    const stray = join(cache, 'v', 'ff', `${'f'.repeat(32)}-w640-q75.webp`);
    mkdirSync(join(stray, '..'), { recursive: true });
    writeFileSync(stray, 'x');
    utimesSync(stray, old, old);

    const before = allFiles(cache);
    const dry = await pruneImageCache(cache, { maxAgeDays: 30, dryRun: true });
    expect(dry).toMatchObject({ keys: 1, kept: 1 });
    expect(allFiles(cache)).toEqual(before);

    const pruned = await pruneImageCache(cache, { maxAgeDays: 30 });
    expect(pruned).toEqual(dry);
    const left = allFiles(cache).map((f) => f.slice(cache.length));
    expect(left.some((f) => f.includes(b))).toBe(false);
    expect(left.filter((f) => f.includes(a) && f.endsWith('.webp')).length).toBeGreaterThan(0);
    expect(existsSync(stray)).toBe(false);
    expect(existsSync(urlRecordFile(cache, 'https://photos.example.com/b.jpg'))).toBe(false);
    expect(existsSync(urlRecordFile(cache, 'https://photos.example.com/a.jpg'))).toBe(true);

    // The photo comes back if a car uses it again.
    const again = await processImages([{ source: 'b.jpg', card: false }], options(dir, cache));
    expect(again.stats).toMatchObject({ processed: 1, failed: 0 });
    expect(keyOf(again.photos.get('b.jpg'))).toBe(b);
    await expect(pruneImageCache(cache, { maxAgeDays: 0 })).rejects.toThrow('maxAgeDays must be at least 1');
  });
});

describe('publishImages', () => {
  it('hard-links every variant of the ok photos into <out>/img and skips failed ones', async () => {
    const dir = tenant({ 'a.jpg': await jpeg(1280, 720, 1), 'b.jpg': await jpeg(700, 500, 2) });
    const cache = tmp('cache-');
    const { photos } = await processImages(
      [
        { source: 'a.jpg', card: true },
        { source: 'b.jpg', card: false },
        { source: 'nope.jpg', card: true },
      ],
      options(dir, cache),
    );
    const out = tmp('site-');
    const result = await publishImages(photos.values(), cache, out);
    const a = ok(photos.get('a.jpg'));
    const b = ok(photos.get('b.jpg'));
    const urls = [...a.sizes, a.thumb, a.card!.small, a.card!.large, ...b.sizes, b.thumb].map((v) => v.url);
    expect(result.files).toBe(urls.length); // 5 + 2
    expect(result.missing).toEqual([]);
    let bytes = 0;
    for (const url of urls) {
      const published = join(out, url);
      const cached = join(cache, 'v', url.slice('/img/'.length));
      expect(statSync(published).ino).toBe(statSync(cached).ino);
      bytes += statSync(published).size;
    }
    expect(result.bytes).toBe(bytes);
    expect(allFiles(join(out, 'img'))).toHaveLength(urls.length);

    // Publishing again (into an existing outDir) is fine.
    expect((await publishImages(photos.values(), cache, out)).files).toBe(urls.length);
    // A custom prefix publishes under that path.
    const out2 = tmp('site-');
    const again = await processImages([{ source: 'b.jpg', card: false }], options(dir, cache, { urlPrefix: '/media/photos' }));
    expect(ok(again.photos.get('b.jpg')).thumb.url).toMatch(/^\/media\/photos\/[0-9a-f]{2}\//);
    const r2 = await publishImages(again.photos.values(), cache, out2, '/media/photos');
    expect(r2.files).toBe(2);
    expect(existsSync(join(out2, ok(again.photos.get('b.jpg')).thumb.url))).toBe(true);
  });
});
