/**
 * Shopper actions against a real server (site + functions + PGlite) started in this worker, so the
 * test reads the stored leads and the local SMS outbox straight from its database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startNodeServer, type RunningServer } from '../../functions/node.ts';
import { E2E_DIST } from '../../playwright.config.ts';
import { readModel, snap } from './helpers.ts';

const TENANT = 'demo-southern-motor-group';
let server: RunningServer;
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'forms-e2e-'));
  server = await startNodeServer({ port: 0, dist: E2E_DIST, tenant: TENANT, dataDir, outbox: { enabled: false }, rateLimitScale: 100, log: () => {} });
});
test.afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const url = (path: string) => `${server.url.replace(/\/$/, '')}${path}`;

async function leads(): Promise<{ category: string; car_id: string | null; payload: Record<string, unknown> }[]> {
  return (await server.db.query<{ category: string; car_id: string | null; payload: Record<string, unknown> }>('SELECT category, car_id, payload FROM leads WHERE tenant = $1 ORDER BY created_at', [TENANT])).rows;
}

function carsForSale() {
  return readModel(TENANT).vehicles.filter((v) => v.listed && v.status === 'in_stock' && (v.price ?? 0) > 0 && !v.tag && v.photos.length > 0);
}

/** The island is hydrated when its submit button is enabled. */
async function hydrated(page: Page, testId: string) {
  const form = page.getByTestId(testId);
  await form.scrollIntoViewIfNeeded();
  await expect(form.locator('button[type=submit]')).toBeEnabled();
  return form;
}

async function fillContact(page: Page, form: string) {
  await page.locator(`#${form}-name`).fill('Ann');
  await page.locator(`#${form}-last_name`).fill('Lee');
  await page.locator(`#${form}-email`).fill('ann@example.com');
  await page.locator(`#${form}-phone`).fill('0412 345 678');
}

test('contact form: exact validation texts, stored lead, failing server keeps what was typed', async ({ page }) => {
  await page.goto(url('/contact'));
  const form = await hydrated(page, 'contact-form-lead');
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(form.getByText('Please fix the following errors:')).toBeVisible();
  await expect(form.getByText('Comments is required').first()).toBeVisible();
  await expect(form.getByText('*You must agree to the terms of use before submitting.').first()).toBeVisible();
  await expect(form.getByText('* You must agree to the terms of use before submitting the form.')).toBeVisible();
  await expect(form.getByLabel(/Send me offers/)).not.toBeChecked();
  await expect(form.getByText(/collects the details in this form/)).toBeVisible();

  await fillContact(page, 'contact-form-lead');
  await page.locator('#contact-form-lead-postcode').fill('12');
  await page.locator('#contact-form-lead-message').fill('Do you have a white HiLux?');
  await page.locator('#contact-form-lead-dealership_slug').selectOption('southern-ford');
  await form.getByLabel(/I agree to the/).check();
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(form.getByText('Invalid postcode. Please enter a 4-digit number.').first()).toBeVisible();
  await page.locator('#contact-form-lead-postcode').fill('0999');
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(form.getByText('Invalid postcode', { exact: true }).first()).toBeVisible();
  await page.locator('#contact-form-lead-postcode').fill('3175');

  // A failing server: the alert and the destructive form error, and nothing typed is lost.
  await page.route('**/api/leads', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
  const alert = page.waitForEvent('dialog').then(async (d) => {
    const m = d.message();
    await d.accept();
    return m;
  });
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  expect(await alert).toBe('An error occurred when submitting this form');
  await expect(page.getByTestId('contact-form-lead-error')).toHaveText('An error occurred when submitting this form');
  await expect(page.locator('#contact-form-lead-message')).toHaveValue('Do you have a white HiLux?');
  await expect(page.locator('#contact-form-lead-email')).toHaveValue('ann@example.com');
  await page.unroute('**/api/leads');

  const before = (await leads()).length;
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(page.getByTestId('contact-form-lead-success')).toBeVisible();
  const stored = (await leads()).slice(before);
  expect(stored).toHaveLength(1);
  const p = stored[0]!.payload;
  expect(stored[0]!.category).toBe('General Enquiry');
  expect(p).toMatchObject({ name: 'Ann', last_name: 'Lee', postcode: '3175', dealership_slug: 'southern-ford', opt_in: false, terms_conditions: true, source: 'Website' });
  expect(JSON.stringify(p)).toContain('consent_at');
  // User details are remembered (name, email and phone present) and pre-fill the next form.
  await page.goto(url('/book-test-drive'));
  await expect(page.locator('#test-drive-form-email')).toHaveValue('ann@example.com');
});

test('vehicle page: multi-step enquiry -> /success with the analytics event; favourite survives reload', async ({ page }) => {
  const car = carsForSale().find((v) => v.car_type === 'used')!;
  await page.goto(url(car.path));
  const fav = page.locator('[data-favourite]');
  await expect(fav).toBeVisible();
  await fav.click();
  await expect(fav).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => (window.dataLayer ?? []).some((e) => e['event_id'] === 39))).toBe(true);
  await page.reload();
  await expect(page.locator('[data-favourite]')).toHaveAttribute('aria-pressed', 'true');

  const form = await hydrated(page, 'enquiry-form');
  await page.locator('#enquiry-form-message').fill('Is it still available?');
  await form.getByRole('button', { name: 'Next' }).click();
  await fillContact(page, 'enquiry-form');
  await form.getByLabel(/I agree to the/).check();
  await page.evaluate(() => {
    // Keep the dataLayer across the navigation to /success.
    const push = Array.prototype.push;
    (window.dataLayer ??= []).push = function (...items: Record<string, unknown>[]) {
      sessionStorage.setItem('e2e-events', JSON.stringify([...JSON.parse(sessionStorage.getItem('e2e-events') ?? '[]'), ...items]));
      return push.apply(this, items);
    };
  });
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await page.waitForURL(/\/success\/?$/);
  await expect(page.getByTestId('success')).toContainText(car.make);
  const events = JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-events'))) ?? '[]') as { event_id: number }[];
  expect(events.map((e) => e.event_id)).toContain(15);
  const last = (await leads()).at(-1)!;
  expect(last.category).toBe('Vehicle Enquiry');
  expect(last.car_id).toBe(car.id);
  expect(last.payload).toMatchObject({ event_id: 15, url: expect.stringContaining(car.slug) as unknown });
});

