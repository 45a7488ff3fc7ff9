/**
 * Issue 14's vehicle-page items in Chromium on the built demos (E2E_DIST): the used-car block, the
 * share variant with its 3-second toast, Request a Quote, see more from this dealer, the configured
 * finance links, the coming-soon test drive rule, another status, the subscription price, the view
 * count call, the interior panorama with its hotspots and the location map.
 *
 * demo-coastal-toyota has vdp_config.share_copies_link, finance_path /finance-enquiry and
 * coming_soon_no_test_drive on; demo-southern-motor-group lists southern-ford in
 * apply_for_finance_dealerships (scripts/demo/tenants.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { VdpVehicle } from '../../src/lib/vdp/vehicle.ts';
import { baseUrl, readModel, snap, type DemoTenant } from './helpers.ts';

const GROUP: DemoTenant = 'demo-southern-motor-group';
const COASTAL: DemoTenant = 'demo-coastal-toyota';

function edge(name: string, slug: DemoTenant): VdpVehicle {
  const m = readModel(slug);
  const manifest = JSON.parse(readFileSync(join(m.tenant.dir, 'demo-manifest.json'), 'utf8')) as { edge_cases: Record<string, { id: number }> };
  const id = String(manifest.edge_cases[name]?.id);
  const car = (m.vehicles as VdpVehicle[]).find((c) => c.id === id);
  if (!car) throw new Error(`demo edge case ${name} (${id}) is not in the ${slug} build`);
  return car;
}

/** Listed cars of a demo with their view, for picking a car by what the page should show. */
function listed(slug: DemoTenant) {
  const m = readModel(slug);
  return (m.vehicles as VdpVehicle[]).filter((c) => c.listed).map((car) => ({ car, view: m.views[car.id]! }));
}

const open = (page: Page, car: VdpVehicle, slug: DemoTenant) => page.goto(`${baseUrl(slug)}${car.path}`);
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Price and actions' });

