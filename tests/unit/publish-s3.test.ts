// Publishing releases to a real S3-compatible server (s3rver on 127.0.0.1, a random free port), served
// through the reference host that reads the pointer: what a shopper would get at every step.
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketHost } from '../../scripts/lib/publish/bucket-host.ts';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../../scripts/lib/publish/content.ts';
import { SLOT_COOLDOWN_MS } from '../../scripts/lib/publish/layout.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3, type LoggedRequest } from '../../scripts/lib/publish/local-s3.ts';
import {
  createS3Client,
  publishDist,
  publishTenant,
  type PublishEvent,
  type PublishOptions,
  type TenantPublishStats,
} from '../../scripts/lib/publish/publish.ts';
import { listReleases, rollbackTenant } from '../../scripts/lib/publish/releases.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const IMG = 'img/ab/ab0123456789abcdef0123456789abcd-w640-q75.webp';
const PREFIX = 'sites/';

let s3: LocalS3;
let client: S3Client;
let out: string;
/** The publisher's clock: moved past the slot cooldown between publishes, as nights are. */
let clock = Date.parse('2026-11-26T16:00:00Z');
const tick = (): number => (clock += SLOT_COOLDOWN_MS + 60_000);
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
  tick();
  const result = await publishDist(client, {
    out,
    bucket: s3.bucket,
    prefix: PREFIX,
    concurrency: 4,
    onEvent: (e) => events.push(e),
    now: () => new Date(clock),
    ...extra,
  });
  return { stats: new Map(result.tenants.map((s) => [s.tenant, s])), events, requests: (await s3.log()).slice(from), ok: result.ok };
}

async function body(key: string): Promise<string> {
  const res = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return (await res.Body?.transformToString()) ?? '';
}

