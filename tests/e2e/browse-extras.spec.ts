/**
 * Issue 14's browse-side items on the built demos, in Chromium: the service booking list, the
 * promotions slider beside the popup, body-type pictures on the facet tiles and the year facet's
 * order, trade-in gating, maps at zoom 10, the hidden reviews list, payment logos, locations that buy
 * cars and the recently-sold window per dealership.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { orderFacetItems } from '../../src/lib/search/facet-order.ts';
import { mapBox } from '../../src/lib/rules/map-view.ts';
import { DEFAULT_SEARCH_PATH } from '../../src/lib/search/pretty-routes.ts';
import type { SiteModel } from '../../src/lib/site/site-model.ts';
import { baseUrl, expectNoBrokenImages, readModel, snap, watchBrokenRequests, type DemoTenant } from './helpers.ts';

const COASTAL: DemoTenant = 'demo-coastal-toyota';
const GROUP: DemoTenant = 'demo-southern-motor-group';
const REDLINE: DemoTenant = 'demo-redline-used-cars';

/** Marks the tenant's popup as closed before the page loads, so its modal does not cover what is tested. */
async function closePopupBeforehand(page: Page, model: SiteModel): Promise<void> {
  const title = model.content?.popup?.title;
  if (title) await page.addInitScript((key) => localStorage.setItem(key, '1'), `popup-closed:${title}`);
}

/** Every image of the selector is served (200, an image type), whether or not it is on screen yet (lazy, a hidden drawer). */
async function imagesLoaded(page: Page, selector: string): Promise<void> {
  const srcs = await page.locator(selector).evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).currentSrc || (i as HTMLImageElement).src));
  expect(srcs.length).toBeGreaterThan(0);
  for (const src of srcs) {
    const res = await page.request.get(src);
    expect(res.status(), src).toBe(200);
    expect(res.headers()['content-type'], src).toMatch(/^image\//);
  }
}

