/**
 * The search pages name no index file (issue 25): they read the current one from the pointer
 * /search/index.json. In Chromium, on the built demo dealer group: nothing of the search (code,
 * pointer, index) is fetched until the shopper touches a search control; then the page and the
 * island find the index through the pointer and the island hydrates over the page's HTML; a page loaded
 * before a publish (the pointer now names a newer index, the old one gone) still searches, renders
 * the current stock afresh instead of a hydration mismatch, and keeps the shopper in the search box;
 * a pointer naming an index the site no longer has is asked again and the search works.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { E2E_DIST } from '../../playwright.config.ts';
import { inStockSearch } from '../../src/lib/rules/listing.ts';
import { formatNumber } from '../../src/lib/rules/format.ts';
import { packIndex, unpackIndex, type PackedIndex } from '../../src/lib/search/engine/codec.ts';
import { INDEX_POINTER_PATH, indexUrlOf } from '../../src/lib/search/index-pointer.ts';
import { baseUrl, readModel, watchErrors, type DemoTenant } from './helpers.ts';

const GROUP: DemoTenant = 'demo-southern-motor-group';
const BASE = baseUrl(GROUP);
const model = readModel(GROUP);
const cars = model.vehicles.filter((v) => v.listed && inStockSearch(v));
const perPage = model.tenant.search.hits_per_page;
const countText = (n: number) => `Showing ${Math.min(perPage, n)} of ${formatNumber(n)} ${n === 1 ? 'car' : 'cars'}`;
const SEARCH = '/search/new-used-and-demo-cars';

const site = join(E2E_DIST, GROUP);
const currentIndex = indexUrlOf(JSON.parse(readFileSync(join(site, INDEX_POINTER_PATH), 'utf8')))!;
const packed = JSON.parse(readFileSync(join(site, currentIndex), 'utf8')) as PackedIndex;

/** The page's errors but the failed loads a test arranged (Chromium logs each as a console error). */
function errorsBut(page: Page, statuses: number[]): () => string[] {
  const errors = watchErrors(page);
  const arranged = new RegExp(`^Failed to load resource: the server responded with a status of (${statuses.join('|')})\\b`);
  return () => errors.filter((e) => !arranged.test(e));
}

/** Hover (desktop) or tap (phone) the search box: the island hydrates; returns once it runs. */
async function interact(page: Page, hasTouch: boolean | undefined): Promise<void> {
  const box = page.locator('.search-page .search-field input');
  if (hasTouch) await box.tap();
  else await box.click();
  await expect(page.locator('.search-page[data-ready]')).toHaveCount(1, { timeout: 15_000 });
}

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json; charset=utf-8', body: typeof body === 'string' ? body : JSON.stringify(body) });

