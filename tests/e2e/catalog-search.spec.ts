/**
 * The small searches in Chromium on the built Coastal Toyota demo: the offers search on
 * /special-offers (query, category, price, empty state, Clear Filters, a shared link), the models
 * search on /models (reached from the Vehicles menu) and /parts/search. Each page shows its first
 * page of results before any JavaScript runs.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { EMPTY_OFFERS_TEXT } from '../../src/lib/search/empty-state.ts';
import { baseUrl, hydrateSearch, readModel, watchErrors, type DemoTenant } from './helpers.ts';
import { activeOffers, contentOf } from '../../src/lib/content/site-content.ts';

const TENANT: DemoTenant = 'demo-coastal-toyota';
const BASE = baseUrl(TENANT);
const model = readModel(TENANT);
const offers = activeOffers(model);
const parts = contentOf(model).parts ?? [];

/** The island hydrates on first interaction (helpers.ts hydrateSearch). */
const hydrate = (page: Page) => hydrateSearch(page, '.catalog-search');

/** Phones: the filters wait behind the Filters button (tests/e2e/offers-phone.spec.ts); a desktop shows them beside the results. */
const phone = () => test.info().project.name === 'phone';
async function openFilters(page: Page): Promise<void> {
  if (!phone()) return;
  await page.getByTestId('catalog-filters-toggle').click();
  await expect(page.getByTestId('catalog-filters')).toBeVisible();
}
async function closeFilters(page: Page): Promise<void> {
  if (!phone()) return;
  await page
    .getByTestId('catalog-filters')
    .getByRole('button', { name: /^Show / })
    .click();
  await expect(page.getByTestId('catalog-filters')).toBeHidden();
}

const titles = (page: Page, testid: string) => page.getByTestId(testid).locator('.catalog-title').allInnerTexts();

test.describe('offers search', () => {
  test('first page of offers and its filter links without JavaScript', async ({ browser }, info) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport ?? null });
    const page = await context.newPage();
    await page.goto(`${BASE}/special-offers`);
    expect(offers.length).toBeGreaterThan(3);
    expect(await titles(page, 'offer-card')).toEqual(offers.map((o) => o.name));
    await openFilters(page);
    await expect(page.getByRole('checkbox', { name: /Drive Away/ })).toHaveAttribute('href', '/special-offers?category=Drive+Away');
    await context.close();
  });

  test('query, category, price, empty state and Clear Filters', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(`${BASE}/special-offers`);
    await hydrate(page);
    const box = page.locator('.catalog-search .search-field input');

    await box.fill('hilux');
    await expect.poll(() => titles(page, 'offer-card')).toEqual(offers.filter((o) => /hilux/i.test(`${o.name} ${o.description}`)).map((o) => o.name));
    await expect(page).toHaveURL(/\/special-offers\?query=hilux$/);
    await box.fill('');
    await expect.poll(() => titles(page, 'offer-card')).toHaveLength(offers.length);

    const driveAway = offers.filter((o) => o.category === 'Drive Away');
    expect(driveAway.length).toBeGreaterThan(1);
    await openFilters(page);
    await page.getByRole('checkbox', { name: /Drive Away/ }).click();
    await expect.poll(() => titles(page, 'offer-card')).toEqual(driveAway.map((o) => o.name));
    await expect(page).toHaveURL(/category=Drive\+Away/);

    await page.getByLabel('To ($)').fill('40000');
    await page.getByRole('button', { name: 'Apply price' }).click();
    const cheap = driveAway.filter((o) => o.price !== undefined && o.price <= 40000);
    expect(cheap.length).toBeGreaterThan(0);
    await expect.poll(() => titles(page, 'offer-card')).toEqual(cheap.map((o) => o.name));
    await expect(page).toHaveURL(/range\[price\]=:40000|range%5Bprice%5D=%3A40000/);
    await closeFilters(page);

    await box.fill('zzqxv');
    await expect(page.getByTestId('empty-state')).toContainText(EMPTY_OFFERS_TEXT);
    const clear = page.getByTestId('empty-state').getByRole('link', { name: 'Clear Filters' });
    await expect(clear).toHaveAttribute('href', '/special-offers');
    await clear.click();
    await expect.poll(() => titles(page, 'offer-card')).toHaveLength(offers.length);
    await expect(page).toHaveURL(`${BASE}/special-offers`);
    await expect(box).toHaveValue('');

    await page.goBack();
    await expect(page).toHaveURL(/query=zzqxv/);
    expect(errors).toEqual([]);
  });

  test('a shared link with a category and a price opens filtered', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(`${BASE}/special-offers?category=Servicing&range[price]=$20,000:$50,000`);
    const expected = offers.filter((o) => o.category === 'Servicing' && o.price !== undefined && o.price >= 20000 && o.price <= 50000);
    await expect.poll(() => titles(page, 'offer-card')).toEqual(expected.map((o) => o.name));
    await openFilters(page);
    await expect(page.getByRole('checkbox', { name: /Servicing/ })).toHaveAttribute('aria-checked', 'true');
    expect(errors).toEqual([]);
  });
});

