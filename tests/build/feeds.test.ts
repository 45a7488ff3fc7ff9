/**
 * The marketplace feeds of every built site (docs/feeds.md): both files exist, their headers are the
 * attribute lists, every value has its column's format (prices "34990.00 AUD", absolute https URLs
 * on the site, condition and state values, mileage with its unit), and the ids are exactly the cars
 * of dist/_build/<slug>/model.json that should be advertised, worked out here from the site's rules
 * (listed, available, a shown price; Google: a VIN and a passenger vehicle; Meta: a processed photo).
 * robots.txt and sitemap.xml name the feeds exactly when the tenant opted in. Sites come from
 * $E2E_DIST (default dist/: the demo tenants) and $E2E_FIXTURE_DIST (default .cache/e2e/dist: the
 * real-world fixture).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rowProblems } from '../../src/lib/feeds/columns.ts';
import { GOOGLE_COLUMNS, GOOGLE_FEED_PATH, GOOGLE_HEADERS } from '../../src/lib/feeds/google.ts';
import { META_FEED_PATH, metaColumns } from '../../src/lib/feeds/meta.ts';
import { parseCsv } from '../../src/lib/ingest/csv.ts';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import { isAvailable } from '../../src/lib/rules/listing.ts';
import { isPassengerVehicle } from '../../src/lib/rules/passenger-vehicle.ts';
import { priceDisplay } from '../../src/lib/rules/price-display.ts';
import type { SiteModel } from '../../src/lib/site/site-model.ts';
import type { BuildReport } from '../../scripts/lib/report.ts';

const dists = [process.env['E2E_DIST'] ?? 'dist', process.env['E2E_FIXTURE_DIST'] ?? '.cache/e2e/dist'].filter(
  (d, i, all) => existsSync(d) && all.indexOf(d) === i,
);

function sites(): { dist: string; slug: string; root: string; model: SiteModel; report: BuildReport }[] {
  return dists.flatMap((dist) =>
    readdirSync(dist)
      .filter((d) => !d.startsWith('_') && existsSync(join(dist, d, 'index.html')) && existsSync(join(dist, '_build', d, 'model.json')))
      .map((slug) => ({
        dist,
        slug,
        root: join(dist, slug),
        model: JSON.parse(readFileSync(join(dist, '_build', slug, 'model.json'), 'utf8')) as SiteModel,
        report: JSON.parse(readFileSync(join(dist, '_build', slug, 'report.json'), 'utf8')) as BuildReport,
      })),
  );
}

const forSale = (v: Vehicle) => v.listed && isAvailable(v) && priceDisplay(v).kind === 'price';
const googleExpected = (m: SiteModel) => m.vehicles.filter((v) => forSale(v) && !!v.vin?.trim() && isPassengerVehicle(v)).map((v) => v.id);
const metaExpected = (m: SiteModel) => m.vehicles.filter((v) => forSale(v) && v.photos.some((p) => p.ok)).map((v) => v.id);

function readFeed(root: string, path: string, delimiter: ',' | '\t') {
  const text = readFileSync(join(root, path), 'utf8');
  const parsed = parseCsv(text, { delimiter });
  return { text, header: parsed.header, problems: parsed.problems, rows: parsed.rows.map((r) => r.cells) };
}

function edgeCases(model: SiteModel): Record<string, string> {
  const file = join(model.tenant.dir, 'demo-manifest.json');
  if (!existsSync(file)) return {};
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { edge_cases: Record<string, { id: number }> };
  return Object.fromEntries(Object.entries(manifest.edge_cases).map(([k, v]) => [k, String(v.id)]));
}

for (const s of sites()) {
  const site = s.model.tenant.url.replace(/\/$/, '');
  const feeds = s.model.tenant.feeds;

  describe(`${s.slug} (${s.dist}): marketplace feeds`, () => {
    it.runIf(feeds.google)('Google: exact headers, every required value present and in its format', () => {
      const feed = readFeed(s.root, GOOGLE_FEED_PATH, '\t');
      expect(feed.problems).toEqual([]);
      expect(feed.header).toEqual([...GOOGLE_HEADERS]);
      const problems = feed.rows.flatMap((row) => rowProblems(GOOGLE_COLUMNS, row, row['condition'] as 'new' | 'used').map((p) => `${row['id']}: ${p}`));
      expect(problems).toEqual([]);
      for (const row of feed.rows) {
        expect(row['price']).toMatch(/^\d+\.\d{2} AUD$/);
        expect(['new', 'used']).toContain(row['condition']);
        if (row['condition'] === 'used') expect(row['mileage']).toMatch(/^\d+ km$/);
        expect(row['link']).toMatch(new RegExp(`^${site}/cars/[a-z0-9-]+$`));
        for (const url of [row['image_link'], ...(row['additional_image_link'] ?? '').split(',')].filter(Boolean))
          expect(url?.startsWith(`${site}/`), url).toBe(true);
      }
      // One offer per VIN: Google disapproves a VIN submitted twice.
      const vins = feed.rows.map((r) => r['vin']);
      expect(new Set(vins).size).toBe(vins.length);
    });

    it.runIf(feeds.google)('Google: exactly the listed, available, priced passenger vehicles with a VIN', () => {
      const ids = readFeed(s.root, GOOGLE_FEED_PATH, '\t').rows.map((r) => r['id']);
      expect(ids.length).toBeGreaterThan(0);
      expect([...ids].sort()).toEqual(googleExpected(s.model).sort());
      const edge = edgeCases(s.model);
      for (const name of ['no_vin', 'motorcycle', 'truck', 'sold_in_window', 'price_zero', 'preorder'])
        if (edge[name]) expect(ids, name).not.toContain(edge[name]);
      if (edge['coming_soon']) expect(ids).toContain(edge['coming_soon']);
    });

    it.runIf(feeds.meta)("Meta: Meta's columns, every required value present and in its format", () => {
      const feed = readFeed(s.root, META_FEED_PATH, ',');
      expect(feed.problems).toEqual([]);
      const images = feed.header.filter((h) => /^image\[\d+\]\.url$/.test(h)).length;
      const columns = metaColumns(images, s.model.tenant.name);
      expect(feed.header).toEqual(columns.map((c) => c.header));
      const problems = feed.rows.flatMap((row) => rowProblems(columns, row).map((p) => `${row['vehicle_id']}: ${p}`));
      expect(problems).toEqual([]);
      for (const row of feed.rows) {
        expect(row['price']).toMatch(/^\d+\.\d{2} AUD$/);
        expect(['NEW', 'USED', 'CPO']).toContain(row['state_of_vehicle']);
        expect(row['mileage.value']).toMatch(/^\d+$/);
        expect(row['mileage.unit']).toBe('KM');
        expect(row['url']).toMatch(new RegExp(`^${site}/cars/[a-z0-9-]+$`));
        for (let i = 0; i < images; i++) if (row[`image[${i}].url`]) expect(row[`image[${i}].url`]?.startsWith(`${site}/`)).toBe(true);
      }
    });

    it.runIf(feeds.meta)('Meta: exactly the listed, available, priced vehicles with a photo', () => {
      const ids = readFeed(s.root, META_FEED_PATH, ',').rows.map((r) => r['vehicle_id']);
      expect(ids.length).toBeGreaterThan(0);
      expect([...ids].sort()).toEqual(metaExpected(s.model).sort());
      const edge = edgeCases(s.model);
      for (const name of ['sold_in_window', 'price_zero', 'preorder', 'photos_0']) if (edge[name]) expect(ids, name).not.toContain(edge[name]);
      if (edge['no_vin']) expect(ids).toContain(edge['no_vin']);
    });

    it('the report counts each feed and what it left out', () => {
      const written = s.report.feeds ?? [];
      expect(written.map((f) => f.feed)).toEqual([...(feeds.google ? ['google'] : []), ...(feeds.meta ? ['meta'] : [])]);
      for (const f of written) {
        const expected = f.feed === 'google' ? googleExpected(s.model) : metaExpected(s.model);
        expect(f.vehicles, f.feed).toBe(expected.length);
        const leftOut = Object.values(f.left_out).reduce((a, b) => a + (b ?? 0), 0);
        expect(f.vehicles + leftOut, f.feed).toBe(s.model.vehicles.length);
        expect(f.problems, f.feed).toEqual([]);
      }
      if (edgeCases(s.model)['no_vin'] && feeds.google) expect(written.find((f) => f.feed === 'google')?.left_out.no_vin).toBeGreaterThanOrEqual(1);
    });

    it(`robots.txt and sitemap.xml ${feeds.list_in_robots ? 'name' : 'do not name'} the feeds (feeds.list_in_robots: ${String(feeds.list_in_robots)})`, () => {
      const robots = readFileSync(join(s.root, 'robots.txt'), 'utf8');
      const sitemap = readFileSync(join(s.root, 'sitemap.xml'), 'utf8');
      const paths = [...(feeds.google ? [GOOGLE_FEED_PATH] : []), ...(feeds.meta ? [META_FEED_PATH] : [])];
      for (const p of paths) {
        expect(robots.includes(`Allow: ${p}\n`), p).toBe(feeds.list_in_robots);
        expect(sitemap.includes(`<loc>${site}${p}</loc>`), p).toBe(feeds.list_in_robots);
      }
      if (!feeds.list_in_robots) expect(`${robots}${sitemap}`).not.toContain('/feeds/');
    });
  });
}

describe('feed sites', () => {
  it('found built sites to check', () => {
    expect(sites().length).toBeGreaterThan(0);
  });
});
