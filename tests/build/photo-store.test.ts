/**
 * Photos processed once, ever, fleet-wide (issue 25): a tenant built and published to the local S3
 * server puts its processed photos into the bucket's photo store, and the same tenant built on a fresh
 * runner (an empty image cache, no dist/) fetches them instead of encoding any; the site it builds is
 * the same, byte for byte, so its publish uploads nothing. Two tenants built side by side that carry the
 * same photos encode each photo once. A photo replaced at its web address is noticed on the tenant's
 * weekly check day, and only the car that shows it changes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPhotoCheckDay, nextPhotoCheckDay } from '../../scripts/lib/images/photo-checks.ts';
import { listUnder } from '../../scripts/lib/publish/bucket.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../../scripts/lib/publish/local-s3.ts';
import { createS3Client } from '../../scripts/lib/publish/publish.ts';
import type { BuildReport } from '../../scripts/lib/report.ts';
import type { RunSummary } from '../../scripts/lib/summary.ts';
import { specRecords } from './spec-tenant.ts';

const WORK = resolve('.cache/photo-store-test');
const TENANTS = join(WORK, 'tenants');
const CARS = 6;
const PHOTOS_PER_CAR = 3;

let s3: LocalS3;
const CREDENTIALS = {
  AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
  AWS_EC2_METADATA_DISABLED: 'true',
};
const saved: Record<string, string | undefined> = {};

async function writeTenant(slug: string): Promise<void> {
  const dir = join(TENANTS, slug);
  mkdirSync(join(dir, 'photos'), { recursive: true });
  writeFileSync(
    join(dir, 'tenant.json'),
    JSON.stringify({ slug, name: `Dealer ${slug}`, url: `https://${slug}.example.com.au`, locations: [{ name: 'Caringbah', address: { city: 'Caringbah' } }] }),
  );
  // The same photo files in every tenant (a group's dealers sharing a supplier's photos): the same bytes.
  const rows = specRecords(CARS, 7001, 'P');
  for (const [i, r] of rows.entries()) {
    const files: string[] = [];
    for (let p = 0; p < PHOTOS_PER_CAR; p++) {
      const file = `photos/car-${i}-${p}.jpg`;
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 30 + i * 30, g: 60 + p * 50, b: 140 } } })
        .jpeg({ quality: 80 })
        .toFile(join(dir, file));
      files.push(file);
    }
    r['images'] = files;
  }
  writeFileSync(join(dir, 'stock.json'), JSON.stringify(rows));
}

/** scripts/build.ts with the bucket, as a fresh runner: its own image cache and output folder. */
function build(opts: { out: string; cache: string; prefix: string; only?: string; extra?: string[] }): { status: number | null; output: string } {
  const r = spawnSync(
    process.execPath,
    [
      'scripts/build.ts',
      '--tenants',
      TENANTS,
      '--out',
      opts.out,
      ...(opts.only ? ['--only', opts.only] : []),
      '--bucket',
      s3.bucket,
      '--endpoint',
      s3.endpoint,
      '--prefix',
      opts.prefix,
      ...(opts.extra ?? []),
    ],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        BUILD_NOW: '2026-11-22',
        DEALER_IMAGE_CACHE: opts.cache,
        ...CREDENTIALS,
      },
    },
  );
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

const report = (out: string, slug: string): BuildReport => JSON.parse(readFileSync(join(out, '_build', slug, 'report.json'), 'utf8')) as BuildReport;
const summary = (out: string): RunSummary => JSON.parse(readFileSync(join(out, '_build', 'summary.json'), 'utf8')) as RunSummary;

function files(dir: string, base = dir): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) for (const [k, v] of files(p, base)) out.set(k, v);
    else out.set(p.slice(base.length + 1), readFileSync(p));
  }
  return out;
}

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  await writeTenant('oak-motors');
  await writeTenant('elm-motors');
  s3 = await startLocalS3();
  // The test's own client reads the store as the builds' clients do.
  for (const [k, v] of Object.entries(CREDENTIALS)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
}, 120_000);

