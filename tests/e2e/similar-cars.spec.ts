/**
 * The vehicle page's similar cars as a shopper meets them: the cards load when the section comes near
 * the screen (/cars/<slug>/similar.json, the build's file), they lead to those cars' pages, and the
 * section's link opens the search narrowed by the same rule (car type and price window). Without
 * JavaScript, or when the file does not load, the link is what the shopper gets (the spec: failure
 * logged only, the section falls back to the search filter).
 */
import { expect, test, type Page } from '@playwright/test';
import { similarCarsQuery } from '../../src/lib/search/similar.ts';
import { similarBandPath } from '../../src/lib/vdp/similar-band.ts';
import type { VdpVehicle } from '../../src/lib/vdp/vehicle.ts';
import { baseUrl, readModel, snap, watchBrokenRequests, watchErrors, type DemoTenant } from './helpers.ts';

const TENANT: DemoTenant = 'demo-coastal-toyota';

function carWithSimilar(type: 'used' | 'new'): VdpVehicle {
  const m = readModel(TENANT);
  const car = (m.vehicles as VdpVehicle[]).find((c) => c.listed && c.car_type === type && (c.similar_ids?.length ?? 0) >= 3 && (c.price ?? 0) > 0);
  if (!car) throw new Error(`no ${type} car with similar cars in ${TENANT}`);
  return car;
}

const section = (page: Page) => page.getByTestId('similar-cars');

test.describe('similar cars on a vehicle page', () => {
  test('load near the screen, in the build order, and lead to those cars; the link opens the narrowed search', async ({ page }, info) => {
    const errors = watchErrors(page);
    const broken = watchBrokenRequests(page);
    const m = readModel(TENANT);
    const car = carWithSimilar('used');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/cars/_similar/')) asked.push(r.url());
    });
    await page.goto(`${baseUrl(TENANT)}${car.path}`);
    await expect(section(page).getByRole('heading', { name: 'Similar cars' })).toBeVisible();
    // Far below the first screen: not asked for until the shopper scrolls towards it.
    expect(asked).toEqual([]);
    await section(page).scrollIntoViewIfNeeded();
    const cards = section(page).locator('article.card');
    await expect(cards).toHaveCount(car.similar_ids!.length);
    expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-car-id')))).toEqual(car.similar_ids);
    await expect(section(page)).toHaveAttribute('aria-busy', 'false');
    // One file: its price band's, which holds its list and the cards (src/lib/vdp/similar-band.ts).
    expect(asked).toEqual([`${baseUrl(TENANT)}${similarBandPath(car)}`]);
    await snap(page, info, 'vdp-similar-cars');

    const first = m.vehicles.find((v) => v.id === car.similar_ids![0])!;
    await cards.first().getByRole('link', { name: m.views[first.id]!.title }).click();
    await expect(page).toHaveURL(`${baseUrl(TENANT)}${first.path}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(first.make);

    // The link: the search of the same car type within the same price window.
    await page.goto(`${baseUrl(TENANT)}${car.path}`);
    await section(page).getByRole('link', { name: 'See all similar cars in stock' }).click();
    await expect(page).toHaveURL(/\/search\/used-cars\?range\[price\]=\d+:\d+$/);
    const range = similarCarsQuery(car).ranges!.price!;
    const results = page.locator('article.card[data-car-id]');
    await expect(results.first()).toBeVisible();
    // The island applies the price range from the URL once it runs; then every result is in the window.
    await expect
      .poll(async () => {
        const ids = await results.evaluateAll((els) => els.map((e) => e.getAttribute('data-car-id')));
        return ids.every((id) => {
          const v = m.vehicles.find((x) => x.id === id);
          return v?.car_type === 'used' && (v.price ?? 0) >= range.min! && (v.price ?? 0) <= range.max!;
        });
      })
      .toBe(true);
    expect(errors).toEqual([]);
    expect(broken).toEqual([]);
  });

  test('without JavaScript the section is its link; when the file fails the failure is logged and the link stays', async ({ browser, page }, info) => {
    const car = carWithSimilar('new');
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport ?? null });
    const noJs = await context.newPage();
    await noJs.goto(`${baseUrl(TENANT)}${car.path}`);
    await expect(section(noJs).locator('.vdp-carousel')).toBeHidden();
    const link = section(noJs).getByRole('link', { name: 'See all similar cars in stock' });
    await expect(link).toHaveAttribute('href', /^\/search\/new-and-demo-cars\?range\[price\]=\d+:\d+$/);
    await link.click();
    await expect(noJs.locator('article.card').first()).toBeVisible();
    await context.close();

    const logged: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') logged.push(msg.text());
    });
    await page.route('**/cars/_similar/**', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await page.goto(`${baseUrl(TENANT)}${car.path}`);
    await section(page).scrollIntoViewIfNeeded();
    await expect(section(page)).toHaveAttribute('aria-busy', 'false');
    await expect(section(page).locator('article.card')).toHaveCount(0);
    await expect(section(page).locator('.vdp-carousel')).toHaveCount(0);
    await expect(section(page).getByRole('link', { name: 'See all similar cars in stock' })).toBeVisible();
    expect(logged.some((t) => t.includes('Failed to fetch similar cars'))).toBe(true);
  });
});