/** What a shopper gets for `path` on the tenant's site, through the pointer (no pointer cache). */
async function served(slug: string, path: string): Promise<{ status: number; text: string; type: string | null }> {
  const host = bucketHost({ client, bucket: s3.bucket, prefix: PREFIX, tenantFor: () => slug, ttlMs: 0 });
  const res = await host(new Request(`http://shop.example${path}`));
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
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
  write('shop/404.html', '<!doctype html><title>Not here</title>');

  // A held tenant: its old site is live in the bucket and its local folder differs; neither may be touched.
  report('held-shop', 'held');
  write('held-shop/index.html', 'new but held');
  await client.send(
    new PutObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}held-shop/index.html`, Body: Buffer.from('live site'), ContentType: 'text/html' }),
  );
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

describe('publishing releases to a local S3 server', () => {
  it('the first publish writes the site into a slot with its headers, then the pointer, and leaves the held tenant alone', async () => {
    const { stats, requests, events, ok } = await publish();
    expect(ok).toBe(true);
    const shop = stats.get('shop')!;
    expect(shop).toMatchObject({ status: 'published', slot: 'a', files: 9, uploaded: 9, copied: 0, unchanged: 0, deleted: 0 });
    expect(shop.release).toMatch(/^[0-9a-f]{16}$/);
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
      const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}shop/slot-a/${rel}` }));
      expect([rel, head.ContentType, head.CacheControl]).toEqual([rel, type, cache]);
    }
    const pointer = JSON.parse(await body(`${PREFIX}shop/_meta/current.json`));
    expect(pointer).toMatchObject({ version: 1, tenant: 'shop', slot: 'a', release: shop.release });
    expect(await served('shop', '/cars/a/')).toMatchObject({ status: 200, text: '<!doctype html><title>Car A</title><p>$20,000</p>' });
    expect(await served('shop', '/cars/a/autogauge')).toMatchObject({ status: 200, type: 'application/json; charset=utf-8' });
    expect(await served('shop', '/nope/')).toMatchObject({ status: 404, text: '<!doctype html><title>Not here</title>' });
    // Nothing outside the live slot is reachable through the host.
    for (const path of ['/_meta/current.json', '/../_meta/current.json', '/%2e%2e/_meta/current.json', '/cars//a/'])
      expect((await served('shop', path)).status, path).toBe(404);

    expect(requests.filter((r) => r.path.includes('/held-shop/'))).toEqual([]);
    expect(await body(`${PREFIX}held-shop/index.html`)).toBe('live site');
    // The pointer is the last write of the release: every file and the manifest were stored before it.
    const pointerPut = requests.find((r) => r.method === 'PUT' && r.path.endsWith('/_meta/current.json'))!;
    for (const put of requests.filter((r) => r.method === 'PUT' && r.path.includes('/slot-a/'))) expect(put.finished).toBeLessThan(pointerPut.started);
    expect(events.map((e) => e.op).slice(-2)).toEqual(['manifest', 'pointer']);
  });

  it('publishing the same build again sends nothing: the release is already live', async () => {
    const { stats, requests } = await publish();
    expect(stats.get('shop')).toMatchObject({ status: 'live', uploaded: 0, copied: 0 });
    expect(writes(requests)).toEqual([]);
  });

  it('a changed page makes a new release in another slot: changed files uploaded, the rest copied inside the bucket, then one switch', async () => {
    write('shop/cars/a/index.html', '<!doctype html><title>Car A</title><p>$18,500</p>');
    write('shop/cars/c/index.html', '<!doctype html><title>Car C</title>');
    rmSync(join(out, 'shop/cars/b'), { recursive: true });
    const before = (await listReleases(client, { bucket: s3.bucket, prefix: PREFIX }, 'shop')).pointer!.release;

    const { stats, events } = await publish({ only: ['shop'] });
    const shop = stats.get('shop')!;
    expect(shop).toMatchObject({ status: 'published', slot: 'b', uploaded: 2, copied: 7, deleted: 0, previous_release: before });
    expect(
      events
        .filter((e) => e.op === 'put')
        .map((e) => e.key)
        .sort(),
    ).toEqual([`${PREFIX}shop/slot-b/cars/a/index.html`, `${PREFIX}shop/slot-b/cars/c/index.html`]);
    expect(await served('shop', '/cars/a/')).toMatchObject({ text: '<!doctype html><title>Car A</title><p>$18,500</p>' });
    expect((await served('shop', '/cars/b/')).status).toBe(404);
    // The release before is kept whole in its slot, untouched: it is what a rollback puts back.
    expect(await body(`${PREFIX}shop/slot-a/cars/a/index.html`)).toContain('$20,000');
    const { rows } = await listReleases(client, { bucket: s3.bucket, prefix: PREFIX }, 'shop');
    expect(rows.map((r) => [r.slot, r.live, r.state])).toEqual([
      ['b', true, 'complete'],
      ['a', false, 'complete'],
    ]);
  });

  it('a dry run reads the bucket and changes nothing', async () => {
    write('shop/robots.txt', 'User-agent: *\nDisallow: /compare/\n');
    const { stats, requests } = await publish({ dryRun: true, only: ['shop'] });
    expect(stats.get('shop')).toMatchObject({ status: 'dry-run', slot: 'c', uploaded: 1, copied: 8 });
    expect(writes(requests)).toEqual([]);
    expect((await served('shop', '/robots.txt')).text).toBe('User-agent: *\n');
  });

  it('a publish stopped half way leaves the live release whole; the next one carries on with only what is missing', async () => {
    write('shop/cars/d/index.html', '<!doctype html><title>Car D</title>');
    let puts = 0;
    tick();
    const stopped = await publishTenant(client, 'shop', join(out, 'shop'), {
      bucket: s3.bucket,
      prefix: PREFIX,
      concurrency: 1,
      now: () => new Date(clock),
      onEvent: (e) => {
        // Stands in for a killed process: the third write is the last one that happens.
        if ((e.op === 'copy' || e.op === 'put') && ++puts === 3) throw new Error('stopped');
      },
    });
    expect(stopped).toMatchObject({ status: 'failed', failed_during: 'writing', slot: 'c' });
    expect(await served('shop', '/cars/d/')).toMatchObject({ status: 404 });
    expect((await served('shop', '/robots.txt')).text).toBe('User-agent: *\n');

    const resumed = await publishTenant(client, 'shop', join(out, 'shop'), { bucket: s3.bucket, prefix: PREFIX, concurrency: 1, now: () => new Date(clock) });
    expect(resumed).toMatchObject({ status: 'published', slot: 'c', resumed: true, release: stopped.release });
    expect(resumed.uploaded + resumed.copied).toBe(stopped.files - 3);
    expect(resumed.unchanged).toBe(3);
    expect(await served('shop', '/cars/d/')).toMatchObject({ status: 200 });
  });

  it('rolls back to the release before in one request, and the nightly publish does not undo it', async () => {
    const before = await served('shop', '/cars/a/');
    const r = await rollbackTenant(client, { bucket: s3.bucket, prefix: PREFIX }, 'shop', { now: new Date(tick()) });
    expect(r.to.slot).toBe('b');
    expect(await served('shop', '/cars/d/')).toMatchObject({ status: 404 });
    expect((await served('shop', '/cars/a/')).text).toBe(before.text);
    const again = await publish({ only: ['shop'] });
    expect(again.stats.get('shop')).toMatchObject({ status: 'withheld' });
    expect(again.stats.get('shop')!.reason).toMatch(/which a rollback took off the site .*--accept shop/);
    expect(writes(again.requests)).toEqual([]);
    const accepted = await publish({ only: ['shop'], accept: ['shop'] });
    expect(accepted.stats.get('shop')).toMatchObject({ status: 'published', slot: 'c', uploaded: 0, copied: 0 });
    expect(await served('shop', '/cars/d/')).toMatchObject({ status: 200 });
  });

  it('rewrites an object changed behind its back in the slot it writes next, and a flat site from before the slots is removed', async () => {
    // Slot a is the oldest: the next release goes there. Tamper with one of its objects first.
    await client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}shop/slot-a/robots.txt`, Body: Buffer.from('tampered'), ContentType: 'text/plain' }),
    );
    await client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}shop/cars/old/index.html`, Body: Buffer.from('flat'), ContentType: 'text/html' }),
    );
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}shop/.publish-manifest.json`, Body: Buffer.from('{}') }));
    write('shop/cars/e/index.html', '<!doctype html><title>Car E</title>');
    const { stats, events } = await publish({ only: ['shop'] });
    expect(stats.get('shop')).toMatchObject({ status: 'published', slot: 'a' });
    expect(events.some((e) => (e.op === 'copy' || e.op === 'put') && e.key === `${PREFIX}shop/slot-a/robots.txt`)).toBe(true);
    expect((await served('shop', '/robots.txt')).text).toBe('User-agent: *\nDisallow: /compare/\n');
    const deleted = events.filter((e) => e.op === 'delete').map((e) => e.key);
    expect(deleted).toEqual(expect.arrayContaining([`${PREFIX}shop/cars/old/index.html`, `${PREFIX}shop/.publish-manifest.json`]));
  });

  it('a failing tenant stops before its switch while the others still publish', async () => {
    report('broken', 'ok');
    write('broken/about/index.html', 'no home page');
    write('shop/cars/f/index.html', '<!doctype html><title>Car F</title>');
    const { stats, ok, requests } = await publish();
    expect(ok).toBe(false);
    expect(stats.get('broken')).toMatchObject({ status: 'failed', failed_during: 'reading' });
    expect(stats.get('broken')!.error).toMatch(/no index\.html/);
    expect(writes(requests).filter((r) => r.path.includes('/broken/'))).toEqual([]);
    expect(stats.get('shop')).toMatchObject({ status: 'published', uploaded: 1 });
    rmSync(join(out, 'broken'), { recursive: true });
    rmSync(join(out, '_build/broken'), { recursive: true });
  });

  it('only publishes the tenants named with --only, and names an unknown one', async () => {
    const { stats } = await publish({ only: ['held-shop'] });
    expect([...stats.keys()]).toEqual(['held-shop']);
    await expect(publish({ only: ['shop', 'nope'] })).rejects.toThrow(/--only: no tenant "nope"/);
  });

  it('pages through a slot of more than 1,000 objects', async () => {
    report('big', 'ok');
    write('big/index.html', 'big');
    for (let i = 0; i < 1010; i++) write(`big/p/${i}.txt`, `page ${i}`);
    const first = await publish({ only: ['big'], concurrency: 16, releasesKept: 2 });
    expect(first.stats.get('big')).toMatchObject({ status: 'published', slot: 'a', uploaded: 1011 });
    write('big/index.html', 'big, again');
    expect((await publish({ only: ['big'], concurrency: 16, releasesKept: 2 })).stats.get('big')).toMatchObject({ slot: 'b', uploaded: 1, copied: 1010 });
    // Back to slot a, which still holds the first release: 1,005 files already there, the new home page
    // copied from slot b, the 5 removed files deleted from the slot.
    for (let i = 0; i < 5; i++) rmSync(join(out, `big/p/${i}.txt`));
    const third = await publish({ only: ['big'], concurrency: 16, releasesKept: 2 });
    expect(third.stats.get('big')).toMatchObject({ status: 'published', slot: 'a', uploaded: 0, copied: 1, unchanged: 1005, deleted: 5 });
    // The slot's listing took two pages: the second asked with the first one's continuation token.
    expect(
      third.requests.filter((r) => r.method === 'GET' && /list-type=2/.test(r.querystring) && /continuation-token=/.test(r.querystring)).length,
    ).toBeGreaterThan(0);
    rmSync(join(out, 'big'), { recursive: true });
    rmSync(join(out, '_build/big'), { recursive: true });
  });

  it('the CLI publishes with credentials from the environment and prints one line per tenant; bad options exit 2', () => {
    write('shop/cars/g/index.html', '<!doctype html><title>Car G</title>');
    const run = (args: string[], env: Record<string, string> = {}) =>
      spawnSync(process.execPath, ['scripts/publish.ts', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...ENV, ...env }, timeout: 60_000 });
    const r = run(['--out', out, '--bucket', s3.bucket, '--prefix', PREFIX, '--endpoint', s3.endpoint, '--region', 'us-east-1', '--releases', '4']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /^\[shop\] published release [0-9a-f]{16} \(slot d\): 1 uploaded \(0\.00 MB\), \d+ copied in the bucket, \d+ already there, 0 deleted in \d+\.\d s; before: [0-9a-f]{16}$/m,
    );
    expect(r.stdout).toMatch(/^\[held-shop\] held: not published, the live site is kept \(lost most cars\)$/m);

    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: node scripts\/publish.ts/);
    for (const [args, message] of [
      [['--out', out, '--bucket', s3.bucket, '--bogus'], /--bogus/],
      [['--out', out, '--bucket', s3.bucket, '--concurrency', 'two'], /--concurrency expects a whole number from 1 to 64, got "two"/],
      [['--out', out, '--bucket', s3.bucket, '--releases', '1'], /--releases expects a whole number from 2 to 8/],
      [['--out', out, '--bucket', s3.bucket, '--endpoint', 'ftp://x'], /--endpoint "ftp:\/\/x": not an http\(s\) URL/],
      [['--out', out], /--bucket/],
    ] as const) {
      const bad = run([...args]);
      expect(bad.status, args.join(' ')).toBe(2);
      expect(bad.stderr).toMatch(message);
    }
  });
});

/**
 * A stand-in for AWS's regional behaviour on 127.0.0.1: a request signed for another region than the
 * bucket's gets AWS's answer, 301 PermanentRedirect naming the bucket's region in x-amz-bucket-region;
 * a request signed for the right one is passed to the S3 server.
 */
async function awsRegionProxy(target: string, bucketRegion: string): Promise<{ url: string; regions: string[]; server: Server }> {
  const regions: string[] = [];
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const region = /Credential=[^/]+\/\d{8}\/([a-z0-9-]+)\/s3\//.exec(req.headers.authorization ?? '')?.[1] ?? '';
    regions.push(region);
    if (region !== bucketRegion) {
      req.resume();
      res.writeHead(301, { 'content-type': 'application/xml', 'x-amz-bucket-region': bucketRegion });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>PermanentRedirect</Code><Message>The bucket you are attempting to access must be addressed using the specified endpoint.</Message></Error>`,
      );
      return;
    }
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, regions, server };
}

