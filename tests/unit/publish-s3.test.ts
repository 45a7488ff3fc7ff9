// Publishing to a real S3-compatible server (s3rver on 127.0.0.1, a random free port), started and stopped here.
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../../scripts/lib/publish/content.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3, type LoggedRequest } from '../../scripts/lib/publish/local-s3.ts';
import { createS3Client, publishDist, type PublishEvent, type PublishOptions, type TenantPublishStats } from '../../scripts/lib/publish/publish.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const IMG = 'img/ab/ab0123456789abcdef0123456789abcd-w640-q75.webp';
const PREFIX = 'sites/';

let s3: LocalS3;
let client: S3Client;
let out: string;
const savedEnv: Record<string, string | undefined> = {};
const ENV = {
  AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
  AWS_EC2_METADATA_DISABLED: 'true',
};

function write(rel: string, body: string | Buffer): void {
  mkdirSync(dirname(join(out, rel)), { recursive: true });
  writeFileSync(join(out, rel), body);
}

function report(slug: string, status: 'ok' | 'held' | 'failed'): void {
  write(`_build/${slug}/report.json`, JSON.stringify({ tenant: slug, status, ...(status === 'held' ? { held: { reason: 'lost most cars' } } : {}) }));
}

async function publish(
  extra: Partial<PublishOptions> = {},
): Promise<{ stats: Map<string, TenantPublishStats>; events: PublishEvent[]; requests: LoggedRequest[]; ok: boolean }> {
  const events: PublishEvent[] = [];
  const from = (await s3.log()).length;
  const result = await publishDist(client, { out, bucket: s3.bucket, prefix: PREFIX, concurrency: 4, onEvent: (e) => events.push(e), ...extra });
  return { stats: new Map(result.tenants.map((s) => [s.tenant, s])), events, requests: (await s3.log()).slice(from), ok: result.ok };
}

async function body(key: string): Promise<string> {
  const res = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return (await res.Body?.transformToString()) ?? '';
}

const writes = (requests: LoggedRequest[]): LoggedRequest[] => requests.filter((r) => r.method === 'PUT' || r.method === 'DELETE' || r.method === 'POST');

beforeAll(async () => {
  for (const [k, v] of Object.entries(ENV)) {
    savedEnv[k] = process.env[k];
    process.env[k] = v;
  }
  s3 = await startLocalS3({ bucket: 'dealer-sites' });
  client = createS3Client({ endpoint: s3.endpoint, region: 'us-east-1' });
  out = mkdtempSync(join(tmpdir(), 'publish-s3-'));

  report('shop', 'ok');
  write('shop/index.html', '<!doctype html><title>Shop</title><script src="/_astro/x.abc123.js"></script>');
  write('shop/cars/a/index.html', '<!doctype html><title>Car A</title><p>$20,000</p>');
  write('shop/cars/b/index.html', '<!doctype html><title>Car B</title>');
  write('shop/cars/a/autogauge', '{"fill":50}');
  write('shop/_astro/x.abc123.js', 'console.log("x")');
  write('shop/search-index/0123abcd4567.json', '{"docs":[]}');
  write(`shop/${IMG}`, Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]));
  write('shop/robots.txt', 'User-agent: *\n');

  // A held tenant: its old site is live in the bucket and its local folder differs; neither may be touched.
  report('held-shop', 'held');
  write('held-shop/index.html', 'new but held');
  await client.send(
    new PutObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}held-shop/index.html`, Body: Buffer.from('live site'), ContentType: 'text/html' }),
  );
  await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}held-shop/old.html`, Body: Buffer.from('old page'), ContentType: 'text/html' }));
});

