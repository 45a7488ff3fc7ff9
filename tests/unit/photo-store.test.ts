// The fleet's photo store on a real S3-compatible server (s3rver on 127.0.0.1): photos at a dealer's
// web address are neither downloaded nor encoded by a runner whose cache is empty once another runner
// has made them, and a store that cannot be reached costs work, never a photo.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhotoStore } from '../../scripts/lib/images/photo-store.ts';
import { pruneStore } from '../../scripts/lib/images/store-prune.ts';
import { listUnder, putJson } from '../../scripts/lib/publish/bucket.ts';
import { processImages, type ImageOptions } from '../../scripts/lib/images/pipeline.ts';
import { createS3Client } from '../../scripts/lib/publish/bucket.ts';
import type { Photo } from '../../src/lib/model/vehicle.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../../scripts/lib/publish/local-s3.ts';

const ENV = {
  AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
  AWS_EC2_METADATA_DISABLED: 'true',
};
const saved: Record<string, string | undefined> = {};
const work: string[] = [];
let s3: LocalS3;
let server: Server;
let base = '';
let photoRequests = 0;
const photos = new Map<string, Buffer>();

const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'photo-store-'));
  work.push(d);
  return d;
};

beforeAll(async () => {
  for (const [k, v] of Object.entries(ENV)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  for (let i = 0; i < 4; i++) {
    photos.set(
      `/car-${i}.jpg`,
      await sharp({ create: { width: 1400, height: 1050, channels: 3, background: { r: 20 + i * 50, g: 100, b: 60 } } })
        .jpeg()
        .toBuffer(),
    );
  }
  server = createServer((req, res) => {
    photoRequests++;
    const body = photos.get(req.url ?? '');
    if (!body) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'image/jpeg', etag: `"${req.url ?? ''}-v1"` }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  s3 = await startLocalS3();
}, 60_000);

afterAll(async () => {
  await s3?.close();
  await new Promise((r) => server?.close(r));
  for (const d of work) rmSync(d, { recursive: true, force: true });
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

function options(store: PhotoStore | undefined): ImageOptions {
  return { tenantDir: tmp(), cacheDir: tmp(), width: 640, quality: 75, store };
}

describe('the photo store', () => {
  it('a runner with an empty cache neither downloads nor encodes photos another runner made', async () => {
    const client = createS3Client({ endpoint: s3.endpoint });
    const jobs = [...photos.keys()].map((p, i) => ({ source: `${base}${p}`, card: i === 0 }));

    const first = await processImages(jobs, options(new PhotoStore(client, s3.bucket, 'fleet/')));
    expect(first.stats).toMatchObject({ processed: 4, downloaded: 4, failed: 0 });
    const before = photoRequests;

    const store = new PhotoStore(client, s3.bucket, 'fleet/');
    const second = await processImages(jobs, options(store));
    expect(second.stats).toMatchObject({ processed: 0, fromStore: 4, downloaded: 0, failed: 0, variantsWritten: 0 });
    expect(photoRequests).toBe(before); // the dealer's server was not asked again
    expect(store.stats.errors).toBe(0);
    // The same photos: the same variants, sizes and colour, so the pages are the same.
    expect([...second.photos.values()]).toEqual([...first.photos.values()]);
    client.destroy();
  });

  it('a photo the store lacks a variant of (a card crop) is encoded here and the store completed', async () => {
    const client = createS3Client({ endpoint: s3.endpoint });
    const source = `${base}/car-3.jpg`; // stored above without card crops
    const store = new PhotoStore(client, s3.bucket, 'fleet/');
    const run = await processImages([{ source, card: true }], options(store));
    expect(run.stats).toMatchObject({ processed: 1, failed: 0 });
    expect(store.stats.stored).toBe(1);
    const again = await processImages([{ source, card: true }], options(new PhotoStore(client, s3.bucket, 'fleet/')));
    expect(again.stats).toMatchObject({ processed: 0, fromStore: 1 });
    client.destroy();
  });

  it('a store that cannot be reached costs the work, never a photo', async () => {
    const client = createS3Client({ endpoint: 'http://127.0.0.1:9' });
    const store = new PhotoStore(client, s3.bucket, 'fleet/');
    const jobs = [...photos.keys()].map((p) => ({ source: `${base}${p}`, card: false }));
    const run = await processImages(jobs, options(store));
    expect(run.stats).toMatchObject({ processed: 4, failed: 0 });
    // Left alone after five failures in a row, not retried for every photo.
    expect(store.stats.errors).toBeGreaterThan(0);
    expect(store.stats.errors).toBeLessThanOrEqual(5 + 4);
    expect(store.usable).toBe(false);
    expect(store.stats.firstError).toMatch(/fleet\/_photos\//);
    client.destroy();
  }, 60_000);

  it('prunes by reference: what a kept release shows stays, whatever its age; the rest goes once old', async () => {
    const client = createS3Client({ endpoint: s3.endpoint });
    const jobs = [0, 1, 2].map((i) => ({ source: `${base}/car-${i}.jpg`, card: false }));
    const made = await processImages(jobs, options(new PhotoStore(client, s3.bucket, 'prune/')));
    const urls = (p: Photo | undefined) => (p?.ok ? [...p.sizes, p.thumb].map((v) => v.url.slice(1)) : []);
    const shown = urls(made.photos.get(jobs[0]!.source));
    expect(shown.length).toBeGreaterThan(0);
    // One tenant whose kept release (slot b, a rollback target) shows car-0's photo only.
    const files = Object.fromEntries(shown.map((rel) => [rel, { sha256: 'x', size: 1, content_type: 'image/webp', cache_control: 'x', etag: 'x' }]));
    await putJson(client, s3.bucket, 'prune/oak-motors/_meta/manifest-b.json', { version: 1, tenant: 'oak-motors', published_at: '', files });
    const keyOf = (p: Photo | undefined) => (p?.ok ? /\/([0-9a-f]{32})-/.exec(p.thumb.url)?.[1] : undefined);

    // Young photos stay even when no release shows them yet (a photo-only job ran before the build).
    const today = await pruneStore(client, { bucket: s3.bucket, prefix: 'prune/', maxAgeDays: 30 });
    expect(today).toMatchObject({ tenants: 1, removed: 0, kept: 3 });

    const later = Date.now() + 40 * 86_400_000;
    const dry = await pruneStore(client, { bucket: s3.bucket, prefix: 'prune/', maxAgeDays: 30, now: later, dryRun: true });
    expect(dry).toMatchObject({ removed: 2, kept: 1, urlRecords: 3 });
    const r = await pruneStore(client, { bucket: s3.bucket, prefix: 'prune/', maxAgeDays: 30, now: later });
    expect(r.removed).toBe(2);
    const left = [...(await listUnder(client, s3.bucket, 'prune/_photos/')).keys()];
    const kept = keyOf(made.photos.get(jobs[0]!.source))!;
    expect(left.filter((k) => k.startsWith('meta/'))).toEqual([`meta/${kept.slice(0, 2)}/${kept}.json`]);
    expect(left.filter((k) => k.startsWith('v/')).every((k) => k.includes(kept))).toBe(true);
    for (const rel of shown) expect(left).toContain(`v/${rel.slice('img/'.length)}`);
    client.destroy();
  });

  it("puts what a runner's cache already had into the store once (a cache older than the store), then asks no more", async () => {
    const client = createS3Client({ endpoint: s3.endpoint });
    const jobs = [0, 1].map((i) => ({ source: `${base}/car-${i}.jpg`, card: i === 0 }));
    const opts = options(undefined);
    const before = await processImages(jobs, opts); // no store: the cache alone
    expect(before.stats.processed).toBe(2);

    const store = new PhotoStore(client, s3.bucket, 'backfill/');
    const warm = await processImages(jobs, { ...opts, store });
    expect(warm.stats).toMatchObject({ processed: 0, cached: 2 });
    expect(store.stats.backfilled).toBe(2);

    // Remembered: the next warm build makes no request to the store at all.
    const requests = (await s3.log()).length;
    const again = new PhotoStore(client, s3.bucket, 'backfill/');
    await processImages(jobs, { ...opts, store: again });
    expect(again.stats).toMatchObject({ backfilled: 0, fetchedFiles: 0, errors: 0 });
    expect((await s3.log()).length).toBe(requests);

    // And a runner with an empty cache now finds them in the store.
    const fresh = await processImages(jobs, options(new PhotoStore(client, s3.bucket, 'backfill/')));
    expect(fresh.stats).toMatchObject({ processed: 0, fromStore: 2, downloaded: 0 });
    client.destroy();
  });
});