test.describe('models search', () => {
  test('reached from the Vehicles menu; query and body filters', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(`${BASE}/`);
    const link = page.locator('header a[href="/models"]');
    await expect(link).toHaveCount(1);
    await page.goto(`${BASE}/models`);
    const all = await titles(page, 'model-card');
    expect(all.length).toBeGreaterThan(3);
    await hydrate(page);
    await page.locator('.catalog-search .search-field input').fill('hilux');
    await expect.poll(() => titles(page, 'model-card')).toEqual(['Toyota HiLux']);
    await expect(page.getByTestId('model-card').getByRole('link', { name: 'Toyota HiLux' })).toHaveAttribute('href', '/models/hilux');
    await page.locator('.catalog-search .search-field input').fill('');
    await expect.poll(() => titles(page, 'model-card')).toHaveLength(all.length);
    await openFilters(page);
    const suv = page.getByRole('checkbox', { name: /^SUV/ });
    const count = Number(await suv.locator('.facet-count').innerText());
    await suv.click();
    await expect.poll(() => titles(page, 'model-card')).toHaveLength(count);
    await expect(page).toHaveURL(/\/models\?body=suv$/);
    expect(count).toBeLessThan(all.length);
    expect(errors).toEqual([]);
  });
});

test.describe('parts search', () => {
  test('/parts/search lists the dealer’s parts and finds one by name or number', async ({ page }) => {
    const errors = watchErrors(page);
    const res = await page.goto(`${BASE}/parts/search`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Parts Search');
    expect(await titles(page, 'part-card')).toEqual(parts.map((p) => p.name));
    await expect(page.locator('footer a[href="/parts/search"]')).toHaveCount(1);
    await hydrate(page);
    const tow = parts.find((p) => /tow/i.test(p.name));
    expect(tow?.part_number).toBeDefined();
    await page.locator('.catalog-search .search-field input').fill(tow?.part_number ?? '');
    await expect.poll(() => titles(page, 'part-card')).toEqual([tow?.name]);
    await expect(page.getByTestId('part-card').getByRole('link', { name: /Enquire about this part/ })).toHaveAttribute(
      'href',
      '/vehicle-parts-and-accessories#parts-form',
    );
    expect(errors).toEqual([]);
  });
});

test('the three search pages: every control labelled, every image with alt text (axe-core), after hydration', async ({ page }) => {
  test.skip(test.info().project.name !== 'desktop', 'one viewport is enough for labels and alt text');
  for (const path of ['/special-offers', '/models', '/parts/search']) {
    await page.goto(`${BASE}${path}`);
    await hydrate(page);
    const results = await new AxeBuilder({ page })
      .withRules(['label', 'select-name', 'image-alt', 'aria-allowed-attr', 'aria-required-attr', 'heading-order'])
      .analyze();
    expect(
      results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      path,
    ).toEqual([]);
  }
});
