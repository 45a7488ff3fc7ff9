/**
 * The stock search in Chromium on the built demo dealer group (desktop and phone projects): pages
 * usable before JavaScript, then type, refine, slide, sort, page, back/forward, empty state and
 * Clear Filters once the search runs in the page. Expected counts come from the build's model.
 */
import { inStockSearch } from '../../src/lib/rules/listing.ts';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { EMPTY_TEXT, EMPTY_TITLE } from '../../src/lib/search/empty-state.ts';
import { formatNumber } from '../../src/lib/rules/format.ts';
import { roundToThousand, sliderRange, sliderStep } from '../../src/lib/search/slider.ts';
import { baseUrl, hydrateSearch, readModel, watchErrors, snap, type DemoTenant } from './helpers.ts';

const GROUP: DemoTenant = 'demo-southern-motor-group';
const BASE = baseUrl(GROUP);
const model = readModel(GROUP);
// What the stock search holds: listed cars but those of another status (they keep only their page).
const cars = model.vehicles.filter((v) => v.listed && inStockSearch(v));
const perPage = model.tenant.search.hits_per_page;
const byId = new Map(cars.map((c) => [c.id, c]));
const countText = (n: number, shown = Math.min(perPage, n)) => `Showing ${shown} of ${formatNumber(n)} ${n === 1 ? 'car' : 'cars'}`;

/** The island hydrates on first interaction (helpers.ts hydrateSearch). */
const hydrate = (page: Page) => hydrateSearch(page, '.search-page');

/** On phones the filters are a drawer. */
async function openFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Filters' });
  if (await toggle.isVisible()) await toggle.click();
}
async function closeFilters(page: Page): Promise<void> {
  const show = page.getByRole('button', { name: /^Show Me / });
  if (await show.isVisible()) await show.click();
}

const cardIds = (page: Page) => page.locator('#results article.card').evaluateAll((els) => els.map((e) => e.getAttribute('data-car-id') ?? ''));

async function go(page: Page, path: string, info?: TestInfo, name?: string) {
  await page.goto(`${BASE}${path}`);
  if (info && name) await snap(page, info, name);
}