describe('the CloudFront recipe in docs/publishing.md', () => {
  it('its Lambda@Edge origin-request handler maps a request into the live slot, as the reference host does, and refuses the rest', async () => {
    const docs = readFileSync(join(ROOT, 'docs', 'publishing.md'), 'utf8');
    const code = /```js\n(\/\/ origin-request\.mjs[\s\S]*?)```/.exec(docs)?.[1];
    expect(code).toBeDefined();
    // The documented settings, pointed at this bucket and tenant; the SDK reaches the local server
    // through its own AWS_ENDPOINT_URL_S3 (the recipe's code is run as written otherwise).
    const file = join(ROOT, '.cache', `origin-request-${process.pid}.mjs`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      code!
        .replace("const BUCKET = 'dealer-sites';", `const BUCKET = '${s3.bucket}';`)
        .replace("const PREFIX = 'sites/';", `const PREFIX = '${PREFIX}';`)
        .replace("{ 'www.coastaltoyota.com.au': 'demo-coastal-toyota' }", "{ 'www.shop.example': 'shop' }"),
    );
    process.env['AWS_ENDPOINT_URL_S3'] = s3.endpoint;
    try {
      const { handler } = (await import(file)) as { handler: (e: unknown) => Promise<{ uri?: string; status?: string }> };
      const event = (uri: string, host = 'www.shop.example') => ({
        Records: [{ cf: { request: { uri, headers: { host: [{ key: 'Host', value: host }] } } } }],
      });
      const slot = JSON.parse(await body(`${PREFIX}shop/_meta/current.json`)).slot as string;
      expect((await handler(event('/'))).uri).toBe(`/${PREFIX}shop/slot-${slot}/index.html`);
      expect((await handler(event('/cars/a/'))).uri).toBe(`/${PREFIX}shop/slot-${slot}/cars/a/index.html`);
      expect((await handler(event('/cars/a'))).uri).toBe(`/${PREFIX}shop/slot-${slot}/cars/a/index.html`);
      expect((await handler(event('/cars/a/autogauge'))).uri).toBe(`/${PREFIX}shop/slot-${slot}/cars/a/autogauge`);
      expect((await handler(event('/robots.txt'))).uri).toBe(`/${PREFIX}shop/slot-${slot}/robots.txt`);
      for (const bad of ['/../_meta/current.json', '/%2e%2e/_meta/current.json', '/a//b', '/%zz'])
        expect(await handler(event(bad)), bad).toMatchObject({ status: '404' });
      expect(await handler(event('/', 'unknown.example'))).toMatchObject({ status: '404' });
    } finally {
      delete process.env['AWS_ENDPOINT_URL_S3'];
      rmSync(file, { force: true });
    }
  });
});