test('Quick Enquiry on a search card opens the enquiry form for that car, loaded on the click', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()); });
  await page.goto(url('/search/used-cars'));
  const link = page.locator('a[data-quick-enquiry]').first();
  await expect(link).toHaveAttribute('href', /^\/cars\/.+#enquire$/);
  const before = scripts.length;
  const car = JSON.parse((await link.getAttribute('data-quick-enquiry'))!) as { id: string; name: string; slug: string };
  await link.click();
  const dialog = page.getByRole('dialog', { name: `Enquire about the ${car.name}` });
  await expect(dialog).toBeVisible();
  expect(scripts.length).toBeGreaterThan(before);
  expect(page.url()).toContain('/search/used-cars');
  const form = await hydrated(page, 'quick-enquiry-form');
  await page.locator('#quick-enquiry-form-message').fill('Quick question about this one');
  await form.getByRole('button', { name: 'Next' }).click();
  await fillContact(page, 'quick-enquiry-form');
  await form.getByLabel(/I agree to the/).check();
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await page.waitForURL(/\/success\/?$/);
  const last = (await leads()).at(-1)!;
  expect(last.category).toBe('Vehicle Enquiry');
  expect(last.car_id).toBe(car.id);
  expect(last.payload['message']).toBe('Quick question about this one');
  expect(String(last.payload['url'])).toContain('/search/used-cars');
});

test('multi-step enquiry without a lead_id shows the returned error or the spec fallback', async ({ page }) => {
  const car = carsForSale()[0]!;
  await page.goto(url(car.path));
  await page.route('**/api/leads', (r) => r.fulfill({ status: 502, contentType: 'application/json', body: '{}' }));
  const form = await hydrated(page, 'enquiry-form');
  await page.locator('#enquiry-form-message').fill('Hello');
  await form.getByRole('button', { name: 'Next' }).click();
  await fillContact(page, 'enquiry-form');
  await form.getByLabel(/I agree to the/).check();
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(page.getByTestId('enquiry-form-error')).toHaveText('An unexpected error occured');
  await expect(page).toHaveURL(new RegExp(`${car.path}$`));
  await expect(page.locator('#enquiry-form-email')).toHaveValue('ann@example.com');
});