test.describe('vehicle page extras', () => {
  test('the used-car block: certified, kilometres a year and the history report on used cars, none on new cars', async ({ page }, info) => {
    const used = listed(GROUP).find(({ car, view }) => car.car_type === 'used' && view.available && car.certified === true && car.km && car.file);
    const fallback = listed(GROUP).find(({ car, view }) => car.car_type === 'used' && view.available && car.km && car.year);
    const pick = (used ?? fallback)!;
    await open(page, pick.car, GROUP);
    const block = page.getByTestId('used-car');
    await expect(block.getByRole('heading', { name: 'Used car details' })).toBeVisible();
    await expect(block.getByText('Kilometres a year')).toBeVisible();
    await expect(block.getByText(/^About [\d,]+ km$/)).toBeVisible();
    if (used) {
      await expect(block.getByText('Certified pre-owned')).toBeVisible();
      await expect(block.getByRole('link', { name: 'View the vehicle history report' })).toHaveAttribute('href', used.car.file!);
    }
    await block.scrollIntoViewIfNeeded();
    await snap(page, info, 'vdp-used-block');
    const fresh = listed(GROUP).find(({ car, view }) => car.car_type === 'new' && view.available)!;
    await open(page, fresh.car, GROUP);
    await expect(page.getByTestId('used-car')).toHaveCount(0);
  });

  test('share (the brand variant) copies the link and shows a toast for 3 seconds', async ({ page, context }, info) => {
    const { car } = listed(COASTAL).find(({ view }) => view.available)!;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, car, COASTAL);
    // One Share button, no menu.
    await expect(page.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
    const share = sidebar(page).getByRole('button', { name: 'Share', exact: true });
    // The page itself times the toast, from the frame it appears to the frame it goes: timing it from the
    // test instead counted the screenshot and clipboard read on a loaded machine, and the toast was gone
    // before the test looked (CI, stop 32).
    await page.evaluate(() => {
      const w = window as unknown as { toastShown?: number; toastGone?: number };
      new MutationObserver(() => {
        const here = document.querySelector('[data-testid="toast"]') !== null;
        if (here && w.toastShown === undefined) w.toastShown = performance.now();
        if (!here && w.toastShown !== undefined && w.toastGone === undefined) w.toastGone = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await share.click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${readModel(COASTAL).tenant.url.replace(/\/$/, '')}${car.path}`);
    await snap(page, info, 'vdp-share-toast');
    await expect(toast).toHaveCount(0, { timeout: 8000 });
    const shown = await page.evaluate(() => {
      const w = window as unknown as { toastShown?: number; toastGone?: number };
      return (w.toastGone ?? NaN) - (w.toastShown ?? NaN);
    });
    expect(shown).toBeGreaterThanOrEqual(2900);
    expect(shown).toBeLessThan(4500);
    // Share again: still one toast.
    await share.click();
    await share.click();
    await expect(page.getByTestId('toast')).toHaveCount(1);
  });

  test('the menu share stays on tenants without the variant', async ({ page }) => {
    const { car } = listed(GROUP).find(({ view }) => view.available)!;
    await open(page, car, GROUP);
    await sidebar(page).getByText('Share', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  });

  test('Request a Quote: beside the calculator, and in the sidebar when the car shows no price', async ({ page }, info) => {
    const priced = edge('full_media', GROUP);
    await open(page, priced, GROUP);
    const finance = page.locator('[data-collapsible="finance"]');
    await expect(finance.getByRole('link', { name: 'Request a Quote' })).toHaveAttribute('href', '#enquire');
    await expect(sidebar(page).getByRole('link', { name: 'Request a Quote' })).toHaveCount(0);
    const zero = edge('price_zero', GROUP);
    await open(page, zero, GROUP);
    await expect(page.getByTestId('price').first()).toHaveText(readModel(GROUP).tenant.texts.no_price);
    const quote = sidebar(page).getByRole('link', { name: 'Request a Quote' });
    await quote.click();
    await expect(page).toHaveURL(/#enquire$/);
    await expect(page.locator('#enquire')).toBeInViewport();
    await snap(page, info, 'vdp-request-quote');
    const sold = edge('sold_in_window', GROUP);
    await open(page, sold, GROUP);
    await expect(page.getByRole('link', { name: 'Request a Quote' })).toHaveCount(0);
  });

  test("see more from this dealer opens /search/{dealership_slug} with that dealership's cars", async ({ page }) => {
    const ford = listed(GROUP).filter(({ view }) => view.dealership?.slug === 'southern-ford');
    const { car } = ford.find(({ view }) => view.available)!;
    await open(page, car, GROUP);
    const link = sidebar(page).getByTestId('dealer-search');
    await expect(link).toHaveAttribute('href', '/search/southern-ford');
    await link.click();
    await expect(page).toHaveURL(/\/search\/southern-ford\/?$/);
    await expect(page.getByTestId('result-count')).toContainText(`of ${ford.length.toLocaleString('en-AU')} cars`);
    const paths = new Set(ford.map(({ car: c }) => c.path));
    const hrefs = await page.locator('#results a[href^="/cars/"]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const h of hrefs) expect(paths.has(h.replace(/\/(checkout|buy-online)$/, '').replace(/\/$/, ''))).toBe(true);
  });

  test('finance links: /finance-enquiry on the variant site, /apply-for-finance for listed dealerships, else /finance', async ({ page }) => {
    const coastal = listed(COASTAL).find(({ view }) => view.available && view.actions.finance)!;
    await open(page, coastal.car, COASTAL);
    const get = sidebar(page).getByRole('link', { name: 'Get Finance', exact: true });
    await expect(get).toHaveAttribute('href', new RegExp(`^/finance-enquiry\\?.*car_id=${coastal.car.id}.*#finance-form$`));
    await get.click();
    await expect(page).toHaveURL(/\/finance-enquiry\/?\?/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finance Enquiry');

    const ford = listed(GROUP).find(({ view }) => view.available && view.actions.finance && view.dealership?.slug === 'southern-ford')!;
    await open(page, ford.car, GROUP);
    await expect(sidebar(page).getByRole('link', { name: 'Get Finance', exact: true })).toHaveAttribute(
      'href',
      /^\/apply-for-finance\?preferredDealership=southern-ford&/,
    );
    await expect(page.getByRole('link', { name: 'Get Finance Now' })).toHaveAttribute('href', /^\/apply-for-finance\?/);

    const toyota = listed(GROUP).find(({ view }) => view.available && view.actions.finance && view.dealership?.slug === 'southern-toyota')!;
    await open(page, toyota.car, GROUP);
    await expect(sidebar(page).getByRole('link', { name: 'Get Finance', exact: true })).toHaveAttribute(
      'href',
      /^\/finance\?preferredDealership=southern-toyota&/,
    );
  });

  test("coming soon: no test drive where the one dealership's rule is on, a test drive elsewhere", async ({ page }) => {
    const soon = edge('coming_soon', COASTAL);
    await open(page, soon, COASTAL);
    await expect(page.locator('.vdp-tag')).toHaveText('COMING SOON');
    await expect(sidebar(page).getByRole('link', { name: 'Enquire Now' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book a Test Drive' })).toHaveCount(0);
    await expect(page.locator('#test-drive')).toHaveCount(0);
    const inStock = listed(COASTAL).find(({ car, view }) => view.available && car.status === 'in_stock')!;
    await open(page, inStock.car, COASTAL);
    await expect(sidebar(page).getByRole('link', { name: 'Book a Test Drive' })).toBeVisible();
    await open(page, edge('coming_soon', GROUP), GROUP);
    await expect(sidebar(page).getByRole('link', { name: 'Book a Test Drive' })).toBeVisible();
  });

  test('another status (exported "Under Offer", empty optional fields) keeps its page, shown with the SOLD panel', async ({ page }, info) => {
    const car = edge('other_status', GROUP);
    expect(car.status).toBe('under_offer');
    expect(car.listed).toBe(true);
    await open(page, car, GROUP);
    const panel = page.getByTestId('sold-panel');
    await expect(panel).toContainText('SOLD');
    await expect(panel).toContainText('This vehicle is no longer available.');
    await expect(panel.getByRole('link', { name: 'Find Me Something Similar' })).toBeVisible();
    await expect(page.getByTestId('price').first()).toHaveText(`$${car.price?.toLocaleString('en-AU')}`);
    for (const name of ['Enquire Now', 'Book a Test Drive', 'Get Finance']) await expect(sidebar(page).getByRole('link', { name, exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Find me something similar' })).toBeVisible();
    await snap(page, info, 'vdp-other-status');
  });

  test('subscription price per week under the price', async ({ page }) => {
    const car = edge('subscription', GROUP);
    await open(page, car, GROUP);
    await expect(page.getByTestId('subscription')).toHaveText(`Or subscribe for $${(car.subscription_price as number).toLocaleString('en-AU')} per week`);
  });

  test('the view count is the spec call: GET view.json with photos_count, updated_at and website_id', async ({ page }) => {
    const car = edge('full_media', GROUP);
    const model = readModel(GROUP);
    const request = page.waitForRequest((r) => r.url().includes(`/api/cars/${car.slug}/view.json`));
    await open(page, car, GROUP);
    const req = await request;
    expect(req.method()).toBe('GET');
    const q = new URL(req.url()).searchParams;
    expect(q.get('photos_count')).toBe(String(car.photos.length));
    expect(q.get('updated_at')).toBe(String(model.now));
    expect(q.get('website_id')).toBe(model.tenant.slug);
    const res = await req.response();
    expect(res?.status()).toBe(200);
    const body = (await res!.json()) as { views: number; car_fields: { slug: string } };
    expect(body.car_fields.slug).toBe(car.slug);
    await expect(page.locator('[data-views]')).toHaveText(`${body.views.toLocaleString('en-AU')} views`);
  });

  test('the interior view is a wrap-around panorama with its hotspots, loaded only when opened', async ({ page }, info) => {
    const car = edge('full_media', GROUP);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await open(page, car, GROUP);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((u) => /\/spin\.[\w-]+\.js$/.test(u))).toEqual([]);
    await page.getByRole('button', { name: 'Interior' }).click();
    const pano = page.locator('[data-pano]');
    await expect(pano).toBeVisible();
    await expect(pano.locator('img').first()).toHaveJSProperty('complete', true);
    expect(scripts.some((u) => /\/spin\.[\w-]+\.js$/.test(u))).toBe(true);
    // Three interior hotspots, named for assistive technology once (the wrap-around copy is inert).
    for (const name of [
      'Heated front seats',
      'Touchscreen with wireless Apple CarPlay and Android Auto',
      'Leather-wrapped steering wheel with audio controls',
    ]) {
      await expect(pano.getByRole('button', { name })).toHaveCount(1);
    }
    await expect(pano.locator('.vdp-pano-tile')).toHaveCount(2);
    const state = () =>
      pano.evaluate((el) => ({ left: el.scrollLeft, tile: (el.querySelector('.vdp-pano-tile') as HTMLElement).offsetWidth, width: el.clientWidth }));
    const start = await state();
    expect(start.tile).toBeGreaterThanOrEqual(start.width);
    expect(start.left).toBeGreaterThan(0);
    // The arrow keys pan.
    await pano.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await state()).left).toBeGreaterThan(start.left);
    // Past the end of the picture it comes round again: the position stays within the first copy.
    await pano.evaluate((el) => (el.scrollLeft = (el.querySelector('.vdp-pano-tile') as HTMLElement).offsetWidth + 40));
    await expect.poll(async () => (await state()).left).toBeLessThan(start.tile);
    await pano.evaluate((el) => (el.scrollLeft = 0));
    await expect.poll(async () => (await state()).left).toBeGreaterThan(0);
    if (info.project.name === 'desktop') {
      // A mouse drags it.
      await pano.evaluate((el) => (el.scrollLeft = (el.querySelector('.vdp-pano-tile') as HTMLElement).offsetWidth / 2));
      const before = (await state()).left;
      const box = (await pano.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + 40);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 150, box.y + 40, { steps: 5 });
      await page.mouse.up();
      expect((await state()).left).toBeGreaterThan(before + 100);
    }
    await pano.evaluate((el) => (el.scrollLeft = Math.max(1, ((el.querySelector('.vdp-pano-tile') as HTMLElement).offsetWidth - el.clientWidth) / 2)));
    await pano.getByRole('button', { name: 'Touchscreen with wireless Apple CarPlay and Android Auto' }).focus();
    await snap(page, info, 'vdp-interior-panorama');
  });

  test('the location map loads only when asked for', async ({ page }, info) => {
    const car = edge('full_media', GROUP);
    await open(page, car, GROUP);
    const section = page.locator('#vehicle-map');
    await expect(section.locator('iframe')).toHaveCount(0);
    const show = section.getByRole('button', { name: /^Show map/ });
    await show.scrollIntoViewIfNeeded();
    await show.click();
    await expect(section.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/);
    await expect(section.locator('iframe')).toHaveAttribute('title', 'Map');
    await snap(page, info, 'vdp-location-map');
  });
});
