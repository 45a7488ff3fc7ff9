/**
 * The vehicle pages' compression dictionary in Chromium (src/lib/site/dictionary.ts): a shopper's
 * browser fetches /_dict/cars.dict once, at idle, and from then on car pages arrive as dcz deltas of
 * about 1.5 KB instead of whole pages, and they are the same pages: title, price, scripts, no errors.
 */
import { expect, test } from '@playwright/test';
import { baseUrl, readModel, watchBrokenRequests, watchErrors, type DemoTenant } from './helpers.ts';

const TENANT: DemoTenant = 'demo-southern-motor-group';

test('after the home page, car pages arrive compressed with the site dictionary and work as before', async ({ page }) => {
  const errors = watchErrors(page);
  const broken = watchBrokenRequests(page);
  const m = readModel(TENANT);
  const cars = m.vehicles.filter((c) => m.views[c.id]?.available).slice(0, 2);
  const dictionary = page.waitForResponse((r) => r.url().endsWith('/_dict/cars.dict') && r.status() === 200);
  await page.goto(`${baseUrl(TENANT)}/`);
  // Fetched once the page is idle, with the header that makes the browser keep it for /cars/*.
  const dict = await dictionary;
  expect(dict.headers()['use-as-dictionary']).toBe('match="/cars/*", match-dest=("document")');
  for (const car of cars) {
    // The browser stores the dictionary after its response: the first car page may still come whole.
    await expect
      .poll(
        async () => {
          const res = await page.goto(`${baseUrl(TENANT)}${car.path}`);
          return res?.headers()['content-encoding'];
        },
        { timeout: 10_000 },
      )
      .toBe('dcz');
    await expect(page).toHaveTitle(new RegExp(m.views[car.id]!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(page.getByRole('complementary', { name: 'Price and actions' })).toContainText(m.views[car.id]!.price.text);
    // Its script runs: the lazy sections and the viewed-car record work off the decoded page.
    await expect(page.locator('html.js')).toHaveCount(1);
  }
  // Other pages are not touched.
  const home = await page.goto(`${baseUrl(TENANT)}/`);
  expect(home?.headers()['content-encoding']).toBeUndefined();
  expect(errors).toEqual([]);
  expect(broken).toEqual([]);
});