test.describe('stock search', () => {
  test('every pretty path has its first page of results and working links without JavaScript', async ({ browser }, info) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport ?? null });
    const page = await context.newPage();
    const toyota = cars.filter((c) => c.make === 'Toyota');
    const hilux = toyota.filter((c) => c.model === 'HiLux');
    const used = cars.filter((c) => c.car_type === 'used');
    const suv = cars.filter((c) => c.simple_body === 'suv');
    const ford = cars.filter((c) => (c.dealership_slug ?? '') === 'southern-ford');
    for (const [path, title, expected] of [
      ['/search/new-used-and-demo-cars', 'New, Used and Demo Cars', cars],
      ['/search/used-cars', 'Used Cars', used],
      ['/search/toyota', 'Toyota for Sale', toyota],
      ['/search/toyota/hilux', 'Toyota HiLux for Sale', hilux],
      ['/search/suv', 'SUV for Sale', suv],
      ['/search/southern-ford', 'Southern Ford Dandenong Stock', ford],
    ] as const) {
      await page.goto(`${BASE}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByTestId('result-count')).toHaveText(countText(expected.length));
      const ids = await cardIds(page);
      expect(ids.length).toBe(Math.min(perPage, expected.length));
      expect(ids.every((id) => expected.some((c) => c.id === id))).toBe(true);
    }
    await page.goto(`${BASE}/search/toyota`);
    await snap(page, info, 'search-no-js');
    const first = page.locator('#results article.card h3 a').first();
    const href = await first.getAttribute('href');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}/?$`));
    await context.close();
  });

  test('no JavaScript runs before interaction and none is fetched while the shopper only looks: the search code and index arrive on the first interaction with the search, once', async ({
    page,
  }) => {
    let loaded = false;
    const beforeLoad: string[] = [];
    const scripts: string[] = [];
    const indexFetches: string[] = [];
    page.on('load', () => (loaded = true));
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/search-index/')) indexFetches.push(path);
      if (r.resourceType() !== 'script') return;
      scripts.push(path);
      if (!loaded) beforeLoad.push(path);
    });
    const errors = watchErrors(page);
    await page.goto(`${BASE}/search/new-used-and-demo-cars`, { waitUntil: 'networkidle' });
    expect(beforeLoad).toEqual([]);
    // Idle: nothing of the search is fetched (a shopper who only looks pays for none of it); the page is still the server's HTML.
    await page.waitForTimeout(1500);
    expect(scripts.filter((s) => /SearchApp/.test(s))).toEqual([]);
    expect(indexFetches).toEqual([]);
    await expect(page.locator('astro-island[ssr] .search-page')).toHaveCount(1);
    await expect(page.locator('.search-page[data-ready]')).toHaveCount(0);
    await hydrate(page);
    await page.locator('.search-field input').pressSequentially('hilu', { delay: 40 });
    await expect(page.getByTestId('result-count')).toHaveText(countText(cars.filter((c) => c.model === 'HiLux').length));
    expect(scripts.filter((s) => /SearchApp/.test(s))).toHaveLength(1);
    expect(scripts.length).toBe(new Set(scripts).size);
    expect(indexFetches).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('type: the search box finds HiLux from "hilu" after the debounce, and the page number goes', async ({ page }, info) => {
    const errors = watchErrors(page);
    await go(page, '/search/new-used-and-demo-cars?page=2');
    await expect(page.getByTestId('result-count')).toContainText(formatNumber(cars.length));
    await hydrate(page);
    await page.locator('.search-field input').pressSequentially('hilu', { delay: 40 });
    const hilux = cars.filter((c) => c.model === 'HiLux');
    await expect(page.getByTestId('result-count')).toHaveText(countText(hilux.length));
    await expect(page).toHaveURL(/\?query=hilu$/);
    const ids = await cardIds(page);
    expect(ids.every((id) => byId.get(id)?.model === 'HiLux')).toBe(true);
    await snap(page, info, 'search-typed');
    expect(errors).toEqual([]);
  });

  test('no first tap is lost: Filters, Show all makes and a make, pressed while the search code is still arriving, do what they say', async ({ page }) => {
    const errors = watchErrors(page);
    // The island's code arrives 1.5 s after it is asked for (a slow phone connection).
    await page.route(/\/_astro\/SearchApp\.[^/]+\.js$/, async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    await go(page, '/search/new-used-and-demo-cars');
    const panel = page.locator('#search-filters');
    const toggle = page.getByRole('button', { name: 'Filters' });
    if (await toggle.isVisible()) {
      // A phone: a quick tap on Filters right after load opens the panel once the code is there.
      await toggle.tap();
      await expect(panel).toHaveClass(/is-open/);
      await expect(panel).toBeVisible();
    } else {
      // A desktop: Show all makes, clicked at once, shows every make.
      await page.getByRole('button', { name: 'Show all makes' }).click();
      await expect(page.getByRole('button', { name: 'Hide extra makes' })).toBeVisible();
    }
    await expect(page.locator('.search-page[data-ready]')).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('a make ticked before the search code arrives is the first refinement', async ({ page }) => {
    await page.route(/\/_astro\/SearchApp\.[^/]+\.js$/, async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    await go(page, '/search/new-used-and-demo-cars');
    const toggle = page.getByRole('button', { name: 'Filters' });
    if (await toggle.isVisible()) {
      await toggle.tap();
      await expect(page.locator('#search-filters')).toHaveClass(/is-open/);
    }
    await page.getByRole('list', { name: 'All makes' }).getByRole('checkbox', { name: /^Ford/ }).click();
    await expect(page).toHaveURL(/\/search\/ford$/);
    await closeFilters(page);
    await expect(page.getByTestId('result-count')).toHaveText(countText(cars.filter((c) => c.make === 'Ford').length));
  });

  test('refine: make, its model and car type give pretty paths; back and forward restore each step', async ({ page }, info) => {
    const errors = watchErrors(page);
    await go(page, '/search/new-used-and-demo-cars');
    await hydrate(page);
    await openFilters(page);
    const makes = page.getByRole('list', { name: 'All makes' });
    await makes.getByRole('checkbox', { name: /^Ford/ }).click();
    await expect(page).toHaveURL(/\/search\/ford$/);
    const ford = cars.filter((c) => c.make === 'Ford');
    await closeFilters(page);
    await expect(page.getByTestId('result-count')).toHaveText(countText(ford.length));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ford for Sale');
    await openFilters(page);
    await makes.locator('li', { hasText: 'Ford' }).getByRole('button', { name: 'Select models' }).click();
    await page
      .getByLabel('Ford models')
      .getByRole('checkbox', { name: /^Ranger/ })
      .click();
    await expect(page).toHaveURL(/\/search\/ford\/ranger$/);
    await page.getByRole('group', { name: 'Car type' }).getByRole('checkbox', { name: /^Used/ }).click();
    await expect(page).toHaveURL(/\/search\/ford\/ranger\?car_type=used$/);
    await closeFilters(page);
    const usedRangers = ford.filter((c) => c.model === 'Ranger' && c.car_type === 'used');
    await expect(page.getByTestId('result-count')).toHaveText(countText(usedRangers.length));
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Ford' })).toBeVisible();
    await snap(page, info, 'search-refined');

    await page.goBack();
    await expect(page).toHaveURL(/\/search\/ford\/ranger$/);
    await expect(page.getByTestId('result-count')).toHaveText(countText(ford.filter((c) => c.model === 'Ranger').length));
    await page.goBack();
    await expect(page).toHaveURL(/\/search\/ford$/);
    await expect(page.getByTestId('result-count')).toHaveText(countText(ford.length));
    await page.goForward();
    await page.goForward();
    await expect(page).toHaveURL(/\/search\/ford\/ranger\?car_type=used$/);
    await expect(page.getByTestId('result-count')).toHaveText(countText(usedRangers.length));
    expect(errors).toEqual([]);
  });

  test('slide: the price slider writes a rounded range after 400 ms and drops the page', async ({ page }, info) => {
    await go(page, '/search/new-used-and-demo-cars?page=3');
    await hydrate(page);
    await openFilters(page);
    // The slider moves in hundredths of its range (0 to the highest price here); the refinement is rounded to 1000.
    const range = sliderRange(Math.max(...cars.map((c) => c.price ?? 0)), model.tenant.search.show_facet_max);
    const value = sliderStep(range) * 15;
    const min = roundToThousand(value);
    await page.getByRole('slider', { name: 'Minimum price' }).fill(String(value));
    await expect(page).toHaveURL(new RegExp(`\\?range\\[price\\]=${min}:$`));
    await closeFilters(page);
    const expected = cars.filter((c) => (c.price ?? -1) >= min);
    await expect(page.getByTestId('result-count')).toHaveText(countText(expected.length));
    const ids = await cardIds(page);
    expect(ids.every((id) => (byId.get(id)?.price ?? 0) >= min)).toBe(true);
    await snap(page, info, 'search-slid');
  });

  test('price range on Our Stock: keyboard and drag set $ ends, Apply lands on the search in that range, highest price first', async ({ page }, info) => {
    const errors = watchErrors(page);
    await go(page, '/cars/');
    const from = page.getByRole('slider', { name: 'Price from' });
    const to = page.getByRole('slider', { name: 'Price to' });
    await from.fill('20000');
    await to.fill('60000');
    await to.focus();
    await page.keyboard.press('ArrowRight'); // one $500 step
    await expect(to).toHaveAttribute('aria-valuetext', '$60,500');
    await expect(page.locator('.pr-values')).toHaveText('$20,000 – $60,500');
    // The minimum cannot pass the maximum.
    await from.fill('100000');
    await expect(from).toHaveValue('60000');
    await from.fill('20000');
    await snap(page, info, 'cars-price-range');
    await page.getByRole('button', { name: 'Apply' }).click();
    // The search's router may rewrite the address once it runs (brackets unencoded): same URL either way.
    await expect.poll(() => decodeURIComponent(page.url())).toBe(`${BASE}/search/new-used-and-demo-cars?range[price]=20000:60500&sortBy=price_desc`);
    await hydrate(page);
    const expected = cars.filter((c) => (c.price ?? -1) >= 20_000 && (c.price ?? -1) <= 60_500);
    await expect(page.getByTestId('result-count')).toHaveText(countText(expected.length));
    await expect(page.getByLabel('Sort by').locator('option:checked')).toHaveText('Highest price');
    const prices = (await cardIds(page)).map((id) => byId.get(id)?.price ?? -1);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p >= 20_000 && p <= 60_500)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(errors).toEqual([]);
  });

  test('price range without JavaScript: the number inputs send a range the search reads once it runs', async ({ browser, page }, info) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport ?? null });
    const nojs = await context.newPage();
    await nojs.goto(`${BASE}/cars/`);
    await nojs.getByRole('spinbutton', { name: 'Price from' }).fill('30000');
    await nojs.getByRole('spinbutton', { name: 'Price to' }).fill('45000');
    await nojs.getByRole('button', { name: 'Apply' }).click();
    await expect(nojs).toHaveURL(/\/search\/new-used-and-demo-cars\?range%5Bprice%5D%5Bmin%5D=30000&range%5Bprice%5D%5Bmax%5D=45000&sortBy=price_desc$/);
    const url = nojs.url();
    await context.close();
    await page.goto(url);
    await hydrate(page);
    const expected = cars.filter((c) => (c.price ?? -1) >= 30_000 && (c.price ?? -1) <= 45_000);
    await expect(page.getByTestId('result-count')).toHaveText(countText(expected.length));
    const prices = (await cardIds(page)).map((id) => byId.get(id)?.price ?? -1);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  test('sort: lowest price first, leaving out unpriced cars on this tenant; highest price first', async ({ page }) => {
    await go(page, '/search/new-used-and-demo-cars');
    await hydrate(page);
    await page.getByLabel('Sort by').selectOption({ label: 'Lowest price' });
    await expect(page).toHaveURL(/sortBy=price_asc/);
    const priced = cars.filter((c) => (c.price ?? 0) > 0);
    await expect(page.getByTestId('result-count')).toHaveText(countText(priced.length));
    const asc = (await cardIds(page)).map((id) => byId.get(id)?.price ?? -1);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(asc[0]).toBe(Math.min(...priced.map((c) => c.price ?? 0)));
    await page.getByLabel('Sort by').selectOption({ label: 'Highest price' });
    await expect(page).toHaveURL(/sortBy=price_desc/);
    await expect(page.getByTestId('result-count')).toHaveText(countText(cars.length));
    const desc = (await cardIds(page)).map((id) => byId.get(id)?.price ?? -1);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  test('page: page 2 shows the next cars, with the promo cards at their configured positions', async ({ page }) => {
    await go(page, '/search/new-used-and-demo-cars');
    const firstPage = await cardIds(page);
    const grid = page.locator('#results > *');
    for (const pos of model.tenant.search.promo_positions) await expect(grid.nth(pos)).toHaveClass(/promo-card/);
    await hydrate(page);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    const second = await cardIds(page);
    expect(second).toHaveLength(perPage);
    expect(second.some((id) => firstPage.includes(id))).toBe(false);
    // This tenant scrolls to the top after a search change.
    if (model.tenant.search.scroll_to_top) await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("promo cards: the tenant's own cards, each on the searches its display names; a card past its dates nowhere", async ({ page }) => {
    const promoTitles = async (path: string) => {
      await go(page, path);
      return page.locator('#results .promo-card .card-title').allTextContents();
    };
    expect(await promoTitles('/search/new-used-and-demo-cars')).toEqual(['Trade-in guarantee', 'New car finance']);
    expect(await promoTitles('/search/used-cars')).toEqual(['Trade-in guarantee', 'Every used car inspected']);
    expect(await promoTitles('/search/new-cars')).toEqual(['Trade-in guarantee', 'New car finance']);
    await expect(page.getByText('Spring run-out')).toHaveCount(0);
    // After hydration the island shows the same cards, and the strict used-only card stays off the unfiltered search.
    await go(page, '/search/new-used-and-demo-cars');
    await hydrate(page);
    await expect(page.locator('#results .promo-card .card-title')).toHaveText(['Trade-in guarantee', 'New car finance']);
  });

  test('empty state: its texts, and Clear Filters back to all stock (also from a pretty path)', async ({ page }, info) => {
    const errors = watchErrors(page);
    await go(page, '/search/toyota?query=zzqxv');
    await expect(page.getByRole('heading', { name: EMPTY_TITLE })).toBeVisible();
    await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText('0 cars');
    await snap(page, info, 'search-empty');
    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars$/);
    await expect(page.getByTestId('result-count')).toHaveText(countText(cars.length));
    await expect(page.locator('.search-field input')).toHaveValue('');
    expect(errors).toEqual([]);
  });

  test('a shared link with refinements in the query string shows that search', async ({ page }) => {
    await go(page, '/search/used-cars?colour=White');
    const expected = cars.filter((c) => c.car_type === 'used' && c.colour === 'White');
    await expect(page.getByTestId('result-count')).toHaveText(countText(expected.length));
  });

  test('cards: Reserve goes to buy-online where eligible; sold cars offer Find Me Something Similar', async ({ page }) => {
    await go(page, '/search/new-used-and-demo-cars');
    const reserve = page.getByRole('link', { name: 'Reserve' }).first();
    await expect(reserve).toHaveAttribute('href', /^\/cars\/[a-z0-9-]+\/buy-online$/);
    const sold = cars.find((c) => c.status === 'sold');
    expect(sold, 'the demo group lists a recently sold car').toBeTruthy();
    await go(page, `/search/new-used-and-demo-cars?query=${encodeURIComponent(sold?.stocknum ?? '')}`);
    const card = page.locator(`article.card[data-car-id="${sold?.id}"]`);
    await expect(card.getByRole('link', { name: 'Find Me Something Similar' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Reserve' })).toHaveCount(0);
  });

  test('recent searches: kept in this browser (newest first, at most 5) and offered on the next search page', async ({ page }) => {
    await go(page, '/search/new-used-and-demo-cars');
    await hydrate(page);
    await page.locator('.search-field input').pressSequentially('hilu', { delay: 40 });
    await expect(page).toHaveURL(/\?query=hilu$/);
    // The search is remembered once its results are in: wait for that before leaving the page (on a
    // busy machine the shopper could leave first, and the test then saw one entry, not two).
    const remembered = () => page.evaluate(() => JSON.parse(localStorage.getItem('dealer:search-history') ?? '[]').length as number);
    await expect.poll(remembered, { timeout: 15_000 }).toBe(1);
    await go(page, '/search/toyota');
    await hydrate(page);
    await expect.poll(remembered, { timeout: 15_000 }).toBe(2);
    await page.reload();
    await hydrate(page);
    await openFilters(page);
    const recent = page.locator('details.recent-searches');
    await recent.locator('summary').click();
    const link = recent.getByRole('link', { name: /hilu/ });
    await expect(link).toHaveAttribute('href', /query=hilu/);
    await link.click();
    await expect(page).toHaveURL(/query=hilu/);
    await expect(page.getByTestId('result-count')).toHaveText(countText(cars.filter((c) => c.model === 'HiLux').length));
  });
});