afterAll(async () => {
  await s3?.close();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('the fleet photo store', () => {
  it('a fresh runner fetches processed photos from the bucket instead of encoding them', { timeout: 600_000 }, async () => {
    const first = build({ out: join(WORK, 'runner-1'), cache: join(WORK, 'cache-1'), prefix: 'sites/', only: 'oak-motors' });
    expect(first.status, first.output).toBe(0);
    const r1 = report(join(WORK, 'runner-1'), 'oak-motors');
    expect(r1.images.processed).toBe(CARS * PHOTOS_PER_CAR);
    expect(r1.images.store?.stored).toBe(CARS * PHOTOS_PER_CAR);
    expect(r1.images.store?.errors).toBe(0);

    // What the store holds: one meta per photo, every variant the site uses, under the prefix's _photos/.
    const client = createS3Client({ endpoint: s3.endpoint });
    const stored = await listUnder(client, s3.bucket, 'sites/_photos/');
    const metas = [...stored.keys()].filter((k) => k.startsWith('meta/'));
    expect(metas).toHaveLength(CARS * PHOTOS_PER_CAR);
    const siteImages = [...files(join(WORK, 'runner-1', 'oak-motors', 'img')).keys()].filter((rel) => /^[0-9a-f]{2}\/.+\.webp$/.test(rel));
    expect(siteImages.length).toBeGreaterThanOrEqual(CARS * PHOTOS_PER_CAR * 3);
    for (const rel of siteImages) expect(stored.has(`v/${rel}`), rel).toBe(true);
    client.destroy();

    // Another runner, nothing local (the Actions cache evicted, a new shard): zero photos encoded.
    const second = build({ out: join(WORK, 'runner-2'), cache: join(WORK, 'cache-2'), prefix: 'sites/', only: 'oak-motors', extra: ['--force'] });
    expect(second.status, second.output).toBe(0);
    const r2 = report(join(WORK, 'runner-2'), 'oak-motors');
    expect(r2.images.processed).toBe(0);
    expect(r2.images.variants_written).toBe(0);
    expect(r2.images.from_store).toBe(CARS * PHOTOS_PER_CAR);
    expect(r2.images.store?.fetched_files).toBe(siteImages.length);
    expect(second.output).toContain(`images 0 new / 0 cached / ${CARS * PHOTOS_PER_CAR} from the photo store / 0 failed`);

    // The same site, byte for byte: the publish finds the live release and uploads nothing.
    const a = files(join(WORK, 'runner-1', 'oak-motors', 'img'));
    const b = files(join(WORK, 'runner-2', 'oak-motors', 'img'));
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [k, v] of a) expect(b.get(k)?.equals(v), k).toBe(true);
    const row = summary(join(WORK, 'runner-2')).tenants.find((t) => t.tenant === 'oak-motors');
    expect(row?.publish?.uploaded).toBe(0);
  });

  it('two tenants built side by side that share photos encode each photo once', { timeout: 600_000 }, async () => {
    // A new prefix: an empty store, so both tenants need every photo at the same time.
    const run = build({ out: join(WORK, 'runner-3'), cache: join(WORK, 'cache-3'), prefix: 'group/', extra: ['--jobs', '2'] });
    expect(run.status, run.output).toBe(0);
    const oak = report(join(WORK, 'runner-3'), 'oak-motors').images;
    const elm = report(join(WORK, 'runner-3'), 'elm-motors').images;
    expect(oak.processed + elm.processed).toBe(CARS * PHOTOS_PER_CAR);
    expect(oak.processed + oak.cached + (oak.from_store ?? 0)).toBe(CARS * PHOTOS_PER_CAR);
    expect(elm.processed + elm.cached + (elm.from_store ?? 0)).toBe(CARS * PHOTOS_PER_CAR);
  });
});

describe('photo jobs ahead of the build (a first night too big for the build jobs)', () => {
  it("split every tenant's photos between them, and the build that follows encodes none", { timeout: 600_000 }, () => {
    const jobRun = (job: string) =>
      spawnSync(
        process.execPath,
        [
          'scripts/photos.ts',
          '--job',
          job,
          '--tenants',
          TENANTS,
          '--only',
          'oak-motors',
          '--out',
          join(WORK, `photo-job-${job.replace('/', '-')}`),
          '--bucket',
          s3.bucket,
          '--endpoint',
          s3.endpoint,
          '--prefix',
          'first-night/',
        ],
        {
          encoding: 'utf8',
          env: { ...process.env, BUILD_NOW: '2026-11-22', DEALER_IMAGE_CACHE: join(WORK, `cache-job-${job.replace('/', '-')}`), ...CREDENTIALS },
        },
      );
    const shares = ['1/2', '2/2'].map((job) => {
      const r = jobRun(job);
      expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
      expect(r.stdout).toContain(`Photo job ${job} done`);
      return report(join(WORK, `photo-job-${job.replace('/', '-')}`), 'oak-motors').images;
    });
    // Disjoint shares that cover every photo, each encoded once.
    expect(shares[0]!.sources + shares[1]!.sources).toBe(CARS * PHOTOS_PER_CAR);
    expect(shares[0]!.processed + shares[1]!.processed).toBe(CARS * PHOTOS_PER_CAR);
    expect(Math.min(shares[0]!.sources, shares[1]!.sources)).toBeGreaterThan(0);

    const b = build({ out: join(WORK, 'runner-4'), cache: join(WORK, 'cache-4'), prefix: 'first-night/', only: 'oak-motors' });
    expect(b.status, b.output).toBe(0);
    const r = report(join(WORK, 'runner-4'), 'oak-motors').images;
    expect(r.processed).toBe(0);
    expect(r.from_store).toBe(CARS * PHOTOS_PER_CAR);
  });
});

describe('photos replaced at the same address', () => {
  it("are noticed on the tenant's weekly check day, and only the car that shows one is rebuilt", { timeout: 600_000 }, async () => {
    const slug = 'pine-motors';
    const tenants = join(WORK, 'check-tenants');
    const out = join(WORK, 'check-out');
    const dir = join(tenants, slug);
    mkdirSync(dir, { recursive: true });
    const bodies = new Map<string, Buffer>();
    for (let i = 0; i < 3; i++) {
      bodies.set(
        `/p/${i}.jpg`,
        await sharp({ create: { width: 1280, height: 960, channels: 3, background: { r: 200, g: 40 * i, b: 40 } } })
          .jpeg()
          .toBuffer(),
      );
    }
    let version = 1;
    const server = createServer((req, res) => {
      const body = bodies.get(req.url ?? '');
      const etag = `"${req.url ?? ''}-v${version}"`;
      if (!body) res.writeHead(404).end();
      else if (req.headers['if-none-match'] === etag) res.writeHead(304, { etag }).end();
      else res.writeHead(200, { 'content-type': 'image/jpeg', etag }).end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      writeFileSync(
        join(dir, 'tenant.json'),
        JSON.stringify({ slug, name: 'Pine Motors', url: 'https://pine.example.com.au', locations: [{ name: 'Caringbah', address: { city: 'Caringbah' } }] }),
      );
      const rows = specRecords(3, 8001, 'Q', (r, i) => (r['images'] = [`${base}/p/${i}.jpg`]));
      writeFileSync(join(dir, 'stock.json'), JSON.stringify(rows));

      // A day that is not the tenant's check day, and the check day after it.
      let day = '2026-11-23';
      while (isPhotoCheckDay(slug, day)) day = nextDay(day);
      const checkDay = nextPhotoCheckDay(slug, day);
      // Not spawnSync: the photo server runs in this process and must answer while the build runs.
      const run = async (on: string) => {
        const child = spawn(process.execPath, ['scripts/build.ts', '--tenants', tenants, '--out', out], {
          env: { ...process.env, BUILD_NOW: on, DEALER_IMAGE_CACHE: join(WORK, 'check-cache') },
        });
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        const status = await new Promise<number | null>((r) => child.on('close', r));
        expect(status, output).toBe(0);
        return { output, report: report(out, slug) };
      };
      const first = await run(day);
      expect(first.report.images.processed).toBe(3);
      expect(first.report.valid_until! <= checkDay).toBe(true);
      const pageOf = (id: number) => {
        const f = readdirSync(join(out, slug, 'cars')).find((d) => d.endsWith(`-${id}`));
        return readFileSync(join(out, slug, 'cars', f!, 'index.html'), 'utf8');
      };
      const before = [8001, 8002, 8003].map(pageOf);

      // The dealer replaces car 8002's photo at the same address.
      bodies.set(
        '/p/1.jpg',
        await sharp({ create: { width: 1280, height: 960, channels: 3, background: { r: 10, g: 200, b: 90 } } })
          .jpeg()
          .toBuffer(),
      );
      version = 2;
      if (nextDay(day) < checkDay) {
        // Before the check day the photo is not asked for: the tenant is skipped, or (when its pages change
        // daily for other reasons) rebuilt without asking any server, still showing the photo it has.
        const between = await run(nextDay(day));
        if (!between.output.includes('unchanged since its published build')) {
          expect(between.report.images.checks?.revalidated).toBe(0);
          expect(pageOf(8002)).toBe(before[1]);
        }
      }

      const checked = await run(checkDay);
      expect(checked.report.status).toBe('ok');
      expect(checked.report.images.checks).toMatchObject({ revalidated: 3, replaced: 1, next_check: nextPhotoCheckDay(slug, checkDay) });
      expect(checked.report.images.processed).toBe(1);
      const after = [8001, 8002, 8003].map(pageOf);
      expect(after[1]).not.toBe(before[1]);
      const photoUrls = (html: string) => [...html.matchAll(/\/img\/[0-9a-f]{2}\/[0-9a-f]{32}-/g)].map((m) => m[0]);
      expect(new Set(photoUrls(after[1]!))).not.toEqual(new Set(photoUrls(before[1]!)));
      // The other cars show the same photos as before.
      expect(new Set(photoUrls(after[0]!))).toEqual(new Set(photoUrls(before[0]!)));
      expect(new Set(photoUrls(after[2]!))).toEqual(new Set(photoUrls(before[2]!)));
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