test.describe('service booking list', () => {
  test('/service lists each dealership and make: the external booking page where there is one, else the form', async ({ page }, info) => {
    const model = readModel(GROUP);
    const bookings = model.tenant.service_bookings;
    expect(bookings.length).toBeGreaterThan(0);
    await page.goto(`${baseUrl(GROUP)}/service`);
    const list = page.getByTestId('service-booking-list');
    await expect(list.getByRole('heading', { name: 'Book by dealership and make' })).toBeVisible();
    const toyota = list.getByRole('row', { name: /Southern Toyota Parramatta Toyota/ });
    await expect(toyota.getByRole('link', { name: /Book online/ })).toHaveAttribute('href', bookings.find((b) => b.make === 'Toyota')!.url);
    const kia = list.getByRole('row', { name: /Southern Hyundai Kia Springwood Kia/ });
    await expect(kia.getByRole('link', { name: /Book with us/ })).toHaveAttribute('href', '#service-form');
    const ford = list.getByRole('row', { name: /Southern Ford Dandenong Ford/ });
    await ford.getByRole('link', { name: /Book with us/ }).click();
    await expect(page).toHaveURL(/\/service#service-form$/);
    await expect(page.locator('#service-form')).toBeInViewport();
    await snap(page, info, 'service-booking-list');
  });

  test("a service location's Book a Service goes to its dealership's booking page for its make", async ({ page }) => {
    const model = readModel(GROUP);
    const loc = model.tenant.locations.find((l) => l.location_type === 'service' && l.manufacturers.includes('Toyota'))!;
    await page.goto(`${baseUrl(GROUP)}/locations/${loc.slug}`);
    const link = page.getByRole('link', { name: new RegExp(`^Book a Service\\s*: ${loc.name}$`) }).first();
    await expect(link).toHaveAttribute('href', model.tenant.service_bookings.find((b) => b.dealership === loc.dealership_slug && b.make === 'Toyota')!.url);
  });

  test('a tenant without booking entries shows no list and keeps /service', async ({ page }) => {
    await page.goto(`${baseUrl(COASTAL)}/service`);
    await expect(page.getByRole('heading', { name: 'Book a Service', level: 1 })).toBeVisible();
    await expect(page.getByTestId('service-booking-list')).toHaveCount(0);
  });
});

test.describe('promotions slider', () => {
  test('1920 x 540 banners under the feature banner, beside the popup, looping', async ({ page }, info) => {
    const model = readModel(REDLINE);
    const promotions = model.content?.promotions ?? [];
    expect(promotions.length).toBe(2);
    const broken = watchBrokenRequests(page);
    await closePopupBeforehand(page, model);
    await page.goto(`${baseUrl(REDLINE)}/`);
    // The popup is still on the page (closed beforehand only so it does not cover the slider).
    await expect(page.locator('dialog.promo-popup')).toHaveCount(1);
    const slider = page.getByTestId('promotions-slider');
    await slider.scrollIntoViewIfNeeded();
    const slides = slider.locator('.promo-slide');
    await expect(slides).toHaveCount(2);
    const box = (await slides.first().boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(1920 / 540, 1);
    expect(box.width).toBeLessThanOrEqual(1920);
    await expect(slides.nth(0).getByRole('link')).toHaveAttribute('href', promotions[0]!.url!);
    await expect(slides.nth(0).getByRole('img')).toHaveAttribute('alt', promotions[0]!.image_alt!);
    await imagesLoaded(page, '.promo-slide img');
    const track = slider.locator('[data-track]');
    const next = slider.getByRole('button', { name: 'Next promotion' });
    await next.click();
    await expect.poll(() => track.evaluate((t) => Math.round(t.scrollLeft / t.clientWidth))).toBe(1);
    await next.click();
    await expect.poll(() => track.evaluate((t) => Math.round(t.scrollLeft / t.clientWidth))).toBe(0);
    await slider.screenshot({ path: join('test-results', 'screenshots', `${info.project.name}-promotions-slider.png`) });
    expect(broken).toEqual([]);
  });

  test('no promotions.json, no slider', async ({ page }) => {
    await page.goto(`${baseUrl(COASTAL)}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('promotions-slider')).toHaveCount(0);
  });
});

test.describe('search facets', () => {
  test('body tiles carry the body type picture; the year select is ordered by count, then label', async ({ page }, info) => {
    const broken = watchBrokenRequests(page);
    await page.goto(`${baseUrl(COASTAL)}${DEFAULT_SEARCH_PATH}`);
    const tiles = page.locator('.facet-tile');
    expect(await tiles.count()).toBeGreaterThan(3);
    // One sprite file, a symbol per body type: each tile's picture is decorative (hidden from screen readers).
    for (let i = 0; i < (await tiles.count()); i++) {
      const svg = tiles.nth(i).locator('svg.facet-img');
      await expect(svg).toHaveAttribute('aria-hidden', 'true');
      await expect(svg.locator('use')).toHaveAttribute('href', /^\/img\/body\/sprite\.svg#body-[A-Za-z0-9]+$/);
    }
    await expect(tiles.filter({ hasText: 'SUV' }).locator('use')).toHaveAttribute('href', '/img/body/sprite.svg#body-suv');
    const sprite = await page.request.get(`${baseUrl(COASTAL)}/img/body/sprite.svg`);
    expect(sprite.status()).toBe(200);
    expect(sprite.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    // The pictures are drawn: every <use> found its symbol (an unresolved one has an empty box). On
    // phones the facets sit in the closed filter drawer, where nothing has a box.
    if (await page.locator('.facet-tiles').isVisible())
      await expect
        .poll(() => tiles.locator('svg.facet-img use').evaluateAll((uses) => uses.every((u) => (u as SVGGraphicsElement).getBBox().width > 40)))
        .toBe(true);
    const year = page.getByLabel('Year', { exact: true });
    const options = (await year.locator('option').allTextContents()).slice(1);
    const items = options.map((t) => {
      const m = /^(.*) \((\d+)\)$/.exec(t.trim())!;
      return { value: m[1]!, label: m[1]!, count: Number(m[2]) };
    });
    expect(items.length).toBeGreaterThan(3);
    expect(items.map((i) => i.value)).toEqual(orderFacetItems('year', items).map((i) => i.value));
    if (await page.locator('.facet-tiles').isVisible())
      await page.locator('.facet-tiles').screenshot({ path: join('test-results', 'screenshots', `${info.project.name}-body-tiles.png`) });
    expect(broken).toEqual([]);
  });
});

test.describe('trade-in gating', () => {
  test('/cars/trade-in?car_id needs sign-in by default; without a car, and the sell-your-car pages, are open', async ({ page }) => {
    const model = readModel(COASTAL);
    expect(model.tenant.gating.trade_in).toBe(true);
    const car = model.vehicles.find((v) => v.listed && v.status === 'in_stock')!;
    await page.goto(`${baseUrl(COASTAL)}/cars/trade-in?car_id=${car.id}`);
    await page.waitForURL(/\/sign-in\?/);
    const q = new URL(page.url()).searchParams;
    expect(q.get('type')).toBe('trade-in');
    expect(q.get('redirect')).toMatch(new RegExp(`^/cars/trade-in/?\\?car_id=${car.id}$`));
    for (const path of ['/cars/trade-in', '/sell-your-car', '/sell-my-car', '/trade-in']) {
      await page.goto(`${baseUrl(COASTAL)}${path}`);
      await expect(page.getByTestId('trade-in-form')).toBeVisible();
      expect(new URL(page.url()).pathname).not.toBe('/sign-in');
    }
  });

  test('a tenant that switches it off (gating.trade_in false) values a car without sign-in', async ({ page }) => {
    const model = readModel(REDLINE);
    expect(model.tenant.gating.trade_in).toBe(false);
    const car = model.vehicles.find((v) => v.listed && v.status === 'in_stock')!;
    await closePopupBeforehand(page, model);
    await page.goto(`${baseUrl(REDLINE)}/cars/trade-in?car_id=${car.id}`);
    await expect(page.getByTestId('trade-in-form')).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/cars\/trade-in\/?$/);
  });
});

test.describe('maps at zoom 10', () => {
  test('Show map opens the OpenStreetMap embed at zoom 10 for the frame; View larger map links #map=10', async ({ page }) => {
    const model = readModel(GROUP);
    const loc = model.tenant.locations.find((l) => !l.image && l.address.lat !== undefined && l.address.long !== undefined)!;
    await page.route('https://www.openstreetmap.org/**', (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<p>map</p>' }));
    await page.goto(`${baseUrl(GROUP)}/locations/${loc.slug}`);
    const media = page.locator(`#map-${loc.slug}`);
    await expect(media.getByRole('link', { name: /View larger map/ })).toHaveAttribute(
      'href',
      new RegExp(`#map=10/${loc.address.lat!.toFixed(5)}/${loc.address.long!.toFixed(5)}$`),
    );
    const frame = media.locator('.map-frame');
    const { width, height } = await frame.evaluate((f) => ({ width: f.clientWidth, height: f.clientHeight }));
    await media.getByRole('button', { name: /Show map/ }).click();
    const src = await media.locator('iframe').getAttribute('src');
    const bbox = new URL(src!).searchParams.get('bbox')!.split(',').map(Number);
    const expected = mapBox(loc.address.lat!, loc.address.long!, 10, width, height);
    expect(bbox[0]).toBeCloseTo(expected.west, 4);
    expect(bbox[2]).toBeCloseTo(expected.east, 4);
    // Zoom 10: 360 / 2^10 degrees of longitude per 256 px of frame.
    expect(bbox[2]! - bbox[0]!).toBeCloseTo((width / 256) * (360 / 1024), 4);
  });
});

test.describe('hidden reviews list', () => {
  test('the reviews the dealer hid are not listed; the aggregate is unchanged', async ({ page }) => {
    const model = readModel(REDLINE);
    const hidden = model.tenant.reviews.hidden;
    expect(hidden).toHaveLength(2);
    const all = model.content!.reviews!.reviews;
    const hiddenNames = all.filter((r) => hidden.includes(String(r.id))).map((r) => r.customer_name);
    expect(hiddenNames).toHaveLength(2);
    await closePopupBeforehand(page, model);
    await page.goto(`${baseUrl(REDLINE)}/`);
    const section = page.locator('section.reviews');
    await section.scrollIntoViewIfNeeded();
    await expect(section.locator('.review-list > li')).toHaveCount(all.length - 2);
    for (const name of hiddenNames) await expect(section.locator('.review-by strong', { hasText: name })).toHaveCount(0);
    await expect(section.locator('.review-by strong').first()).toBeVisible();
    await expect(section).toContainText(String(model.content!.reviews!.count));
  });
});

test.describe('payment logos', () => {
  test('the five accepted payment logos with alt text where a shopper pays', async ({ page }) => {
    const broken = watchBrokenRequests(page);
    await page.goto(`${baseUrl(COASTAL)}/buy-online`);
    const logos = page.getByTestId('payment-logos').getByRole('img');
    await expect(logos).toHaveCount(5);
    expect(await logos.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual(['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay']);
    await imagesLoaded(page, '[data-testid=payment-logos] img');
    expect(broken).toEqual([]);
  });
});

test.describe('locations that buy cars (subtype buying)', () => {
  test('/sell-your-car lists them with We buy cars; their cards link to /sell-your-car', async ({ page }, info) => {
    const model = readModel(REDLINE);
    const buying = model.tenant.locations.filter((l) => /\bbuying\b/i.test(l.location_subtype ?? ''));
    expect(buying.length).toBeGreaterThan(0);
    await closePopupBeforehand(page, model);
    await page.goto(`${baseUrl(REDLINE)}/sell-your-car`);
    const block = page.getByRole('region', { name: 'Where we buy cars' });
    await expect(block.locator('.loc-name')).toHaveText(buying.map((l) => l.name));
    await expect(block.getByText('We buy cars', { exact: true })).toHaveCount(buying.length);
    await page.goto(`${baseUrl(REDLINE)}/locations/${buying[0]!.slug}`);
    await expect(page.getByText('We buy cars', { exact: true }).first()).toBeVisible();
    await page
      .getByRole('link', { name: `Sell Your Car to ${buying[0]!.name}` })
      .first()
      .click();
    await expect(page).toHaveURL(/\/sell-your-car\/?$/);
    await expect(page.getByTestId('trade-in-form')).toBeVisible();
    await snap(page, info, 'sell-your-car-buying');
  });

  test('a tenant without buying locations shows no such block', async ({ page }) => {
    await page.goto(`${baseUrl(COASTAL)}/sell-your-car`);
    await expect(page.getByTestId('trade-in-form')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Where we buy cars' })).toHaveCount(0);
  });
});

test.describe('recently-sold window per dealership', () => {
  test("a bike sold 5.5 days ago stays listed at the 7-day motorcycle dealership; the group's cars leave after 3", async ({ page }) => {
    const model = readModel(GROUP);
    const manifest = JSON.parse(readFileSync(join('tenants', GROUP, 'demo-manifest.json'), 'utf8')) as { edge_cases: Record<string, { id: number }> };
    const bike = model.vehicles.find((v) => v.id === String(manifest.edge_cases['sold_dealership_window']!.id))!;
    expect(bike.dealership_slug).toBe('southern-motorcycles');
    expect(bike.listed).toBe(true);
    const age = model.now - bike.sold_date_timestamp!;
    expect(age).toBeGreaterThan(3 * 86_400);
    expect(age).toBeLessThanOrEqual(7 * 86_400);
    // No car of another dealership sold that long ago is listed.
    const others = model.vehicles.filter(
      (v) => v.dealership_slug !== 'southern-motorcycles' && v.listed && v.sold_date_timestamp !== undefined && v.status === 'sold',
    );
    for (const v of others) expect(model.now - v.sold_date_timestamp!).toBeLessThanOrEqual(3 * 86_400);
    const res = await page.goto(`${baseUrl(GROUP)}${bike.path}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByText(model.tenant.texts.sold_tag).first()).toBeVisible();
    await expectNoBrokenImages(page);
  });
});

test.describe("the spec's form variants as settings (redline switches both on)", () => {
  const REDLINE: DemoTenant = 'demo-redline-used-cars';
  test('money quick picks of $300,000 to $800,000, and online trade-in estimates up to 10 years old', async ({ page }) => {
    await page.goto(`${baseUrl(REDLINE)}/finance-enquiry`);
    const picks = page.getByRole('group', { name: /quick picks/ }).first();
    await expect(picks.getByRole('button', { name: '$300,000', exact: true })).toBeVisible();
    await expect(picks.getByRole('button', { name: '$800,000', exact: true })).toBeVisible();
    await expect(picks.getByRole('button', { name: '$5,000', exact: true })).toHaveCount(0);
    await page.goto(`${baseUrl(REDLINE)}/sell-your-car`);
    await expect(page.getByText('We value cars up to 10 years old with up to 100,000 km online')).toBeVisible();
    await page.goto(`${baseUrl(COASTAL)}/sell-your-car`);
    await expect(page.getByText('We value cars up to 7 years old with up to 100,000 km online')).toBeVisible();
  });
});
