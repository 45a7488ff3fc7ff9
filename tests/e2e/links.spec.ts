/**
 * No click dead-ends: a crawler in Chromium over each built tenant (the three demos, and the real-world
 * fixture tenant when `npm test` has built it). From the home page, /cars/, /locations/ and the search
 * page it follows every internal link (vehicle pages: a sample of 10), and each must answer 200. Every
 * link into the search must carry only parameters the search reads, show at least one car, and with a
 * filter show fewer cars than the same search without it (unless the stock has no car outside the
 * filter, e.g. the only location's stock); where the link carries refinements only, the count shown
 * must be what the build's search gives for them.
 * Bounded: at most MAX_PAGES pages fetched and MAX_SEARCH_OPENS search pages opened per tenant.
 */
import { existsSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { FIXTURE_DIST, FIXTURE_PORTS, TENANT_PORTS, E2E_DIST } from '../../playwright.config.ts';
import { DEFAULT_SEARCH_PATH, type Refinements } from '../../src/lib/search/pretty-routes.ts';
import { searchSite, stockCount } from '../../src/lib/search/site-search.ts';
import { RANGE_FACETS } from '../../src/lib/search/attributes.ts';
import { FACET_PARAMS, parseSearchUrl, type SearchState } from '../../src/lib/search/url.ts';
import { readModel } from './helpers.ts';

const START = ['/', '/cars/', '/locations/', DEFAULT_SEARCH_PATH];
const VEHICLE_SAMPLE = 10;
const MAX_PAGES = 700;
/** Search links found on other pages are all opened; those on search pages (facet options) are sampled. */
const SEARCH_LINKS_FROM_SEARCH_PAGES = 12;
const MAX_SEARCH_OPENS = 160;

const tenants: { slug: string; port: number; dist: string }[] = [
  ...Object.entries(TENANT_PORTS).map(([slug, port]) => ({ slug, port, dist: E2E_DIST })),
  ...Object.entries(FIXTURE_PORTS).map(([slug, port]) => ({ slug, port, dist: FIXTURE_DIST })),
].filter((t) => existsSync(`${t.dist}/${t.slug}`));

const isVehiclePage = (path: string) => /^\/cars\/[^/]+\/?$/.test(path);
const isSearchPage = (path: string) => path.startsWith('/search/');
const HTML_LINK = /<a\b[^>]*?\shref="([^"]*)"/g;

/** Same-origin link targets of a page: path and query, no fragment; undefined for other origins and schemes. */
function internal(href: string, from: string, origin: string): string | undefined {
  if (!href || href.startsWith('#') || /^(mailto|tel|sms|javascript):/i.test(href)) return undefined;
  const url = new URL(href.replace(/&amp;/g, '&'), `${origin}${from}`);
  if (url.origin !== origin) return undefined;
  return `${url.pathname}${url.search}`;
}

/** "Showing 24 of 1,332 cars" / "0 cars" -> the total. */
function shownTotal(text: string): number {
  const m = /of ([\d,]+) cars?$/.exec(text.trim()) ?? /^([\d,]+) cars?$/.exec(text.trim());
  if (!m) throw new Error(`unreadable result count "${text}"`);
  return Number((m[1] as string).replace(/,/g, ''));
}

/** The total the search page shows once it has applied its URL (a query string hydrates it at once). */
async function openSearch(page: Page, url: string): Promise<{ status: number; total: number }> {
  const res = await page.goto(url);
  const status = res?.status() ?? 0;
  const count = page.getByTestId('result-count');
  await expect(count).toHaveCount(1);
  if (new URL(url).search.length > 1) {
    await expect(page.locator('.search-page[data-ready]')).toHaveCount(1, { timeout: 15_000 });
    // The address bar is applied right after hydration and searched: wait until the count holds still.
    let last = '';
    let same = 0;
    for (let i = 0; i < 40 && same < 3; i++) {
      await page.waitForTimeout(150);
      const now = (await count.textContent()) ?? '';
      same = now === last ? same + 1 : 0;
      last = now;
    }
  }
  return { status, total: shownTotal((await count.textContent()) ?? '') };
}

/** The URL parameters the search reads; a link with any other says something the search never hears. */
const KNOWN_PARAMS = new Set(['query', 'page', 'sortBy', ...Object.values(FACET_PARAMS)]);
const RANGE_PARAM = new RegExp(`^range\\[(${RANGE_FACETS.join('|')})\\](\\[(min|max)\\])?$`);
const unreadParams = (url: string) => [...new URL(url, 'http://x.test').searchParams.keys()].filter((k) => !KNOWN_PARAMS.has(k) && !RANGE_PARAM.test(k));

const hasFilter = (s: SearchState) => s.query.trim() !== '' || Object.values(s.refinements).some((v) => v?.length) || Object.keys(s.ranges).length > 0;
const onlyRefinements = (s: SearchState) => s.query.trim() === '' && Object.keys(s.ranges).length === 0;

