/**
 * The browse side in Chromium, at phone and desktop widths, on the three demo tenants: home (slider
 * overlays, promo carousel from index 1 and looping, sales counter, popup), header and footer
 * (keyboard and mobile menu), locations (locationQuery, department tabs, holiday hours, shared-address
 * selector), offers and content pages. Screenshots go to test-results/screenshots/.
 */
import { expect, test, type Page } from '@playwright/test';
import { activeOffers, homeSlides } from '../../src/lib/content/site-content.ts';
import { salesThisMonth } from '../../src/lib/rules/sales-counter.ts';
import { slideButtonLabel } from '../../src/lib/rules/slide-button.ts';
import { truncateText } from '../../src/lib/rules/truncate.ts';
import type { SiteModel } from '../../src/lib/site/site-model.ts';
import { baseUrl, expectNoBrokenImages, readModel, snap, watchBrokenRequests, type DemoTenant } from './helpers.ts';

const TENANTS: DemoTenant[] = ['demo-coastal-toyota', 'demo-southern-motor-group', 'demo-redline-used-cars'];
const GROUP: DemoTenant = 'demo-southern-motor-group';
const isPhone = (name: string) => name === 'phone';

/** Marks the tenant's popup as closed before the page loads, so a modal does not block the clicks under test. */
async function closePopupBeforehand(page: Page, model: SiteModel): Promise<void> {
  const title = model.content?.popup?.title;
  if (title) await page.addInitScript((key) => localStorage.setItem(key, '1'), `popup-closed:${title}`);
}

