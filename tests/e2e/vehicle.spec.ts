/**
 * The vehicle page in Chromium on the built demo group (E2E_DIST): available, sold, coming soon,
 * price 0 and preorder cars; gallery, spin, phone reveal, every calculator, the price gauge, sticky
 * bars, dealer text escaping and the print page, at desktop and phone widths (the config's projects).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { isAvailable } from '../../src/lib/rules/listing.ts';
import { repayment } from '../../src/lib/finance/amortise.ts';
import { chooseLender, disclaimerText } from '../../src/lib/rules/finance-display.ts';
import { quoteBasis, quoteWeeklyRepayment } from '../../src/lib/finance/quote.ts';
import { formatDollars } from '../../src/lib/rules/format.ts';
import { shouldShowPriceGauge } from '../../src/lib/price-gauge/index.ts';
import { gaugeFromMarket, marketPath, type MarketGroup } from '../../src/lib/price-gauge/market.ts';
import type { VdpVehicle } from '../../src/lib/vdp/vehicle.ts';
import { baseUrl, expectNoBrokenImages, readModel, snap, watchBrokenRequests, type DemoTenant } from './helpers.ts';

const GROUP: DemoTenant = 'demo-southern-motor-group';
const model = readModel(GROUP);
const { tenant } = model;

const COASTAL: DemoTenant = 'demo-coastal-toyota';
const USED: DemoTenant = 'demo-redline-used-cars';

/** The demo generator names its edge-case cars; the build's model has them by id. */
function edge(name: string, slug: DemoTenant = GROUP): VdpVehicle {
  const m = slug === GROUP ? model : readModel(slug);
  const manifest = JSON.parse(readFileSync(join(m.tenant.dir, 'demo-manifest.json'), 'utf8')) as { edge_cases: Record<string, { id: number }> };
  const id = String(manifest.edge_cases[name]?.id);
  const car = (m.vehicles as VdpVehicle[]).find((c) => c.id === id);
  if (!car) throw new Error(`demo edge case ${name} (${id}) is not in the ${slug} build`);
  return car;
}

async function open(page: Page, car: VdpVehicle, tenant: DemoTenant = GROUP): Promise<void> {
  await page.goto(`${baseUrl(tenant)}${car.path}`);
}

const price = (page: Page) => page.getByTestId('price').first();