test.describe('the search index pointer', () => {
  test('the page names no index and fetches nothing of the search until the shopper touches a search control; then the pointer and the index it names, once; the island hydrates over the HTML', async ({
    page,
  }, info) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === INDEX_POINTER_PATH || path.startsWith('/search-index/') || /\/_astro\/.*\.js$/.test(path)) fetched.push(path);
    });
    const errors = watchErrors(page);
    const res = await page.goto(`${BASE}${SEARCH}`, { waitUntil: 'networkidle' });
    const html = (await res?.text()) ?? '';
    expect(html).not.toContain('/search-index/');
    expect(html).not.toContain(`href="${INDEX_POINTER_PATH}"`);
    const island = page.locator('astro-island:has(.search-page)');
    const code = (await island.getAttribute('component-url'))!;
    // Idle, then a look around that is not a search: a tap on the count, a touch scroll over the results.
    await page.waitForTimeout(1500);
    if (info.project.use.hasTouch) {
      await page.getByTestId('result-count').tap();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.synthesizeScrollGesture', { x: 195, y: 600, yDistance: -500, gestureSourceType: 'touch', speed: 1200 });
      await page.waitForTimeout(1000);
    }
    expect(fetched.filter((p) => p === code || p === INDEX_POINTER_PATH || p.startsWith('/search-index/'))).toEqual([]);
    // The search box before hydration is the one after: hydrated over, not rendered again.
    const box = await page.locator('.search-page .search-field input').elementHandle();
    await interact(page, info.project.use.hasTouch);
    expect(await box?.evaluate((e) => e.isConnected)).toBe(true);
    expect(fetched).toContain(code);
    await page.locator('.search-field input').pressSequentially('hilu', { delay: 40 });
    await expect(page.getByTestId('result-count')).toHaveText(countText(cars.filter((c) => c.model === 'HiLux').length));
    // The pointer once, then the index, once.
    expect(fetched.filter((p) => p === INDEX_POINTER_PATH || p.startsWith('/search-index/'))).toEqual([INDEX_POINTER_PATH, currentIndex]);
    expect(errors).toEqual([]);
  });

  test('a page loaded before a publish searches the index the pointer names now, shows the current stock, and keeps the shopper in the search box', async ({
    page,
  }, info) => {
    // The page as built; then a publish: the first car it lists was sold, the new release has a new
    // index, and the old index went with the old release. The shopper's page asks the pointer after it.
    const built = readFileSync(join(site, SEARCH, 'index.html'), 'utf8');
    const first = /data-car-id="([^"]+)"/.exec(built)?.[1];
    expect(first).toBeTruthy();
    // Packed in order, each document's rank is its place again.
    const docs = unpackIndex(packed).filter((d) => d.id !== first);
    const newIndex = '/search-index/0000feed0000.json';
    const errors = errorsBut(page, [404]);
    await page.route(`**${INDEX_POINTER_PATH}`, (route) => json(route, { index: newIndex }));
    await page.route(`**${newIndex}`, (route) => json(route, packIndex(docs, packed.photo)));
    await page.route(`**${currentIndex}`, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto(`${BASE}${SEARCH}`, { waitUntil: 'networkidle' });
    await expect(page.locator('#results article.card').first()).toHaveAttribute('data-car-id', first!);
    await interact(page, info.project.use.hasTouch);
    // The current stock, rendered afresh: the sold car is gone and the count is one less.
    await expect(page.getByTestId('result-count')).toHaveText(countText(cars.length - 1));
    await expect(page.locator(`#results article.card[data-car-id="${first}"]`)).toHaveCount(0);
    await expect(page.locator('.search-field input')).toBeFocused();
    await page.keyboard.type('hilu', { delay: 40 });
    const hilux = cars.filter((c) => c.model === 'HiLux' && c.id !== first);
    await expect(page.getByTestId('result-count')).toHaveText(countText(hilux.length));
    expect(errors()).toEqual([]);
  });

  test('a pointer naming an index the site no longer has (cached before a publish) is asked again: the search still works', async ({ page }, info) => {
    let asked = 0;
    await page.route(`**${INDEX_POINTER_PATH}`, async (route) => {
      asked++;
      if (asked === 1) return json(route, { index: '/search-index/00000000dead.json' });
      return route.continue();
    });
    const errors = errorsBut(page, [404]);
    await page.goto(`${BASE}${SEARCH}`, { waitUntil: 'networkidle' });
    await interact(page, info.project.use.hasTouch);
    await page.locator('.search-field input').pressSequentially('hilu', { delay: 40 });
    await expect(page.getByTestId('result-count')).toHaveText(countText(cars.filter((c) => c.model === 'HiLux').length));
    expect(asked).toBe(2);
    expect(errors()).toEqual([]);
  });

  test('a pointer that cannot be read at first (the host between two releases) is asked again: the search still works', async ({ page }, info) => {
    let asked = 0;
    await page.route(`**${INDEX_POINTER_PATH}`, async (route) => {
      asked++;
      if (asked === 1) return route.fulfill({ status: 503, body: 'busy' });
      return route.continue();
    });
    const errors = errorsBut(page, [503]);
    await page.goto(`${BASE}${SEARCH}`, { waitUntil: 'networkidle' });
    await interact(page, info.project.use.hasTouch);
    await page.locator('.search-field input').pressSequentially('hilu', { delay: 40 });
    await expect(page.getByTestId('result-count')).toHaveText(countText(cars.filter((c) => c.model === 'HiLux').length));
    expect(asked).toBe(2);
    expect(errors()).toEqual([]);
  });
});