afterAll(async () => {
  client?.destroy();
  await s3?.close();
  if (out) rmSync(out, { recursive: true, force: true });
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('publish to a local S3 server', () => {
  it('uploads the whole site the first time, with content types and cache headers, and leaves the held tenant alone', async () => {
    const { stats, requests, ok } = await publish();
    expect(ok).toBe(true);
    const shop = stats.get('shop')!;
    expect(shop).toMatchObject({ status: 'published', files: 8, uploaded: 8, unchanged: 0, deleted: 0, compared_with: 'none', manifest_written: true });
    expect(stats.get('held-shop')).toMatchObject({ status: 'held', uploaded: 0, reason: 'lost most cars' });

    const expected: [string, string, string][] = [
      ['index.html', 'text/html; charset=utf-8', REVALIDATE_CACHE],
      ['cars/a/index.html', 'text/html; charset=utf-8', REVALIDATE_CACHE],
      ['cars/a/autogauge', 'application/json; charset=utf-8', REVALIDATE_CACHE],
      ['_astro/x.abc123.js', 'text/javascript; charset=utf-8', IMMUTABLE_CACHE],
      ['search-index/0123abcd4567.json', 'application/json; charset=utf-8', IMMUTABLE_CACHE],
      [IMG, 'image/webp', IMMUTABLE_CACHE],
      ['robots.txt', 'text/plain; charset=utf-8', REVALIDATE_CACHE],
    ];
    for (const [rel, type, cache] of expected) {
      const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}shop/${rel}` }));
      expect([rel, head.ContentType, head.CacheControl]).toEqual([rel, type, cache]);
    }
    expect(await body(`${PREFIX}shop/cars/a/index.html`)).toBe('<!doctype html><title>Car A</title><p>$20,000</p>');
    const manifest = JSON.parse(await body(`${PREFIX}shop/.publish-manifest.json`));
    expect(Object.keys(manifest.files).sort()).toHaveLength(8);

    expect(requests.filter((r) => r.path.includes('/held-shop/'))).toEqual([]);
    expect(await body(`${PREFIX}held-shop/index.html`)).toBe('live site');

    // Assets before pages: every HTML PUT started after the last non-HTML PUT was answered.
    const puts = requests.filter((r) => r.method === 'PUT' && !r.path.endsWith('.publish-manifest.json'));
    const lastAsset = Math.max(...puts.filter((r) => !r.path.endsWith('.html')).map((r) => r.finished));
    const firstPage = Math.min(...puts.filter((r) => r.path.endsWith('.html')).map((r) => r.started));
    expect(lastAsset).toBeLessThan(firstPage);
  });

  it('uploads nothing the second time', async () => {
    const { stats, requests } = await publish();
    expect(stats.get('shop')).toMatchObject({
      status: 'published',
      uploaded: 0,
      uploaded_bytes: 0,
      unchanged: 8,
      deleted: 0,
      compared_with: 'manifest',
      manifest_written: false,
    });
    expect(writes(requests)).toEqual([]);
  });

  it('uploads the changed and the new page, deletes the removed one, and deletes only after the uploads and the manifest', async () => {
    write('shop/cars/a/index.html', '<!doctype html><title>Car A</title><p>$18,500</p>');
    write('shop/cars/c/index.html', '<!doctype html><title>Car C</title>');
    rmSync(join(out, 'shop/cars/b'), { recursive: true });

    const { stats, events, requests } = await publish();
    expect(stats.get('shop')).toMatchObject({ status: 'published', uploaded: 2, unchanged: 6, deleted: 1, manifest_written: true });
    expect(events.map((e) => e.op)).toEqual(['put', 'put', 'manifest', 'delete']);
    expect(
      events
        .map((e) => e.key)
        .slice(0, 2)
        .sort(),
    ).toEqual([`${PREFIX}shop/cars/a/index.html`, `${PREFIX}shop/cars/c/index.html`]);
    expect(events.slice(2).map((e) => e.key)).toEqual([`${PREFIX}shop/.publish-manifest.json`, `${PREFIX}shop/cars/b/index.html`]);
    // The server's own log: two page PUTs, the manifest PUT, then the multi-object delete, which
    // arrived after every PUT had been answered.
    const w = writes(requests);
    expect(w.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        `PUT /dealer-sites/${PREFIX}shop/cars/a/index.html`,
        `PUT /dealer-sites/${PREFIX}shop/cars/c/index.html`,
        `PUT /dealer-sites/${PREFIX}shop/.publish-manifest.json`,
        'POST /dealer-sites/',
      ].sort(),
    );
    expect(w.find((r) => r.method === 'POST')?.querystring).toMatch(/^delete/);
    const del = w.find((r) => r.method === 'POST')!;
    for (const put of w.filter((r) => r.method === 'PUT')) expect(put.finished).toBeLessThan(del.started);
    expect(await body(`${PREFIX}shop/cars/a/index.html`)).toContain('$18,500');
    await expect(body(`${PREFIX}shop/cars/b/index.html`)).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('dry run reads the bucket and changes nothing', async () => {
    write('shop/robots.txt', 'User-agent: *\nDisallow: /compare/\n');
    const { stats, requests } = await publish({ dryRun: true });
    expect(stats.get('shop')).toMatchObject({ status: 'dry-run', uploaded: 1, unchanged: 7, deleted: 0, manifest_written: false });
    expect(writes(requests)).toEqual([]);
    expect(await body(`${PREFIX}shop/robots.txt`)).toBe('User-agent: *\n');
    expect((await publish()).stats.get('shop')).toMatchObject({ uploaded: 1, unchanged: 7 });
  });

  it('re-uploads an object changed behind its back, and without a manifest compares by ETag and headers', async () => {
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}shop/robots.txt`, Body: Buffer.from('tampered'), ContentType: 'text/plain' }));
    expect((await publish()).stats.get('shop')).toMatchObject({ uploaded: 1, unchanged: 7, compared_with: 'manifest' });

    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}shop/.publish-manifest.json` }));
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}shop/stray.txt`, Body: Buffer.from('left over'), ContentType: 'text/plain' }));
    // Same bytes, wrong Cache-Control: the fallback's HEAD catches it.
    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: `${PREFIX}shop/index.html`,
        Body: Buffer.from(await body(`${PREFIX}shop/index.html`)),
        ContentType: 'text/html; charset=utf-8',
      }),
    );
    const { stats, events } = await publish();
    expect(stats.get('shop')).toMatchObject({ compared_with: 'listing', uploaded: 1, unchanged: 7, deleted: 1, manifest_written: true });
    expect(events.map((e) => `${e.op} ${e.key}`)).toEqual([
      `put ${PREFIX}shop/index.html`,
      `manifest ${PREFIX}shop/.publish-manifest.json`,
      `delete ${PREFIX}shop/stray.txt`,
    ]);
    expect((await publish()).stats.get('shop')).toMatchObject({ uploaded: 0, compared_with: 'manifest' });
  });

  it('a failing tenant stops before its deletes while the others still publish', async () => {
    report('broken', 'ok');
    write('broken/about/index.html', 'no home page');
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}broken/index.html`, Body: Buffer.from('live'), ContentType: 'text/html' }));
    write('shop/cars/d/index.html', '<!doctype html><title>Car D</title>');
    const { stats, ok, requests } = await publish();
    expect(ok).toBe(false);
    expect(stats.get('broken')).toMatchObject({ status: 'failed', failed_during: 'reading' });
    expect(stats.get('broken')!.error).toMatch(/no index\.html/);
    expect(requests.filter((r) => r.path.includes('/broken/'))).toEqual([]);
    expect(stats.get('shop')).toMatchObject({ status: 'published', uploaded: 1 });
    rmSync(join(out, 'broken'), { recursive: true });
    rmSync(join(out, '_build/broken'), { recursive: true });
  });

  it('only publishes the tenants named with --only, and names an unknown one', async () => {
    const { stats } = await publish({ only: ['held-shop'] });
    expect([...stats.keys()]).toEqual(['held-shop']);
    await expect(publish({ only: ['shop', 'nope'] })).rejects.toThrow(/--only: no tenant "nope"/);
  });

  it('pages through a folder of more than 1,000 objects (one listing page)', async () => {
    report('big', 'ok');
    write('big/index.html', 'big');
    for (let i = 0; i < 1010; i++) write(`big/p/${i}.txt`, `page ${i}`);
    expect((await publish({ only: ['big'], concurrency: 16 })).stats.get('big')).toMatchObject({ status: 'published', uploaded: 1011 });
    for (let i = 0; i < 5; i++) rmSync(join(out, `big/p/${i}.txt`));
    const again = await publish({ only: ['big'], concurrency: 16 });
    expect(again.stats.get('big')).toMatchObject({ status: 'published', uploaded: 0, unchanged: 1006, deleted: 5 });
    // The listing took two pages: the second asked with the first one's continuation token.
    expect(again.requests.filter((r) => r.method === 'GET' && /list-type=2/.test(r.querystring) && /continuation-token=/.test(r.querystring))).toHaveLength(1);
    rmSync(join(out, 'big'), { recursive: true });
    rmSync(join(out, '_build/big'), { recursive: true });
  });

  it('the CLI publishes with credentials from the environment and prints one line per tenant', () => {
    write('shop/cars/e/index.html', '<!doctype html><title>Car E</title>');
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['scripts/publish.ts', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...ENV }, timeout: 60_000 });
    const r = run(['--out', out, '--bucket', s3.bucket, '--prefix', PREFIX, '--endpoint', s3.endpoint, '--region', 'us-east-1']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\[shop\] published: 1 uploaded \(0\.00 MB\), 9 unchanged, 0 deleted in \d+\.\d s$/m);
    expect(r.stdout).toMatch(/^\[held-shop\] held: not published, the live site is kept \(lost most cars\)$/m);

    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: node scripts\/publish.ts/);
    const unknown = run(['--out', out, '--bucket', s3.bucket, '--bogus']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/--bogus/);
    const bad = run(['--out', out, '--bucket', s3.bucket, '--concurrency', 'two']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--concurrency "two"/);
    const missing = run(['--out', out]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/--bucket/);
  });
});
