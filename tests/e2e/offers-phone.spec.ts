/**
 * Special offers on every demo (issue 26): on a 390x844 phone the offers come first (the first card
 * starts on the first screen) and the filters wait behind a Filters button, which opens them with or
 * without JavaScript and whose filters work; on a desktop the filters are the side column, no button.
 */
import { expect, test, type Page } from '@playwright/test';
import { TENANT_PORTS } from '../../playwright.config.ts';
import { activeOffers } from '../../src/lib/content/site-content.ts';
import { baseUrl, readModel, snap, watchErrors, type DemoTenant } from './helpers.ts';

const TENANTS = Object.keys(TENANT_PORTS) as DemoTenant[];
const PHONE = { width: 390, height: 844 };

const cards = (page: Page) => page.getByTestId('offer-card');
/** The page's own errors; a third-party tag (the tenant's GTM) cannot be reached from the test machine. */
const own = (errors: string[]) => errors.filter((e) => !/net::ERR_NAME_NOT_RESOLVED/.test(e));

// The island hydrates on the first tap: on a loaded machine that alone can take seconds.
test.describe.configure({ timeout: 90_000 });

for (const tenant of TENANTS) {
  const offers = activeOffers(readModel(tenant));

  test.describe(tenant, () => {
    test('phone: the first offer on the first screen; the filters behind the Filters button, and they work', async ({ page }, info) => {
      test.skip(info.project.name !== 'phone', 'the phone layout');
      expect(offers.length, 'every demo has offers').toBeGreaterThan(0);
      const errors = watchErrors(page);
      await page.setViewportSize(PHONE);
      await page.goto(`${baseUrl(tenant)}/special-offers`);
      const first = cards(page).first();
      await expect(first).toBeVisible();
      const top = (await first.boundingBox())!.y;
      expect(top, 'the first offer card starts on the first screen').toBeLessThan(PHONE.height - 200);

      const panel = page.getByTestId('catalog-filters');
      const toggle = page.getByTestId('catalog-filters-toggle');
      await expect(panel).toBeHidden();
      await expect(toggle).toHaveText('Filters');
      expect((await toggle.boundingBox())!.y + 44).toBeLessThan(PHONE.height);
      await snap(page, info, `offers-${tenant}-closed`);

      await toggle.tap();
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('heading', { name: 'Filters' })).toBeVisible();
      // The panel covers the phone's screen (it is above the page), its Show button at the bottom.
      const box = (await panel.boundingBox())!;
      expect([box.x, box.y, box.width]).toEqual([0, 0, PHONE.width]);
      await snap(page, info, `offers-${tenant}-open`);

      // A category narrows the offers to that category's; the panel stays open until Show is pressed.
      const option = panel.getByRole('checkbox').first();
      const href = await option.getAttribute('href');
      const count = Number(await option.locator('.facet-count').innerText());
      await option.tap();
      await expect(option).toHaveAttribute('aria-checked', 'true');
      await expect.poll(() => cards(page).count()).toBe(count);
      await expect(page).toHaveURL(`${baseUrl(tenant)}${href}`);
      await panel.getByRole('button', { name: `Show ${count === 1 ? '1 offer' : `${count} offers`}` }).tap();
      await expect(panel).toBeHidden();
      await expect(toggle).toHaveText('Filters (1)');
      await expect(cards(page).first()).toBeInViewport();
      expect(own(errors)).toEqual([]);
    });

    test('phone: a tap on Filters while the island code is still arriving opens the panel at once (a native popover, never held)', async ({ page }, info) => {
      test.skip(info.project.name !== 'phone', 'the phone layout');
      await page.setViewportSize(PHONE);
      // The island's code held back 3 s: the tap must not wait for it (the directive holds only what needs the code).
      await page.route(/\/_astro\/CatalogApp\.[^/]+\.js$/, async (route) => {
        await new Promise((done) => setTimeout(done, 3000));
        await route.continue();
      });
      await page.goto(`${baseUrl(tenant)}/special-offers`);
      const toggle = page.getByTestId('catalog-filters-toggle');
      await toggle.tap();
      await expect(page.getByTestId('catalog-filters')).toBeVisible({ timeout: 1000 });
    });

    test('phone without JavaScript: Filters opens the panel, whose filters are links to the filtered offers', async ({ browser }, info) => {
      test.skip(info.project.name !== 'phone', 'the phone layout');
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      // (Without JavaScript the site's header shows its menu open above the page: where the cards start is the JavaScript test's.)
      await page.goto(`${baseUrl(tenant)}/special-offers`);
      const panel = page.getByTestId('catalog-filters');
      await expect(panel).toBeHidden();
      await page.getByTestId('catalog-filters-toggle').tap();
      await expect(panel).toBeVisible();
      const option = panel.getByRole('checkbox').first();
      const href = await option.getAttribute('href');
      expect(href).toMatch(/^\/special-offers\?category=/);
      await option.tap();
      await expect(page).toHaveURL(`${baseUrl(tenant)}${href}`);
      await page.getByTestId('catalog-filters-toggle').tap();
      await page
        .getByTestId('catalog-filters')
        .getByRole('button', { name: /^Show / })
        .tap();
      await expect(page.getByTestId('catalog-filters')).toBeHidden();
      await context.close();
    });

    test('desktop: the filters are the side column, no Filters button', async ({ page }, info) => {
      test.skip(info.project.name !== 'desktop', 'the desktop layout');
      await page.goto(`${baseUrl(tenant)}/special-offers`);
      const panel = page.getByTestId('catalog-filters');
      await expect(panel).toBeVisible();
      await expect(page.getByTestId('catalog-filters-toggle')).toBeHidden();
      await expect(panel.getByRole('button', { name: /^Show / })).toBeHidden();
      const side = (await panel.boundingBox())!;
      const first = (await cards(page).first().boundingBox())!;
      expect(side.x + side.width).toBeLessThanOrEqual(first.x);
      expect(first.y).toBeLessThan(900);
      await snap(page, info, `offers-${tenant}`);
    });
  });
}
