/**
 * A night of the fleet on a real demo tenant, published to a real S3 server (s3rver on 127.0.0.1):
 * the first publish uploads the site, a second one nothing, and after one car's price changes only
 * that car's files and the files that list it are uploaded (issue 12's "only what changed"); the rest
 * of the new release is copied inside the bucket from the live one. Then a car is sold (gone from the
 * export): every search page whose cars did not include it is byte-identical (issue 25: the pages
 * name no index file and show no count of cars they do not list).
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../../scripts/lib/publish/local-s3.ts';
import { createS3Client, publishDist, type PublishEvent } from '../../scripts/lib/publish/publish.ts';
import { dictionarySources } from '../../src/lib/site/dictionary.ts';
import { toSearchDocs } from '../../src/lib/search/documents.ts';
import { INDEX_POINTER_PATH } from '../../src/lib/search/index-pointer.ts';
import { searchRoutes } from '../../src/lib/search/pretty-routes.ts';
import { marketPath } from '../../src/lib/price-gauge/market.ts';
import { similarBandPath } from '../../src/lib/vdp/similar-band.ts';
import type { SiteModel } from '../../src/lib/site/site-model.ts';
import { hashTree } from './tree-hash.ts';

const BUILD_NOW = process.env['BUILD_NOW'] ?? new Date().toISOString().slice(0, 10);
const SLUG = 'demo-coastal-toyota';
const tenants = resolve('.cache/fleet/night-tenants');
const out = resolve('.cache/fleet/night-dist');
const PREFIX = 'sites/';
const INDEX_POINTER = INDEX_POINTER_PATH.slice(1);

let s3: LocalS3;
let client: S3Client;
const saved: Record<string, string | undefined> = {};

function build(): void {
  const r = spawnSync(process.execPath, ['scripts/build.ts', '--tenants', tenants, '--out', out], { encoding: 'utf8', env: { ...process.env, BUILD_NOW } });
  expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
}

async function publish(): Promise<{ uploaded: string[]; deleted: string[]; stats: { uploaded: number; unchanged: number; files: number } }> {
  const events: PublishEvent[] = [];
  const result = await publishDist(client, { out, bucket: s3.bucket, prefix: PREFIX, concurrency: 8, onEvent: (e) => events.push(e), only: [SLUG] });
  const stats = result.tenants.find((t) => t.tenant === SLUG);
  // The second publish of the same build finds it live already (nothing sent).
  expect(['published', 'live'], stats?.error).toContain(stats?.status);
  // Keys are in the release's slot: sites/<slug>/slot-b/cars/x/index.html is the site's cars/x/index.html.
  const rel = (key: string) => key.slice(`${PREFIX}${SLUG}/`.length).replace(/^slot-[a-h]\//, '');
  return {
    uploaded: events.filter((e) => e.op === 'put').map((e) => rel(e.key)),
    deleted: events.filter((e) => e.op === 'delete').map((e) => rel(e.key)),
    stats: { uploaded: stats!.uploaded, unchanged: stats!.unchanged, files: stats!.files },
  };
}

beforeAll(async () => {
  for (const [k, v] of Object.entries({
    AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
    AWS_EC2_METADATA_DISABLED: 'true',
  })) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  s3 = await startLocalS3({ bucket: 'dealer-sites' });
  client = createS3Client({ endpoint: s3.endpoint, region: 'us-east-1' });
  for (const d of [tenants, out]) rmSync(d, { recursive: true, force: true });
  cpSync(join('tenants', SLUG), join(tenants, SLUG), { recursive: true });
}, 60_000);

afterAll(async () => {
  client?.destroy();
  await s3?.close();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('a night published to S3', () => {
  it('uploads the site once, nothing the second time, and after one price change only that car and what lists it', async () => {
    build();
    const first = await publish();
    expect(first.stats.uploaded).toBe(first.stats.files);
    const again = await publish();
    expect(again.stats.uploaded).toBe(0);
    expect(again.deleted).toEqual([]);

    // One in-stock car's price drops by $500 in the dealer's export. Not one of the three cars the car
    // pages' compression dictionary is made of: a change to one of those makes the dictionary again,
    // and with it every car page's .dcz (src/lib/site/dictionary.ts).
    const file = join(tenants, SLUG, 'stock.json');
    const stock = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
    const inDictionary = new Set((dictionarySources(readFileSync(join(out, SLUG, '_dict', 'cars.dict'))) ?? []).map((x) => x.id));
    expect(inDictionary.size).toBe(3);
    const car = stock.find(
      (r) =>
        r['status'] === 'in_stock' &&
        typeof r['price'] === 'number' &&
        (r['price'] as number) > 20_000 &&
        r['show_on_dealer_website'] !== false &&
        !inDictionary.has(String(r['id'])),
    )!;
    car['price'] = (car['price'] as number) - 500;
    writeFileSync(file, JSON.stringify(stock));
    const searchBefore = hashTree(join(out, SLUG, 'search'), join(out, SLUG));
    build();
    const model = JSON.parse(readFileSync(join(out, '_build', SLUG, 'model.json'), 'utf8')) as {
      vehicles: { id: string; slug: string; make: string; model?: string; car_type: string; price?: number }[];
    };
    const changed = model.vehicles.find((v) => v.id === String(car['id']))!;
    const path = `/cars/${changed.slug}`;
    const sameModel = new Set(model.vehicles.filter((v) => v.make === changed.make && v.model === changed.model).map((v) => v.slug));

    const night = await publish();
    expect(night.deleted.filter((k) => !k.startsWith('search-index/'))).toEqual([]);
    expect(night.uploaded).toContain(`cars/${changed.slug}/index.html`);
    const unexplained = night.uploaded.filter((key) => {
      if (key.startsWith(`cars/${changed.slug}/`) || key.startsWith(`print/${changed.slug}/`)) return false; // the car's own files
      if (key.startsWith('search-index/')) return false; // the index lists every car
      if (key.startsWith('feeds/')) return false; // the marketplace feeds list every car for sale (docs/feeds.md)
      if (key === marketPath(changed).slice(1)) return false; // its model's file, which the gauges of its model read
      // The page of a car it is compared with, whose price gauge now shows or hides (and its .dcz).
      const p = /^cars\/([^/]+)\/index\.html(\.dcz)?$/.exec(key);
      if (p?.[1] && sameModel.has(p[1])) return false;
      if (key.startsWith('models/')) return false; // the model pages and the models search show each model's prices
      // The similar cars of a car that shows it (their cards, with its price).
      // The price bands it left and joined: their files hold its own list of similar cars.
      if (key === similarBandPath(changed).slice(1) || key === similarBandPath({ ...changed, price: (changed.price ?? 0) + 500 }).slice(1)) return false;
      if (/^cars\/_similar\/[^/]+\.json$/.test(key) && readFileSync(join(out, SLUG, key), 'utf8').includes(`href=\\"${path}\\"`)) return false;
      if (key === INDEX_POINTER) return false; // names the new index
      if (key.endsWith('.html') || key.endsWith('/')) {
        const html = readFileSync(join(out, SLUG, key), 'utf8');
        // A page that lists the car. A search page too only when it lists it: the index file's name
        // is not in the pages (issue 25), they read it from the pointer.
        return !(html.includes(`"${path}"`) || html.includes(`${path}#`));
      }
      return true;
    });
    expect(unexplained).toEqual([]);
    expect(night.uploaded).toContain(INDEX_POINTER);
    // Every search page that does not show the car is byte-identical, so not uploaded.
    const searchPages = Object.keys(searchBefore).filter((k) => k.endsWith('.html'));
    expect(searchPages.length).toBeGreaterThan(20);
    const searchAfter = hashTree(join(out, SLUG, 'search'), join(out, SLUG));
    const showIt = searchPages.filter((k) => readFileSync(join(out, SLUG, k), 'utf8').includes(`"${path}"`));
    for (const k of searchPages) if (!showIt.includes(k)) expect(searchAfter[k], k).toBe(searchBefore[k]);
    // The site is 400-odd pages: a price change touches a few dozen files, not the site.
    expect(night.stats.uploaded).toBeLessThan(night.stats.files / 5);
    expect(existsSync(join(out, SLUG, 'cars', changed.slug, 'index.html'))).toBe(true);
  }, 600_000);
  it('after a car is sold, every search page whose cars did not include it is byte-identical and not uploaded', async () => {
    const before = JSON.parse(readFileSync(join(out, '_build', SLUG, 'model.json'), 'utf8')) as SiteModel;
    const { docs } = toSearchDocs(before.vehicles, before.views);
    const { routes } = searchRoutes(
      docs,
      before.tenant.dealerships.map((d) => ({ slug: d.slug, name: d.name })),
    );
    const inDictionary = new Set((dictionarySources(readFileSync(join(out, SLUG, '_dict', 'cars.dict'))) ?? []).map((x) => x.id));
    const count = (f: (d: (typeof docs)[number]) => unknown, d: (typeof docs)[number]) => docs.filter((o) => f(o) === f(d)).length;
    const maxPrice = Math.max(...docs.map((d) => d.price ?? 0));
    const maxKm = Math.max(...docs.map((d) => d.km ?? 0));
    // A car whose going leaves every facet value and pretty path in place (another car shares each of
    // its values) and the sliders' ranges as they were (not the dearest car, nor the one with most km).
    const sold = docs.find(
      (d) =>
        !inDictionary.has(d.id) &&
        (d.price ?? 0) < maxPrice &&
        (d.km ?? 0) < maxKm &&
        [
          (o: typeof d) => o.make,
          (o: typeof d) => o.make_model,
          (o: typeof d) => o.body,
          (o: typeof d) => o.dealership_name,
          (o: typeof d) => o.car_type,
        ].every((f) => count(f, d) >= 2) &&
        (['fuel', 'transmission', 'drive', 'colour', 'seats', 'year', 'location_name', 'state', 'tag'] as const).every((a) => count((o) => o[a], d) >= 2),
    )!;
    expect(sold).toBeDefined();
    const includes = (route: (typeof routes)[number]) =>
      Object.entries(route.refinements).every(([attribute, values]) => !values?.length || values.includes(String(sold[attribute as keyof typeof sold])));
    const pageOf = (route: (typeof routes)[number]) => `search/${route.path}/index.html`;
    const searchBefore = hashTree(join(out, SLUG, 'search'), join(out, SLUG));

    const file = join(tenants, SLUG, 'stock.json');
    const stock = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
    writeFileSync(file, JSON.stringify(stock.filter((r) => String(r['id']) !== sold.id)));
    build();
    const searchAfter = hashTree(join(out, SLUG, 'search'), join(out, SLUG));
    const night = await publish();

    const theirs = routes.filter(includes).map(pageOf);
    // Its make, model, body, dealership and car type pages and the all-stock page: they count it.
    expect(theirs.length).toBeGreaterThanOrEqual(5);
    for (const page of theirs) expect(searchAfter[page], page).not.toBe(searchBefore[page]);
    const others = routes.filter((r) => !includes(r)).map(pageOf);
    expect(others.length).toBeGreaterThan(10);
    for (const page of others) expect(searchAfter[page], page).toBe(searchBefore[page]);
    expect(night.uploaded.filter((k) => k.startsWith('search/')).sort()).toEqual([...theirs, INDEX_POINTER].sort());
  }, 600_000);
});
