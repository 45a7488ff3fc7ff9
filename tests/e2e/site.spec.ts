import { expect, test } from '@playwright/test';
import { priceDisplay } from '../../src/lib/rules/price-display.ts';
import { vehicleTitle } from '../../src/lib/rules/vehicle-title.ts';
import { inStockSearch, isAvailable } from '../../src/lib/rules/listing.ts';
import { formatNumber } from '../../src/lib/rules/format.ts';
import { baseUrl, expectNoBrokenImages, readModel, readReport, snap, watchBrokenRequests, type DemoTenant } from './helpers.ts';

const GROUP: DemoTenant = 'demo-southern-motor-group';

test.describe('demo dealer group site', () => {
  const model = readModel(GROUP);
  const cars = model.vehicles;

  test('home shows the dealer, stock links and latest arrivals', async ({ page }, info) => {
    const broken = watchBrokenRequests(page);
    await page.goto(`${baseUrl(GROUP)}/`);
    await expect(page).toHaveTitle(model.tenant.name);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse all stock' })).toBeVisible();
    await expect(page.locator('article.card').first()).toBeVisible();
    await expectNoBrokenImages(page);
    await snap(page, info, 'home');
    expect(broken).toEqual([]);
  });

  test('search page has its first page of results as cards before any script runs', async ({ browser }, info) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport ?? null });
    const page = await context.newPage();
    await page.goto(`${baseUrl(GROUP)}/search/new-used-and-demo-cars`);
    await expect(page.getByRole('heading', { level: 1, name: 'New, Used and Demo Cars' })).toBeVisible();
    const cards = page.locator('#results article.card');
    // The search holds the listed cars but those of another status (they keep only their page).
    const inSearch = cars.filter(inStockSearch);
    const perPage = Math.min(model.tenant.search.hits_per_page, inSearch.length);
    await expect(cards).toHaveCount(perPage);
    await expect(page.getByTestId('result-count')).toHaveText(`Showing ${perPage} of ${formatNumber(inSearch.length)} cars`);
    const first = cards.first().getByRole('link').first();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/cars\//);
    await snap(page, info, 'search');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}/?$`));
    await context.close();
  });

  test('an available car page shows title, price by the display rule, photos and key specs', async ({ page }, info) => {
    const car = cars.find((c) => isAvailable(c) && (c.price ?? 0) > 10 && c.photos.length > 3 && c.photos.every((p) => p.ok));
    expect(car, 'an available priced car with photos').toBeTruthy();
    if (!car) return;
    const broken = watchBrokenRequests(page);
    await page.goto(`${baseUrl(GROUP)}${car.path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(vehicleTitle(car));
    await expect(page.getByTestId('price')).toHaveText(priceDisplay(car).text);
    const hero = page.locator('.vdp-main img');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).toHaveAttribute('loading', 'eager');
    await expect(page.getByRole('heading', { name: 'Key information' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Enquire Now' })).toBeVisible();
    await expectNoBrokenImages(page);
    await snap(page, info, 'vehicle');
    expect(broken).toEqual([]);
  });

  test('price 0, preorder and sold cars follow the spec texts', async ({ page }) => {
    const zero = cars.find((c) => isAvailable(c) && !c.preorder && (c.price ?? 0) <= 10);
    const preorder = cars.find((c) => c.preorder && (c.price ?? 0) <= 10);
    const sold = cars.find((c) => !isAvailable(c));
    expect(zero && preorder && sold, 'demo stock has a price-0, a preorder and a recently sold car').toBeTruthy();
    await page.goto(`${baseUrl(GROUP)}${zero?.path}`);
    await expect(page.getByTestId('price')).toHaveText(model.tenant.texts.no_price);
    await expect(page.getByText('$0', { exact: true })).toHaveCount(0);
    await page.goto(`${baseUrl(GROUP)}${preorder?.path}`);
    await expect(page.getByTestId('price')).toHaveText('PREORDER');
    await page.goto(`${baseUrl(GROUP)}${sold?.path}`);
    await expect(page.getByTestId('sold-panel')).toContainText('SOLD');
    await expect(page.getByRole('link', { name: 'Find Me Something Similar' })).toBeVisible();
  });

  test('a car whose photo is broken shows the placeholder and makes no broken request', async ({ page }, info) => {
    const report = readReport(GROUP);
    const failedSources = new Set(report.images.failures.map((f) => f.source));
    const car = cars.find((c) => c.image_sources[0] !== undefined && failedSources.has(c.image_sources[0]));
    expect(car, 'the demo group has a car whose first photo cannot be used').toBeTruthy();
    if (!car) return;
    const broken = watchBrokenRequests(page);
    await page.goto(`${baseUrl(GROUP)}${car.path}`);
    const hero = page.locator('.vdp-main img');
    await expect(hero).toHaveAttribute('data-placeholder', 'true');
    await expect(hero).toHaveJSProperty('complete', true);
    expect(await hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await snap(page, info, 'vehicle-broken-photo');
    expect(broken).toEqual([]);
  });

  test('locations page lists every visible location with hours', async ({ page }, info) => {
    await page.goto(`${baseUrl(GROUP)}/locations`);
    const visible = model.tenant.locations.filter((l) => l.visible);
    await expect(page.locator('article.loc-card')).toHaveCount(visible.length);
    await snap(page, info, 'locations');
  });

  test('an unknown address answers 404 with a helpful page', async ({ page }) => {
    const res = await page.goto(`${baseUrl(GROUP)}/cars/no-such-car`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('link', { name: 'Browse our stock' })).toBeVisible();
  });
});

for (const tenant of ['demo-coastal-toyota', 'demo-redline-used-cars'] as const) {
  test(`${tenant}: home and search render`, async ({ page }, info) => {
    const broken = watchBrokenRequests(page);
    await page.goto(`${baseUrl(tenant)}/`);
    await expect(page).toHaveTitle(readModel(tenant).tenant.name);
    await snap(page, info, `${tenant}-home`);
    await page.goto(`${baseUrl(tenant)}/search/new-used-and-demo-cars`);
    await expect(page.locator('#results article.card').first()).toBeVisible();
    expect(broken).toEqual([]);
  });
}
