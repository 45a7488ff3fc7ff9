/**
 * Maps everywhere and footer links that lead somewhere (issue 26): every location page shows its map
 * (a preview with the address that loads the map on request) and links directions to the map service,
 * also where the location has a photo; the location directory's cards too. The footer's parts link is
 * the parts search only where the dealer lists parts, else the parts enquiry; Buy Online only where
 * the dealer sells online.
 */
import { expect, test } from '@playwright/test';
import { baseUrl, readModel, type DemoTenant } from './helpers.ts';
import { directionsHref } from '../../src/lib/content/locations.ts';
import { hasPartsList, sellsOnline } from '../../src/lib/content/navigation.ts';

const DEMOS: DemoTenant[] = ['demo-coastal-toyota', 'demo-redline-used-cars', 'demo-southern-motor-group'];

for (const tenant of DEMOS) {
  test.describe(tenant, () => {
    test('each location page shows a map with its address and links directions', async ({ page }) => {
      const model = readModel(tenant);
      const locations = model.tenant.locations.filter((l) => l.visible);
      expect(locations.length).toBeGreaterThan(0);
      for (const loc of locations) {
        await page.goto(`${baseUrl(tenant)}/locations/${loc.slug}`);
        const media = page.locator(`#map-${loc.slug}`);
        const map = media.locator('.map-preview');
        await expect(map, loc.slug).toBeVisible();
        if (loc.address.street) await expect(map.locator('address')).toContainText(loc.address.street);
        const directions = map.getByRole('link', { name: new RegExp(`^Directions to ${loc.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
        await expect(directions, loc.slug).toHaveAttribute('href', directionsHref(loc)!);
        expect(directionsHref(loc)).toMatch(/^https:\/\/(www\.google\.com\/maps|maps\.)/);
        if (loc.address.lat !== undefined) await expect(map.getByRole('button', { name: /^Show map/ })).toBeVisible();
      }
    });

    test('the location directory: every card links directions', async ({ page }) => {
      const model = readModel(tenant);
      await page.goto(`${baseUrl(tenant)}/locations`);
      const cards = page.locator('.loc-card');
      const n = await cards.count();
      expect(n).toBeGreaterThan(0);
      for (let i = 0; i < n; i++) await expect(cards.nth(i).locator('a[data-directions]').first()).toHaveAttribute('href', /^https:\/\//);
      expect(model.tenant.locations.length).toBeGreaterThan(0);
    });

    test('the footer’s parts link goes somewhere useful; Buy Online only where the dealer sells online', async ({ page }) => {
      const model = readModel(tenant);
      await page.goto(`${baseUrl(tenant)}/`);
      const footer = page.locator('footer.site-footer');
      const parts = footer.getByRole('link', { name: /^Parts (Search|Enquiry)$/ });
      await expect(parts).toHaveCount(1);
      const href = (await parts.getAttribute('href'))!;
      if (hasPartsList(model)) {
        expect(href).toBe('/parts/search');
        await page.goto(`${baseUrl(tenant)}${href}`);
        await expect(page.getByTestId('part-card').first()).toBeVisible();
      } else {
        expect(href).toBe('/vehicle-parts-and-accessories#parts-form');
        await page.goto(`${baseUrl(tenant)}${href}`);
        await expect(page.locator('#parts-form')).toBeVisible();
        // The parts search page itself leads to the enquiry: no "0 parts", no "adjust the filters", no dead Clear Filters.
        await page.goto(`${baseUrl(tenant)}/parts/search`);
        await expect(page.getByTestId('parts-enquiry-lead')).toBeVisible();
        await expect(page.getByText(/adjust(ing)? the filters/)).toHaveCount(0);
        await expect(page.getByRole('link', { name: 'Clear Filters' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
      }
      await page.goto(`${baseUrl(tenant)}/`);
      const buy = page.locator('footer.site-footer').getByRole('link', { name: 'Buy Online' });
      if (sellsOnline(model)) {
        await expect(buy).toHaveAttribute('href', '/checkout-journey');
        const res = await page.request.get(`${baseUrl(tenant)}/checkout-journey`);
        expect(res.status()).toBe(200);
      } else await expect(buy).toHaveCount(0);
    });
  });
}

test('screenshots: a location page with a photo, phone 390 and desktop 1280', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'one set of screenshots (each sets its own viewport)');
  const tenant: DemoTenant = 'demo-southern-motor-group';
  const loc = readModel(tenant).tenant.locations.find((l) => l.visible && l.image)!;
  for (const [width, height, file] of [
    [390, 844, 'docs/images/location-after-phone.png'],
    [1280, 900, 'docs/images/location-after.png'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${baseUrl(tenant)}/locations/${loc.slug}`);
    // Desktop: the card with the address, hours, photo and map from its top; phone: from its actions down to the map.
    const from = width < 640 ? page.locator('.loc-card .loc-actions').first() : page.locator('.loc-card').first();
    const top = await from.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    await page.evaluate((y) => window.scrollTo(0, Math.max(0, y - 90)), top);
    await page.waitForTimeout(300);
    await page.screenshot({ path: file });
  }
});