describe('AWS S3 as docs/nightly.md sets it up: no endpoint, a region', () => {
  it('an empty --endpoint means AWS S3 (no usage error), and a bucket in another region than configured is found through its redirect', async () => {
    const proxy = await awsRegionProxy(s3.endpoint, 'ap-southeast-2');
    try {
      // Not spawnSync: the stand-in answers from this process, which must keep running meanwhile.
      const r = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ['scripts/publish.ts', '--out', out, '--bucket', s3.bucket, '--prefix', PREFIX, '--endpoint', '', '--region', '', '--only', 'shop'],
          // The SDK's own variable for "AWS, but at this address": the AWS code path, pointed at the stand-in.
          { cwd: ROOT, env: { ...process.env, ...ENV, AWS_REGION: 'us-east-1', AWS_ENDPOINT_URL_S3: proxy.url } },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        child.on('close', (status) => {
          clearTimeout(timer);
          resolve({ status, stdout, stderr });
        });
      });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/note: the bucket dealer-sites is in ap-southeast-2, not us-east-1: using ap-southeast-2/);
      expect(r.stdout).toMatch(/Publishing .* to s3:\/\/dealer-sites\/sites\/ on AWS S3 \(region ap-southeast-2\)/);
      expect(r.stdout).toMatch(/^\[shop\] live: release [0-9a-f]{16} is already the live site/m);
      // One request learnt the region; every request after it was signed for the bucket's own.
      expect(proxy.regions[0]).toBe('us-east-1');
      expect(proxy.regions.slice(1).every((x) => x === 'ap-southeast-2')).toBe(true);
      expect(proxy.regions.length).toBeGreaterThan(2);
    } finally {
      await new Promise((resolve) => proxy.server.close(resolve));
    }
  });

  it('with AWS and no credentials the CLI says the bucket cannot be read, naming AWS and the region', () => {
    const r = spawnSync(process.execPath, ['scripts/publish.ts', '--out', out, '--bucket', 'dealer-sites', '--endpoint', '', '--region', 'ap-southeast-2'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env['PATH'] ?? '', HOME: mkdtempSync(join(tmpdir(), 'no-aws-')), AWS_EC2_METADATA_DISABLED: 'true' },
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toMatch(/on AWS S3 \(region ap-southeast-2\)/);
    expect(r.stderr).toMatch(/^publish: cannot list s3:\/\/dealer-sites\/: .*credentials/im);
  });
});