test.describe('vehicle page', () => {
  test('an available car: title, price, structured data, LCP photo, actions and finance', async ({ page }, info) => {
    const car = edge('full_media');
    const broken = watchBrokenRequests(page);
    await open(page, car);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${car.year} ${car.make} ${car.model}`);
    await expect(price(page)).toHaveText(`$${car.price?.toLocaleString('en-AU')}`);
    const hero = page.locator('.vdp-main img');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).toHaveAttribute('loading', 'eager');
    await expect(page.locator('link[rel=preload][as=image]')).toHaveAttribute('imagesrcset', /640w/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@type': 'Car',
      vehicleIdentificationNumber: car.vin,
      offers: { '@type': 'Offer', price: car.price, seller: { '@type': 'AutoDealer' } },
    });
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https:\/\/.+\.webp$/);
    const side = page.getByRole('complementary', { name: 'Price and actions' });
    for (const name of ['Enquire Now', 'Book a Test Drive', 'Value My Trade-in', 'Get Finance', 'Reserve for $500']) {
      await expect(side.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(side.getByRole('link', { name: 'Reserve for $500' })).toHaveAttribute('href', `/cars/${car.slug}/buy-online`);
    await expect(side.getByRole('link', { name: 'Get Finance' })).toHaveAttribute('href', new RegExp(`car_id=${car.id}.*#finance-form$`));
    const block = page.getByTestId('finance-block');
    await expect(block).toContainText('Interest rate');
    await expect(block).toContainText('Comparison rate*');
    // One offer, one warning a page (issue 26): printed with the sidebar estimate, the block links to it.
    await expect(side.locator('#comparison-warning')).toContainText('WARNING: This comparison rate is true only for the examples given');
    await expect(block.getByRole('link', { name: '*See the comparison rate warning' })).toHaveAttribute('href', '#comparison-warning');
    // The lender's own terms sit with its figures, in the block and under the sidebar's weekly figure.
    const lender = chooseLender(car.extras.finance_lenders, tenant.finance.provider);
    const terms = lender?.entry.disclaimer ?? '';
    expect(terms).not.toBe('');
    await expect(block.getByTestId('lender-terms')).toHaveText(terms);
    await expect(side.getByTestId('estimate-lender-terms')).toHaveText(disclaimerText(terms).short);
    // The group has a watchlist: Save is there (woken by the shopper-state script).
    await expect(side.locator('[data-save-car]')).toHaveCount(1);
    await expect(page.locator('.vdp-thumbs button')).toHaveCount(car.photos.length + (car.video_url ? 1 : 0));
    await expect(page.getByText(/^Located at /)).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss this notice' }).click();
    await expect(page.getByText(/^Located at /)).toHaveCount(0);
    await expectNoBrokenImages(page);
    await snap(page, info, 'vdp-available');
    expect(broken).toEqual([]);
  });

  test('a sold car shows the SOLD panel and no buying actions', async ({ page }, info) => {
    const car = edge('sold_in_window');
    await open(page, car);
    await expect(page.getByTestId('sold-panel')).toContainText('SOLD');
    await expect(page.locator('.vdp-tag')).toHaveText(tenant.texts.sold_tag);
    const side = page.getByRole('complementary', { name: 'Price and actions' });
    await expect(side.getByRole('link', { name: 'Find Me Something Similar' })).toBeVisible();
    for (const name of ['Enquire Now', 'Value My Trade-in', 'Book a Test Drive']) await expect(side.getByRole('link', { name })).toHaveCount(0);
    await expect(page.locator('[data-save-car]')).toHaveCount(0);
    await expect(page.locator('.vdp-thumbs')).toHaveCount(0);
    await expect(page.getByTestId('finance-block')).toHaveCount(0);
    // No finance for a sold car: no calculator, no Get Finance Now, no finance link carrying its price.
    await expect(page.locator('#finance-calculator')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Get Finance/ })).toHaveCount(0);
    await expect(page.locator(`a[href^="/finance?"][href*="car_id=${car.id}"]`)).toHaveCount(0);
    await expect(page.getByTestId('sticky-header').getByRole('link', { name: 'Finance', exact: true })).toHaveCount(0);
    await expect(page.locator('.vdp-estimate')).toHaveCount(0);
    await expect(side.getByRole('button', { name: new RegExp(`^${tenant.texts.call}`) })).toBeVisible();
    await snap(page, info, 'vdp-sold');
  });

  test('a site without a watchlist: no Save button and no sign-in path to one', async ({ page }) => {
    const coastal = readModel(COASTAL);
    expect(coastal.tenant.features.watchlist).toBe(false);
    const car = (coastal.vehicles as VdpVehicle[]).find((c) => isAvailable(c) && (c.price ?? 0) > 10 && c.photos.length > 0)!;
    await open(page, car, COASTAL);
    const side = page.getByRole('complementary', { name: 'Price and actions' });
    await expect(side.getByRole('link', { name: 'Enquire Now' })).toBeVisible();
    await expect(page.locator('[data-save-car]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await page.goto(`${baseUrl(COASTAL)}/watchlist`);
    await expect(page.getByTestId('no-watchlist')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/watchlist');
    await page.goto(`${baseUrl(COASTAL)}/my-garage`);
    await expect(page.getByTestId('no-watchlist')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/my-garage');
  });

  test('the sidebar quote is worked out on the assumptions its label states (5 years, 10% deposit, 30% final payment)', async ({ page }) => {
    const coastal = readModel(COASTAL);
    const f = coastal.tenant.finance;
    // A car with no lender block of its own, so the sidebar asks for a quote.
    const car = (coastal.vehicles as VdpVehicle[]).find((c) => {
      const lenders = c.extras.finance_lenders;
      return isAvailable(c) && (c.price ?? 0) >= f.min_amount && (c.price ?? 0) <= f.max_amount && Object.keys(lenders).length === 0 && c.make !== 'Suzuki';
    })!;
    await open(page, car, COASTAL);
    const estimate = page.locator('.vdp-estimate');
    await expect(estimate.getByTestId('quote-basis')).toContainText(quoteBasis(car.price ?? 0));
    await expect(estimate.getByTestId('quote-basis')).toContainText('10.0% deposit');
    const weekly = quoteWeeklyRepayment({ price: car.price ?? 0, annualRatePct: f.default_interest, establishmentFee: f.establishment_fee });
    await expect(estimate.locator('[data-quote="weekly"]')).toHaveText(formatDollars(weekly));
    // Not the full price's payment, which the label used to contradict.
    const full = repayment({ amount: car.price ?? 0, establishmentFee: f.establishment_fee, annualRatePct: f.default_interest, years: 5 });
    expect(Math.round(full)).not.toBe(Math.round(weekly));
    // The finance disclaimer beside it speaks of the comparison rate's benchmark, not of the estimate.
    await expect(page.locator('#financeDisclaimer')).not.toContainText('Finance estimate based on');
    // The spec's card labels, and its View disclaimer dialog (opened and closed without script).
    await expect(estimate).toContainText('Monthly Repayments');
    await expect(estimate).toContainText('Advertised Rate');
    await expect(estimate).toContainText('Comparison Rate');
    const dialog = page.locator('dialog#quote-disclaimer');
    await expect(dialog).toBeHidden();
    await estimate.getByRole('button', { name: 'View disclaimer' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(quoteBasis(car.price ?? 0));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a coming soon car is available but has no thumbnails or reserve', async ({ page }, info) => {
    const car = edge('coming_soon');
    expect(isAvailable(car)).toBe(true);
    await open(page, car);
    await expect(page.locator('.vdp-tag')).toHaveText('COMING SOON');
    await expect(page.getByRole('link', { name: 'Enquire Now' }).first()).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Price and actions' }).getByRole('link', { name: /^Reserve/ })).toHaveCount(0);
    await expect(page.locator('.vdp-thumbs')).toHaveCount(0);
    await snap(page, info, 'vdp-coming-soon');
  });

  test('a price-0 car shows the no-price text, never $0, and publishes no price', async ({ page }, info) => {
    const car = edge('price_zero');
    await open(page, car);
    await expect(price(page)).toHaveText(tenant.texts.no_price);
    await expect(page.getByText('$0', { exact: true })).toHaveCount(0);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as { offers: Record<string, unknown> };
    expect(ld.offers['price']).toBeUndefined();
    await expect(page.getByTestId('price-gauge')).toHaveCount(0);
    await snap(page, info, 'vdp-price-zero');
  });

  test('a preorder car shows PREORDER', async ({ page }, info) => {
    await open(page, edge('preorder'));
    await expect(price(page)).toHaveText('PREORDER');
    await snap(page, info, 'vdp-preorder');
  });

  test('gallery: arrows, thumbnails, video slide and fullscreen with arrow keys', async ({ page }) => {
    const car = edge('photos_12_plus');
    await open(page, car);
    const count = page.locator('[data-current]');
    await expect(count).toHaveText('1');
    await page.locator('.vdp-stage').getByRole('button', { name: 'Next photo' }).click();
    await expect(count).toHaveText('2');
    await page.locator('.vdp-stage').getByRole('button', { name: 'Previous photo' }).click();
    await expect(count).toHaveText('1');
    await page.locator('.vdp-stage').getByRole('button', { name: 'Previous photo' }).click();
    await expect(count).toHaveText(String(car.photos.length + 1));
    await page.getByRole('button', { name: 'Show photo 3' }).click();
    await expect(count).toHaveText('3');
    await page.getByRole('button', { name: /^Play the video/ }).click();
    await expect(page.locator('iframe.vdp-player')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/demo\d+/);
    await page.getByRole('button', { name: 'Fullscreen' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const fsCount = dialog.locator('[data-fs-count]');
    const first = await fsCount.textContent();
    await page.keyboard.press('ArrowRight');
    await expect(fsCount).not.toHaveText(first ?? '');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('360 spin: placeholder, preload, autorotate one turn, drag, hotspots; leaving gallery resets it', async ({ page }, info) => {
    const car = edge('full_media');
    const frames = car.spin_photos?.length ?? 0;
    expect(frames).toBeGreaterThan(2);
    await open(page, car);
    await page.getByRole('button', { name: 'Next photo' }).first().click();
    await expect(page.locator('[data-current]')).toHaveText('2');
    await page.getByRole('button', { name: '360° Spin' }).click();
    const spin = page.locator('[data-spin]');
    await expect(spin).toBeVisible();
    await expect(spin).toHaveClass(/is-ready/, { timeout: 15_000 });
    await expect(page.locator('[data-spin-status]')).toBeHidden();
    // Autorotates (100 ms a frame) and stops after one full turn, back on the first frame.
    await expect.poll(() => spin.getAttribute('data-frame'), { timeout: 5000 }).not.toBe('0');
    await expect.poll(() => spin.getAttribute('data-frame'), { timeout: frames * 100 + 3000 }).toBe('0');
    await page.waitForTimeout(300);
    await expect(spin).toHaveAttribute('data-frame', '0');
    await expect(page.locator('.vdp-hotspot').first()).toBeVisible();
    await snap(page, info, 'vdp-spin');
    const box = await spin.boundingBox();
    if (!box) throw new Error('spin has no box');
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 140, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(spin).toHaveAttribute('data-frame', '5');
    await page.getByRole('button', { name: 'Gallery' }).click();
    await expect(page.locator('[data-pane="gallery"]')).toBeVisible();
    await expect(page.locator('[data-current]')).toHaveText('1');
  });

  test('phone: masked after 5 characters, revealed as a tel link and reported', async ({ page }) => {
    await open(page, edge('full_media'));
    const masked = page.locator('.vdp-side button[data-phone-reveal]');
    await expect(masked).toContainText('1300 XXX XXX');
    const reveal = page.waitForRequest((r) => r.url().endsWith('/api/phone-reveal') && r.method() === 'POST');
    await masked.click();
    const body = JSON.parse((await reveal).postData() ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ car_id: edge('full_media').id, website_id: tenant.slug });
    const link = page.locator('.vdp-side a[data-phone="revealed"]');
    await expect(link).toHaveText('Call Now 1300 555 123');
    await expect(link).toHaveAttribute('href', 'tel:1300555123');
    await expect(page.locator('button[data-phone-reveal]')).toHaveCount(0);
  });

  test('finance calculator: ranges message, frequency, Enquire for Finance, one analytics event', async ({ page }) => {
    await open(page, edge('full_media'));
    const calc = page.locator('#finance-calculator');
    await calc.scrollIntoViewIfNeeded();
    const amount = calc.getByLabel('Loan amount ($)');
    const payment = calc.getByTestId('repayment');
    await expect(payment).toHaveText(/^\$\d/);
    const weekly = await payment.textContent();
    await calc.getByLabel('Monthly').check();
    await expect(calc.locator('[data-out="per"]')).toHaveText('per month');
    await expect(payment).not.toHaveText(weekly ?? '');
    await amount.fill('3000');
    await expect(calc.locator('[data-out="message"]')).toHaveText(
      `Cannot be less than $${tenant.finance.min_amount.toLocaleString('en-AU')} or more than $${tenant.finance.max_amount.toLocaleString('en-AU')}`,
    );
    await amount.fill('-50');
    await expect(amount).toHaveValue('0');
    await expect(payment).toHaveText('Enquire for Finance');
    await expect(calc.getByTestId('total-repayments')).toHaveText('');
    await amount.fill('45000');
    await expect(calc.locator('[data-out="message"]')).toHaveText('');
    await calc.getByLabel('Deposit or trade-in ($)').fill('300000');
    await calc.getByLabel('Deposit or trade-in ($)').blur();
    await expect(calc.getByLabel('Deposit or trade-in ($)')).toHaveValue('250,000');
    const events = await page.evaluate(
      () => ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((e) => e['event_id'] === 26).length,
    );
    expect(events).toBe(1);
    const disclaimer = page.locator('#financeDisclaimer');
    await disclaimer.getByRole('button', { name: 'Show more' }).click();
    await expect(disclaimer.getByRole('button', { name: 'Show less' })).toBeVisible();
    await expect(disclaimer.locator('#fc-disc-full')).toBeVisible();
  });

  test('fuel calculator strips $ and kms (where enabled); delivery calculator messages', async ({ page }) => {
    await open(page, edge('full_media'));
    // The group has no fuel calculator (features.fuel_calculator off); the Toyota dealer has it.
    await expect(page.getByRole('region', { name: 'Fuel calculator' })).toHaveCount(0);
    const delivery = page.getByRole('region', { name: 'Delivery calculator' });
    const postcode = delivery.getByLabel('Your postcode');
    const result = delivery.getByTestId('delivery-result');
    await delivery.getByRole('button', { name: 'Get estimate' }).click();
    await expect(result).toHaveText('Please enter a postcode.');
    await postcode.fill('123');
    await delivery.getByRole('button', { name: 'Get estimate' }).click();
    await expect(result).toHaveText('Invalid postcode. Please enter a 4-digit number.');
    await postcode.fill('0800');
    await postcode.press('Enter');
    await expect(result).toHaveText(
      "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
    );
    await postcode.fill('5000');
    await postcode.press('Enter');
    await expect(result).toHaveText('Delivery to South Australia: $1,250');

    await open(page, edge('full_media', COASTAL), COASTAL);
    const fuel = page.getByRole('region', { name: 'Fuel calculator' });
    await fuel.scrollIntoViewIfNeeded();
    const economy = Number((await fuel.getByText(/Fuel economy:/).textContent())?.match(/([\d.]+) L/)?.[1]);
    await expect(fuel.getByTestId('fuel-weekly')).toHaveText(`$${((250 / 100) * economy * 1.7).toFixed(2)}`);
    await fuel.getByLabel('Fuel price ($ per litre)').fill('$2.00');
    await fuel.getByLabel('Distance per week (kms)').fill('1,000 kms');
    await expect(fuel.getByTestId('fuel-weekly')).toHaveText(`$${((1000 / 100) * economy * 2).toFixed(2)}`);
  });

  test('fuel calculator is hidden for an electric car', async ({ page }) => {
    await open(page, edge('electric', COASTAL), COASTAL);
    await expect(page.getByRole('region', { name: 'Fuel calculator' })).toHaveCount(0);
  });

  test("price gauge: computed from its model's file and shown by the rule; the AutoGrab tenant asks the functions", async ({ page }, info) => {
    // The used-car dealer computes the gauge from its model's comparable stock (one file per model, not
    // per car: src/lib/price-gauge/market.ts); the dealer group has the AutoGrab plugin, so its pages ask
    // the functions (GET {car path}/autogauge), which answer from the build's model without a provider.
    for (const [slug, fromFile] of [
      [USED, true],
      [GROUP, false],
    ] as const) {
      const stock = readModel(slug).vehicles as VdpVehicle[];
      const car = stock.find((c) => isAvailable(c) && shouldShowPriceGauge(c.price_gauge));
      if (!car) throw new Error(`${slug} has a car whose gauge shows`);
      const gaugeCall = page.waitForResponse((r) => r.url().endsWith(fromFile ? marketPath(car) : `${car.path}/autogauge`));
      await open(page, car, slug);
      const gauge = page.getByTestId('price-gauge');
      await gauge.scrollIntoViewIfNeeded();
      const answer = await gaugeCall;
      expect(answer.status()).toBe(200);
      const body = (await answer.json()) as unknown;
      // Either way the figures are the build's.
      expect(fromFile ? gaugeFromMarket(car.id, body as MarketGroup[]) : body).toEqual(car.price_gauge);
      await expect(gauge).not.toHaveClass(/is-loading/);
      await expect(gauge.locator('[data-out="min"]')).toHaveText(`$${car.price_gauge?.market_range_min.toLocaleString('en-AU')}`);
      await expect(gauge.getByRole('meter')).toHaveAttribute('aria-valuenow', String(car.price_gauge?.fill));
      if (fromFile) await snap(page, info, 'vdp-gauge');
      const hidden = stock.find((c) => isAvailable(c) && (c.price ?? 0) > 10 && c.price_gauge !== undefined && !shouldShowPriceGauge(c.price_gauge));
      if (hidden) {
        await open(page, hidden, slug);
        await expect(page.getByTestId('price-gauge')).toHaveCount(0);
      }
    }
  });

  test('sticky header after 500 px, sticky bar after 900 px; the mobile bar on phones', async ({ page }, info) => {
    await open(page, edge('full_media'));
    const head = page.getByTestId('sticky-header');
    const bar = page.getByTestId('sticky-bar');
    await expect(head).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(head).toBeVisible();
    await expect(head.getByRole('link', { name: 'Finance' })).toBeVisible();
    await expect(head.getByRole('link', { name: 'Trade-in' })).toBeVisible();
    if (info.project.name === 'phone') {
      // The phone bar waits until the sidebar's own buttons have scrolled away.
      await expect(page.getByTestId('mobile-bar')).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 2600));
      await expect(page.getByTestId('mobile-bar')).toBeVisible();
      await expect(page.getByTestId('mobile-bar').getByRole('button', { name: /Call Now/ })).toBeVisible();
      await expect(page.getByTestId('mobile-bar').getByRole('link', { name: 'Enquire Now' })).toBeVisible();
      await expect(bar).toBeHidden();
    } else {
      await expect(bar).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 1000));
      await expect(bar).toBeVisible();
      await expect(page.getByTestId('mobile-bar')).toBeHidden();
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(head).toBeHidden();
  });

  test('dealer comments are escaped: markup in them never runs', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await open(page, edge('html_comment'));
    const comments = page.getByTestId('comments');
    await expect(comments).toContainText('<script>alert(1)</script><b>bold</b>');
    await expect(comments.locator('b, script, img')).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(dialogs).toBe(0);
  });

  test('long comments, specs and features toggle; empty comments show the pending text', async ({ page }) => {
    await open(page, edge('long_comment'));
    const more = page.getByRole('region', { name: 'Dealer comments' }).getByRole('button', { name: 'Show more' });
    await expect(page.getByTestId('comments')).toHaveText(/\.\.\.$/);
    await more.click();
    await expect(page.locator('#vdp-comments-full')).toBeVisible();
    await expect(page.locator('#vdp-comments-short')).toBeHidden();
    const specs = page.locator('#vdp-specs-more');
    await expect(specs).toBeHidden();
    await page.getByRole('button', { name: 'Show More', exact: true }).click();
    await expect(specs).toBeVisible();
    await page.getByRole('button', { name: 'Show Less', exact: true }).click();
    await expect(specs).toBeHidden();
    await open(page, edge('empty_comment'));
    await expect(page.getByTestId('comments')).toHaveText('Dealer comments are pending. Please check back here later.');
  });

  test('section headers fold their section in 300 ms, stay folded on the next visit, and a link into a folded section opens it', async ({ page }) => {
    const car = edge('full_media');
    await open(page, car);
    const features = page.locator('[data-collapsible="features"]');
    const toggle = features.getByRole('button', { name: 'Features' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(features.locator('.vdp-feature-list').first()).toBeVisible();
    expect(await features.locator('.vdp-collapse').evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.3s');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(features.locator('.vdp-feature-list').first()).toBeHidden();

    const finance = page.locator('[data-collapsible="finance"]');
    await finance.getByRole('button', { name: 'Finance' }).click();
    await expect(page.locator('#finance-calculator')).toBeHidden();

    // The next visit: both still folded, before any script runs (no jump).
    await page.reload();
    await expect(features).toHaveAttribute('data-collapsed', '');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // A link to the calculator (the sidebar's finance estimate) opens its section.
    await page.locator('.vdp-side a[href="#finance-calculator"]').first().click();
    await expect(page.locator('#finance-calculator')).toBeVisible();
    await expect(finance.getByRole('button', { name: 'Finance' })).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(features.locator('.vdp-feature-list').first()).toBeVisible();
    await page.reload();
    await expect(features).not.toHaveAttribute('data-collapsed', '');
  });

  test('share copies the link and shows Copied for 1.5 s; print opens the print page', async ({ page, context }, info) => {
    const car = edge('full_media');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, car);
    await page.getByText('Share', { exact: true }).first().click();
    const copy = page.getByRole('button', { name: 'Copy link' });
    await copy.click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${tenant.url.replace(/\/$/, '')}${car.path}`);
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 2500 });
    const print = page.getByRole('complementary', { name: 'Price and actions' }).getByRole('link', { name: 'Print' });
    await expect(print).toHaveAttribute('href', `/print?car_id=${car.slug}`);
    await page.goto(`${baseUrl(GROUP)}/print?car_id=${car.slug}`);
    await expect(page).toHaveURL(new RegExp(`/print/${car.slug}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${car.year} ${car.make} ${car.model}`);
    await snap(page, info, 'vdp-print');
  });
});
