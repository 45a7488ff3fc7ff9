/**
 * Walks the spec's route table (browse-and-site.md section 2) over every built site: each browse
 * page exists with a title, description, canonical URL and h1; no internal link on those pages (or in
 * header and footer) leads nowhere; sitemap.xml lists every public page once by its canonical URL;
 * robots.txt points to it; location pages carry AutoDealer JSON-LD with opening hours. Sites come
 * from $E2E_DIST (default dist/: the demo tenants) and $E2E_FIXTURE_DIST (default .cache/e2e/dist: the
 * real-world fixture, a tenant without content/).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveStatic } from '../../scripts/lighthouse.ts';
import { brandGrids, brandOverviews } from '../../src/lib/content/brands.ts';
import { STANDARD_PAGES } from '../../src/lib/content/default-pages.ts';
import { contactPages } from '../../src/lib/content/locations.ts';
import { modelPages } from '../../src/lib/content/models.ts';
import { groupPages, rootModelPages } from '../../src/lib/content/routes.ts';
import { activeOffers, offerManufacturerSlug, offerPath } from '../../src/lib/content/site-content.ts';
import type { SiteModel } from '../../src/lib/site/site-model.ts';

const dists = [process.env['E2E_DIST'] ?? 'dist', process.env['E2E_FIXTURE_DIST'] ?? '.cache/e2e/dist'].filter(
  (d, i, all) => existsSync(d) && all.indexOf(d) === i,
);

function sites(): { dist: string; slug: string; root: string; model: SiteModel }[] {
  return dists.flatMap((dist) =>
    readdirSync(dist)
      .filter((d) => !d.startsWith('_') && existsSync(join(dist, d, 'index.html')) && existsSync(join(dist, '_build', d, 'model.json')))
      .map((slug) => ({ dist, slug, root: join(dist, slug), model: JSON.parse(readFileSync(join(dist, '_build', slug, 'model.json'), 'utf8')) as SiteModel })),
  );
}

/** The spec's route table rows for the browse side, expanded for one tenant: [path, canonical path]. */
function specRoutes(model: SiteModel): [string, string][] {
  const r: [string, string][] = [];
  const add = (path: string, canonical = path) => r.push([path, canonical]);
  add('/');
  add('/special-offers');
  // The manufacturers and models search and the parts search (spec sections 2 and 7).
  add('/models');
  add('/parts/search');
  for (const o of activeOffers(model)) {
    if (offerManufacturerSlug(o)) add(`/offers/${offerManufacturerSlug(o)}/${o.id}`);
    add(`/offers/${o.id}`, offerPath(o));
  }
  add('/contact');
  for (const slug of contactPages(model.tenant).keys()) add(`/contact-us/${slug}`);
  for (const l of model.tenant.locations) {
    add(`/locations/${l.slug}`);
    add(`/our-location/${l.slug}`, `/locations/${l.slug}`);
  }
  add('/locations');
  add('/dealer-locator');
  add('/brands');
  const grids = brandGrids(model);
  for (const b of brandOverviews(grids)) add(`/${b.slug}/overview`);
  for (const g of grids.group.filter((x) => x.overview)) add(`/${g.slug}/overview`);
  for (const slug of [...STANDARD_PAGES, ...groupPages(model).map((p) => p.slug)]) {
    add(`/${slug}`);
    add(`/pages/${slug}`, `/${slug}`);
  }
  for (const m of modelPages(model)) add(`/models/${m.slug}`);
  for (const m of rootModelPages(model)) add(`/${m.slug}`, `/models/${m.slug}`);
  add('/cars/', '/cars');
  return r;
}

const attr = (html: string, re: RegExp) => re.exec(html)?.[1];

for (const s of sites()) {
  const site = s.model.tenant.url.replace(/\/$/, '');
  const routes = specRoutes(s.model);
  const read = (path: string) => {
    const file = resolveStatic(s.root, path);
    return file ? readFileSync(file, 'utf8') : undefined;
  };

  describe(`${s.slug} (${s.dist}): the browse routes`, () => {
    it('has every page of the route table, each with title, description, canonical URL and h1', () => {
      const problems: string[] = [];
      for (const [path, canonical] of routes) {
        const html = read(path);
        if (!html) {
          problems.push(`${path}: missing`);
          continue;
        }
        if (!/<title>[^<]{3,}<\/title>/.test(html)) problems.push(`${path}: no title`);
        if (!(attr(html, /<meta name="description" content="([^"]*)"/) ?? '').trim()) problems.push(`${path}: no description`);
        const href = attr(html, /<link rel="canonical" href="([^"]*)"/);
        if (href !== `${site}${canonical}`) problems.push(`${path}: canonical ${href}, expected ${site}${canonical}`);
        if (!/<h1[\s>]/.test(html)) problems.push(`${path}: no h1`);
        if (!/property="og:title"/.test(html)) problems.push(`${path}: no Open Graph title`);
      }
      expect(problems).toEqual([]);
      expect(routes.length).toBeGreaterThan(40);
    });

    it('links only to pages that exist (header, footer and every browse page)', () => {
      const broken = new Set<string>();
      for (const [path] of routes) {
        const html = read(path) ?? '';
        for (const m of html.matchAll(/<a [^>]*href="(\/[^"#?]*)/g)) {
          const to = m[1] ?? '/';
          if (!resolveStatic(s.root, to)) broken.add(`${to} (on ${path})`);
        }
      }
      expect([...broken]).toEqual([]);
    });

    it('lists every public page once, by its canonical URL, in sitemap.xml', () => {
      const xml = read('/sitemap.xml') ?? '';
      const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
      expect(new Set(urls).size).toBe(urls.length);
      const paths = urls.map((u) => new URL(u).pathname);
      for (const p of paths) expect(resolveStatic(s.root, p), `${p} in the sitemap exists`).toBeDefined();
      for (const [path, canonical] of routes) {
        if (path === canonical) expect(paths, path).toContain(path);
        else expect(paths, `${path} is a duplicate of ${canonical}`).not.toContain(path);
      }
      for (const car of s.model.vehicles) expect(paths).toContain(car.path);
      expect(paths).toContain('/search/new-used-and-demo-cars');
      expect(paths.some((p) => p.startsWith('/pages/') || p.startsWith('/our-location/') || p === '/404')).toBe(false);
    });

    it.skipIf(activeOffers(s.model).length > 0)('says the spec’s empty text on /special-offers when there are no offers', () => {
      expect(read('/special-offers')).toContain('There appears to be no offers currently available that meet the conditions of your search.');
    });

    it('has a robots.txt that points to the sitemap', () => {
      expect(read('/robots.txt')).toContain(`Sitemap: ${site}/sitemap.xml`);
    });

    it('describes every location as a schema.org AutoDealer with its opening hours', () => {
      for (const loc of s.model.tenant.locations) {
        const html = read(`/locations/${loc.slug}`) ?? '';
        const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
          (m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>,
        );
        const dealer = blocks.find((b) => b['@type'] === 'AutoDealer');
        expect(dealer, loc.slug).toBeDefined();
        expect(dealer?.['name']).toBe(loc.name);
        const open = loc.contact_detail.opening_hours.filter((h) => h.status !== 'Closed' && h.open && h.close).length;
        expect((dealer?.['openingHoursSpecification'] as unknown[]).length).toBe(open);
      }
    });
  });
}

describe('route table sites', () => {
  it('found built sites to check', () => {
    expect(sites().length).toBeGreaterThan(0);
  });
});