test.describe('internal links: no dead ends', () => {
  test.describe.configure({ timeout: 300_000 });

  for (const t of tenants) {
    test(`${t.slug}: every internal link answers 200 and every search link shows cars`, async ({ page }, info) => {
      test.skip(info.project.name !== 'desktop', 'links are the same on every viewport; crawled once');
      const origin = `http://127.0.0.1:${t.port}`;
      const site = searchSite(readModel(t.slug, t.dist));
      const all = stockCount(site, {});
      const problems: string[] = [];
      const seen = new Set<string>();
      const queue: string[] = [];
      /** Search links and the page each was first found on. */
      const searchLinks = new Map<string, string>();
      const fromSearchPages: string[] = [];
      let vehicles = 0;

      const enqueue = (target: string, from: string) => {
        if (seen.has(target)) return;
        const path = target.split('?')[0] as string;
        if (isSearchPage(path)) {
          if (!searchLinks.has(target)) {
            searchLinks.set(target, from);
            if (isSearchPage(from.split('?')[0] as string)) fromSearchPages.push(target);
          }
          return;
        }
        if (isVehiclePage(path)) {
          if (vehicles >= VEHICLE_SAMPLE) return;
          vehicles++;
        }
        seen.add(target);
        queue.push(target);
      };

      // The start pages in Chromium: the links a shopper sees, islands included.
      for (const start of START) {
        seen.add(start);
        const res = await page.goto(`${origin}${start}`);
        if (res?.status() !== 200) problems.push(`${res?.status()} ${start}`);
        const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href') ?? ''));
        for (const href of hrefs) {
          const target = internal(href, start, origin);
          if (target) enqueue(target, start);
        }
      }

      // Every other page over HTTP (the sites are static: their links are in the HTML).
      let fetched = 0;
      while (queue.length && fetched < MAX_PAGES) {
        const path = queue.shift() as string;
        fetched++;
        const res = await page.request.get(`${origin}${path}`, { maxRedirects: 5 });
        if (res.status() !== 200) {
          problems.push(`${res.status()} ${path}`);
          continue;
        }
        if (!(res.headers()['content-type'] ?? '').includes('text/html')) continue;
        for (const m of (await res.text()).matchAll(HTML_LINK)) {
          const target = internal(m[1] as string, path, origin);
          if (target) enqueue(target, path);
        }
      }
      expect(queue, `more than ${MAX_PAGES} pages: raise the bound or narrow the crawl`).toEqual([]);

      // Every search link from the browse pages; a sample of the facet options on the search pages.
      const sampled = new Set(fromSearchPages.filter((_, i) => i % Math.max(1, Math.ceil(fromSearchPages.length / SEARCH_LINKS_FROM_SEARCH_PAGES)) === 0));
      const toOpen = [...searchLinks.keys()].filter((u) => !fromSearchPages.includes(u) || sampled.has(u)).slice(0, MAX_SEARCH_OPENS);
      const totals = new Map<string, number>();
      const total = async (url: string) => {
        const known = totals.get(url);
        if (known !== undefined) return known;
        const { status, total: n } = await openSearch(page, `${origin}${url}`);
        if (status !== 200) problems.push(`${status} ${url}`);
        totals.set(url, n);
        return n;
      };
      for (const url of toOpen) {
        const from = searchLinks.get(url);
        const state = parseSearchUrl(url, site.routes);
        if (!state) {
          problems.push(`${url} (linked from ${from}) is not a search page`);
          continue;
        }
        for (const key of unreadParams(url)) problems.push(`${url} (linked from ${from}) carries ${key}=, which the search does not read`);
        const shown = await total(url);
        if (shown < 1) {
          problems.push(`${url} (linked from ${from}) shows no car`);
          continue;
        }
        if (onlyRefinements(state)) {
          const expected = stockCount(site, state.refinements);
          if (shown !== expected && expected <= 1999) problems.push(`${url} (linked from ${from}) shows ${shown} cars, its refinements give ${expected}`);
        }
        if (!hasFilter(state)) continue;
        // The same search without the filter: the page without its query string, or all stock for a pretty path.
        const bare = url.includes('?') ? (url.split('?')[0] as string) : DEFAULT_SEARCH_PATH;
        if (bare === url) continue;
        const without = await total(bare);
        const bareState = parseSearchUrl(bare, site.routes);
        const narrows = !onlyRefinements(state) || stockCount(site, state.refinements) < stockCount(site, bareState?.refinements ?? ({} as Refinements));
        if (narrows && shown >= without) problems.push(`${url} (linked from ${from}) shows ${shown} cars, no fewer than ${bare} (${without})`);
      }
      test.info().annotations.push({
        type: 'crawl',
        description: `${fetched + START.length} pages, ${vehicles} vehicle pages, ${toOpen.length} of ${searchLinks.size} search links opened, ${all} cars`,
      });
      expect(problems).toEqual([]);
      expect(toOpen.length).toBeGreaterThan(0);
    });
  }
});