for (const tenant of TENANTS) {
  const model = readModel(tenant);
  test.describe(`${tenant} browse pages`, () => {
    test('home: slider, banners, featured stock and locations render without broken requests', async ({ page }, info) => {
      const broken = watchBrokenRequests(page);
      await page.goto(`${baseUrl(tenant)}/`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const first = page.locator('.hero-slider img').first();
      await expect(first).toHaveAttribute('fetchpriority', 'high');
      await expect(first).toHaveAttribute('loading', 'eager');
      await expect(page.locator('link[rel=preload][as=image]')).toHaveCount(1);
      await expect(page.locator('.feature-banner a')).toHaveText([/Latest Offers/, /Book Service Online/, /Sell Your Car/]);
      const { stats } = model.tenant;
      await expect(page.locator('.stat-value')).toHaveText([stats.locations, stats.brands, stats.years]);
      await expect(page.locator('article.card').first()).toBeVisible();
      await expectNoBrokenImages(page);
      await snap(page, info, `${tenant}-browse-home`);
      expect(broken).toEqual([]);
    });

    test('slider overlays: name, description and the button the url calls for', async ({ page }) => {
      await page.goto(`${baseUrl(tenant)}/`);
      const slides = homeSlides(model);
      const overlays = page.locator('.hero-slider .slide');
      await expect(overlays).toHaveCount(slides.length);
      for (const [i, s] of slides.entries()) {
        const slide = overlays.nth(i);
        if (s.hide_overlay) {
          await expect(slide.locator('.overlay')).toHaveCount(0);
          continue;
        }
        await expect(slide.locator('.slide-title')).toHaveText(s.name);
        await expect(slide.locator('.overlay .btn')).toHaveText(new RegExp(`^${slideButtonLabel(s.url)}`));
        await expect(slide.locator('.overlay .btn')).toHaveAttribute('href', s.url);
      }
    });

    test('the promo carousel starts at offer index 1 and loops', async ({ page }) => {
      const offers = activeOffers(model);
      test.skip(offers.length < 2, 'needs two offers');
      await closePopupBeforehand(page, model);
      await page.goto(`${baseUrl(tenant)}/`);
      const track = page.locator('.promo [data-track]');
      await expect(track.locator('li').first().locator('.offer-title')).toHaveText(offers[1]?.name ?? '');
      await expect(track.locator('li').last().locator('.offer-title')).toHaveText(offers[0]?.name ?? '');
      const next = page.locator('.promo [data-dir="1"]');
      const atEnd = () => track.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 4);
      for (let i = 0; i < offers.length && !(await atEnd()); i++) {
        await next.click();
        await page.waitForTimeout(500);
      }
      expect(await atEnd()).toBe(true);
      // Past the last offer: back to the first; before the first: to the last.
      await next.click();
      await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeLessThan(5);
      await page.locator('.promo [data-dir="-1"]').click();
      await expect.poll(atEnd).toBe(true);
    });

    test('the sales counter shows the count for this moment in Brisbane', async ({ page }) => {
      await page.goto(`${baseUrl(tenant)}/`);
      // The built page carries no number (it would be stale by morning): the browser fills it in.
      const shown = async () => Number((await page.locator('[data-sales-counter]').innerText()).replace(/[,\s]/g, '') || 'NaN');
      await expect.poll(shown).not.toBeNaN();
      expect([salesThisMonth(Date.now()), salesThisMonth(Date.now() - 1000)]).toContain(await shown());
    });

    test('header and footer link to pages that answer', async ({ page, request }) => {
      await closePopupBeforehand(page, model);
      await page.goto(`${baseUrl(tenant)}/`);
      const hrefs = await page.$$eval('header a[href^="/"], footer a[href^="/"]', (as) => [...new Set(as.map((a) => a.getAttribute('href') ?? ''))]);
      expect(hrefs).toEqual(expect.arrayContaining(['/special-offers', '/cars/', '/finance', '/service', '/contact', '/about-us', '/privacy-policy']));
      for (const href of hrefs) {
        const res = await request.get(`${baseUrl(tenant)}${href}`);
        expect(res.status(), href).toBe(200);
      }
    });

    test('location page, offers and a content page render', async ({ page }, info) => {
      const broken = watchBrokenRequests(page);
      const loc = model.tenant.locations[0];
      await page.goto(`${baseUrl(tenant)}/locations/${loc?.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(loc?.name ?? '');
      await expect(page.locator('table.hours').first()).toBeVisible();
      await snap(page, info, `${tenant}-browse-location`);
      await page.goto(`${baseUrl(tenant)}/special-offers`);
      await snap(page, info, `${tenant}-browse-offers`);
      await page.goto(`${baseUrl(tenant)}/about-us`);
      await expect(page.locator('.prose')).not.toBeEmpty();
      await page.goto(`${baseUrl(tenant)}/brands`);
      await expect(page.locator('.brand-tile').first()).toBeVisible();
      await snap(page, info, `${tenant}-browse-brands`);
      await expectNoBrokenImages(page);
      expect(broken).toEqual([]);
    });
  });
}

test.describe('navigation', () => {
  test('dropdowns open and close from the keyboard (desktop)', async ({ page }, info) => {
    test.skip(isPhone(info.project.name), 'desktop header');
    await page.goto(`${baseUrl(GROUP)}/`);
    const toggle = page.getByRole('button', { name: 'Our Stock menu' });
    const menu = page.locator('#menu-our-stock');
    await expect(menu).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'All stock' })).toHaveAttribute('href', '/cars/');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    const company = page.getByRole('button', { name: 'Company' });
    await company.click();
    await expect(page.locator('#menu-company').getByRole('link')).toHaveText(['About Us', 'Careers', 'Contact', 'Fleet', 'Terms and Conditions']);
  });

  test('the mobile menu opens the list and its dropdowns (phone)', async ({ page }, info) => {
    test.skip(!isPhone(info.project.name), 'phone header');
    await page.goto(`${baseUrl(GROUP)}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Finance' })).toBeVisible();
    await nav.getByRole('button', { name: 'Service menu' }).click();
    await expect(nav.getByRole('link', { name: 'Roadside Assist' })).toBeVisible();
    await snap(page, info, 'browse-menu-open');
  });
});

test.describe('locations', () => {
  const model = readModel(GROUP);

  test('the directory filters by locationQuery and resets a card to its first tab when the list changes', async ({ page }, info) => {
    await page.goto(`${baseUrl(GROUP)}/locations`);
    const cards = page.locator('[data-dealer-card]');
    await expect(cards).toHaveCount(new Set(model.tenant.locations.map((l) => l.dealership_slug)).size);
    const ford = cards.filter({ hasText: 'Southern Ford Dandenong' }).first();
    await ford.getByRole('tab', { name: 'Parts' }).click();
    await expect(ford.getByRole('tab', { name: 'Parts' })).toHaveAttribute('aria-selected', 'true');
    await expect(ford.getByRole('tabpanel')).toContainText('Southern Ford Dandenong Parts');
    const search = page.getByLabel('Search by suburb, postcode or name');
    await search.fill('dandenong');
    await expect(cards.filter({ visible: true })).toHaveCount(1);
    await expect(page).toHaveURL(/locationQuery=dandenong/);
    await expect(ford.getByRole('tab', { name: 'Sales' })).toHaveAttribute('aria-selected', 'true');
    await ford.getByRole('tab', { name: 'Sales' }).press('ArrowRight');
    await expect(ford.getByRole('tab', { name: 'Parts' })).toBeFocused();
    await snap(page, info, 'browse-locations-filtered');
    await page.goto(`${baseUrl(GROUP)}/locations?locationQuery=4127`);
    await expect(cards.filter({ visible: true })).toHaveCount(1);
    await expect(cards.filter({ visible: true })).toContainText('Springwood');
  });

  test('holiday hours open in a dialog; shared addresses offer Sales, Service and Parts', async ({ page }) => {
    await page.goto(`${baseUrl(GROUP)}/locations/southern-toyota-parramatta-service`);
    const selector = page.getByRole('navigation', { name: 'Departments at this address' });
    await expect(selector.getByRole('link')).toHaveText(['Sales', 'Service']);
    await expect(selector.getByRole('link', { name: 'Service' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Holiday hours' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Christmas Day');
    await expect(dialog).toContainText('Closed');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await selector.getByRole('link', { name: 'Sales' }).click();
    await expect(page).toHaveURL(/\/locations\/southern-toyota-parramatta\/?$/);
  });

  test('the used tab links to the used-car search', async ({ page }) => {
    await page.goto(`${baseUrl('demo-redline-used-cars')}/locations`);
    await page.getByRole('tab', { name: 'Used' }).click();
    await expect(page.getByRole('tabpanel').filter({ visible: true }).getByRole('link', { name: 'Browse used cars' })).toHaveAttribute(
      'href',
      '/search/used-cars',
    );
  });
});

test.describe('offers, reviews and popup', () => {
  test('offer cards cut the disclaimer at 100 characters and offer Enquire Now and Explore {model}', async ({ page }) => {
    const model = readModel('demo-coastal-toyota');
    const offer = activeOffers(model).find((o) => (o.disclaimer?.length ?? 0) > 100 && o.model);
    expect(offer, 'a demo offer with a long disclaimer').toBeTruthy();
    await page.goto(`${baseUrl('demo-coastal-toyota')}/special-offers`);
    // The offers are a search now (issue 14): its cards, pre-rendered with the first page.
    const card = page.getByTestId('offer-card').filter({ hasText: offer?.name ?? '' });
    await expect(card.locator('.catalog-fine')).toHaveText(truncateText(offer?.disclaimer ?? ''));
    await expect(card.getByRole('link', { name: /^Enquire Now/ })).toBeVisible();
    await expect(card.getByRole('link', { name: `Explore ${offer?.model?.name}` })).toBeVisible();
    await expect(page.locator('.blog-card').first()).toContainText('READ MORE');
  });

  test('reviews show the average with one decimal and the count', async ({ page }) => {
    await page.goto(`${baseUrl('demo-coastal-toyota')}/`);
    await expect(page.locator('#reviews-title + .rating')).toHaveAttribute('aria-label', '4.8 out of 5 stars from 1,243 reviews');
    await expect(page.locator('.review-list li')).toHaveCount(8);
    // The dealer's reply with its date, and a photo the customer added (spec Review: reply_date, image).
    const reply = page.locator('.review-reply').first();
    await expect(reply).toContainText('Reply from the dealer');
    await expect(reply.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    const photo = page.locator('.review-list img.review-photo').first();
    await photo.scrollIntoViewIfNeeded();
    await expect(photo).toHaveAttribute('alt', /^Photo added by /);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('the popup opens after scrolling, stays within 600 px and 80vh, and stays closed once closed', async ({ page }, info) => {
    await page.goto(`${baseUrl('demo-redline-used-cars')}/`);
    const dialog = page.locator('dialog.promo-popup');
    await expect(dialog).toBeHidden();
    await page.mouse.wheel(0, 600);
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize();
    expect(box?.width).toBeLessThanOrEqual(600);
    expect(box?.height ?? 0).toBeLessThanOrEqual((viewport?.height ?? 0) * 0.8 + 1);
    await snap(page, info, 'browse-popup');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(500);
    await expect(dialog).toBeHidden();
  });
});