test('trade-in: details lead, rego and car, adjustments, a 7-day estimated offer saved and accepted; old cars get an inspection', async ({ page }, info) => {
  const like = readModel(TENANT).vehicles.find((v) => v.listed && (v.year ?? 0) >= 2021 && (v.price ?? 0) > 0)!;
  await page.goto(url('/sell-your-car'));
  const form = await hydrated(page, 'trade-in-form');
  await fillContact(page, 'trade-in-form');
  await page.locator('#trade-in-form-postcode').fill('2000');
  await page.locator('#trade-in-form-dealership_slug').selectOption({ index: 1 });
  await page.getByTestId('trade-in-form').getByLabel(/I agree to the/).check();
  await form.getByLabel('Rego').fill('abc123');
  await page.locator('#trade-in-form-odometer').fill('20000');
  await form.getByRole('button', { name: 'Get My Valuation' }).click();
  const flow = page.getByTestId('trade-in-flow');
  await expect(flow.getByLabel('Rego')).toHaveValue('ABC123');
  expect((await leads()).at(-1)!.payload).toMatchObject({ category: 'Trade-in', subcategory: '1. Details' });
  await flow.getByLabel('State').selectOption('VIC');
  await flow.getByLabel('Make').fill(like.make);
  await flow.getByLabel('Year').fill(String(like.year));
  await flow.getByRole('button', { name: 'Next' }).click();
  for (const group of await flow.locator('fieldset').all()) await group.getByLabel('No').check();
  await flow.getByRole('button', { name: 'See My Offer' }).click();
  const offer = page.getByTestId('trade-in-offer');
  await expect(offer).toContainText('Estimated offer, confirmed on inspection');
  await expect(offer).toContainText(/\$\d{1,3}(,\d{3})*/);
  await expect(offer).toContainText(/Valid until 29 November 2026|Valid until \d+ \w+ \d{4}/);
  await expect.poll(async () => (await server.db.query<{ column_name: string; data: Record<string, unknown> }>('SELECT column_name, data FROM valuations WHERE tenant = $1', [TENANT])).rows.length).toBeGreaterThan(0);
  const saved = (await server.db.query<{ column_name: string; data: Record<string, unknown> }>('SELECT column_name, data FROM valuations WHERE tenant = $1', [TENANT])).rows.at(-1)!;
  expect(saved.column_name).toBe('valuation');
  expect(saved.data).toMatchObject({ rego: 'ABC123', regoState: 'VIC' });
  await offer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join('test-results', 'screenshots', `${info.project.name}-trade-in-offer.png`) });
  await offer.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(page.getByTestId('trade-in-accepted')).toBeVisible();
  const accepted = (await leads()).at(-1)!;
  expect(accepted.category).toBe('Trade-in');
  expect(accepted.payload).toMatchObject({ subcategory: '3. Offer Accepted', trade_in: { rego: 'ABC123', regoState: 'VIC', offer_accepted: true } });

  // Over 7 years old: no online estimate, an inspection instead.
  await page.goto(url('/trade-in'));
  const again = await hydrated(page, 'trade-in-form');
  await fillContact(page, 'trade-in-form');
  await page.locator('#trade-in-form-postcode').fill('2000');
  await page.locator('#trade-in-form-dealership_slug').selectOption({ index: 1 });
  await page.getByTestId('trade-in-form').getByLabel(/I agree to the/).check();
  await page.locator('#trade-in-form-odometer').fill('20000');
  await again.getByRole('button', { name: 'Get My Valuation' }).click();
  await flow.getByLabel('Rego').fill('OLD1');
  await flow.getByLabel('Make').fill(like.make);
  await flow.getByLabel('Year').fill('2015');
  await flow.getByRole('button', { name: 'Next' }).click();
  for (const group of await flow.locator('fieldset').all()) await group.getByLabel('No').check();
  await flow.getByRole('button', { name: 'See My Offer' }).click();
  await expect(page.getByTestId('trade-in-inspection')).toContainText('book a free inspection');
  await snap(page, info, 'trade-in-inspection');
});

test('gated routes send a signed-out visitor to /sign-in with type and redirect', async ({ page }) => {
  await page.goto(url('/online-payment'));
  await page.waitForURL(/\/sign-in\?/);
  const q = new URL(page.url()).searchParams;
  expect(q.get('type')).toBe('online-payment');
  expect(q.get('redirect')).toMatch(/^\/online-payment\/?$/);
  await page.goto(url('/my-garage'));
  await page.waitForURL(/\/sign-in\?type=my-garage/);
  // The tenant-named garage page (tenant gating.garage_path, e.g. /mymotorama) where the build has one.
  const garage = readModel(TENANT).tenant.gating.garage_path;
  if (garage) {
    await page.goto(url(garage));
    await page.waitForURL(/\/sign-in\?type=my-garage/);
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(new RegExp(`^${garage}/?$`));
  }
  // A checkout path is gated only with a car slug; /buy-online is open.
  await page.goto(url('/buy-online'));
  await expect(page.getByTestId('reserve-form')).toBeVisible();
});

test('sign in with the SMS code, save and remove a car with toasts, see the watchlist', async ({ page }) => {
  const car = carsForSale()[1]!;
  await page.goto(url(car.path));
  await page.locator('[data-save-car]').click();
  await page.waitForURL(/\/sign-in\?/);
  const q = new URL(page.url()).searchParams;
  expect(q.get('type')).toBe('watchlist');
  expect(q.get('redirect')).toBe(car.path);
  expect(q.get('back')).toBe(car.path);

  await page.getByLabel('Mobile number').fill('0412 555 111');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByLabel(/6-digit code/)).toBeVisible();
  const sms = (await server.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE tenant = $1 ORDER BY created_at DESC LIMIT 1', [TENANT])).rows[0]!;
  const code = /\b(\d{6})\b/.exec(sms.body)![1]!;
  await page.getByLabel(/6-digit code/).fill(code);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === car.path);

  await page.locator('[data-save-car]').click();
  await expect(page.getByTestId('toast')).toContainText('Car Saved In Watchlist');
  await expect(page.getByTestId('toast')).toContainText('is now available in your watchlist');
  await expect(page.locator('[data-save-car]')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('toast').getByRole('link', { name: 'View List' }).click();
  await expect(page.getByTestId('watchlist')).toContainText(car.make);
  await page.getByTestId('watchlist').getByRole('button', { name: 'Remove' }).first().click();
  await expect(page.getByTestId('toast')).toContainText('Car Removed');
  await expect(page.getByTestId('watchlist')).toHaveCount(0);
});

test('watchlist save failure rolls back with an alert', async ({ page }) => {
  const car = carsForSale()[2]!;
  // Sign in through the API (same origin, so the session cookie lands in this context).
  await page.goto(url('/'));
  await page.evaluate(async () => fetch('/api/auth/code', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: '0412 555 222' }) }));
  const sms = (await server.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE tenant = $1 ORDER BY created_at DESC LIMIT 1', [TENANT])).rows[0]!;
  const code = /\b(\d{6})\b/.exec(sms.body)![1]!;
  await page.evaluate(async (c) => fetch('/api/auth/verify', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: '0412 555 222', code: c }) }), code);
  await page.goto(url(car.path));
  await page.route('**/api/watchlist/save-car', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Watchlist is unavailable"}' }));
  const alert = page.waitForEvent('dialog').then(async (d) => {
    const m = d.message();
    await d.accept();
    return m;
  });
  await page.locator('[data-save-car]').click();
  expect(await alert).toBe('Watchlist is unavailable');
  await expect(page.locator('[data-save-car]')).toHaveAttribute('aria-pressed', 'false');
});

test('compare four cars side by side with differences highlighted', async ({ page }) => {
  for (const car of carsForSale().slice(0, 4)) {
    await page.goto(url(car.path));
    await page.locator('[data-compare]').click();
    await expect(page.locator('[data-compare]')).toHaveAttribute('aria-pressed', 'true');
  }
  await page.goto(url('/compare'));
  const table = page.getByTestId('compare-table');
  await expect(table.locator('thead th')).toHaveCount(5);
  await expect(table.locator('tr[data-differs]').first()).toBeVisible();
});
