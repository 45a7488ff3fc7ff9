/**
 * Shopper actions against a real server (site + functions + PGlite) started in this worker, so the
 * test reads the stored leads and the local SMS outbox straight from its database.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startNodeServer, type RunningServer } from '../../functions/node.ts';
import { E2E_DIST } from '../../playwright.config.ts';
import { readModel, snap } from './helpers.ts';
import { vehicleFullName } from '../../src/lib/rules/vehicle-title.ts';
import { priceDisplay } from '../../src/lib/rules/price-display.ts';
import { reserveTerms } from '../../src/lib/rules/reserve-terms.ts';
import { defaultRegoState } from '../../src/lib/forms/trade-in.ts';
import { manufacturerSlug, vehicleEnquirySubcategory } from '../../src/lib/forms/vehicle-enquiry.ts';

const TENANT = 'demo-southern-motor-group';
let server: RunningServer;
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'forms-e2e-'));
  server = await startNodeServer({ port: 0, dist: E2E_DIST, tenant: TENANT, dataDir, outbox: { enabled: false }, rateLimitScale: 100, log: () => {} });
});
let closed = false;
test.afterAll(async () => {
  if (!closed) await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const url = (path: string) => `${server.url.replace(/\/$/, '')}${path}`;

async function leads(): Promise<{ category: string; car_id: string | null; payload: Record<string, unknown> }[]> {
  return (
    await server.db.query<{ category: string; car_id: string | null; payload: Record<string, unknown> }>(
      'SELECT category, car_id, payload FROM leads WHERE tenant = $1 ORDER BY created_at',
      [TENANT],
    )
  ).rows;
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

/** Keeps what the page pushes to dataLayer in sessionStorage, so the events survive the move to /success. */
async function keepEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const push = Array.prototype.push;
    (window.dataLayer ??= []).push = function (...items: Record<string, unknown>[]) {
      sessionStorage.setItem('e2e-events', JSON.stringify([...JSON.parse(sessionStorage.getItem('e2e-events') ?? '[]'), ...items]));
      return push.apply(this, items);
    };
  });
}
async function keptEventIds(page: Page): Promise<unknown[]> {
  return (JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-events'))) ?? '[]') as { event_id?: unknown }[]).map((e) => e.event_id);
}

async function fillContact(page: Page, form: string) {
  await page.locator(`#${form}-name`).fill('Ann');
  await page.locator(`#${form}-last_name`).fill('Lee');
  await page.locator(`#${form}-email`).fill('ann@example.com');
  await page.locator(`#${form}-phone`).fill('0412 345 678');
}

/** What one form needs from the shopper, what it must say when left empty, and what the dealer must receive. */
interface FormCase {
  id: string;
  submit: string;
  /** The exact messages of an empty submit (the list under 'Please fix the following errors:'). */
  required: string[];
  fill: (page: Page) => Promise<void>;
  /** A field whose value must survive a failing server. */
  kept: { field: string; value: string };
  category: string;
  payload: Record<string, unknown>;
  /** Where the shopper lands: the in-place thanks or /success. */
  success: 'inline' | '/success';
}

const TERMS = '*You must agree to the terms of use before submitting.';
const CONTACT_REQUIRED = ['First Name is required', 'Please enter an email address or a phone number', TERMS];

/** The dealership and location selects are required when the form shows them: pick the first. */
async function pickLocation(page: Page, id: string, required: string[]): Promise<void> {
  const dealer = page.locator(`#${id}-dealership_slug`);
  if ((await dealer.count()) > 0) {
    expect(required).toContain('Dealership is required');
    await dealer.selectOption({ index: 1 });
  }
  // The website-location select shows only when the dealership has more than one location.
  const location = page.locator(`#${id}-location_id`);
  if ((await location.count()) > 0) await location.selectOption({ index: 1 });
}

/**
 * Submits a form as a shopper would: empty first (each exact message), then filled against a failing
 * server (the spec's alert and destructive error, nothing typed lost), then for real: the lead is in
 * the database with what the dealer needs, and the shopper sees the thanks or /success.
 */
async function submitEveryWay(page: Page, f: FormCase): Promise<{ category: string; car_id: string | null; payload: Record<string, unknown> }> {
  const form = await hydrated(page, f.id);
  await form.getByRole('button', { name: f.submit }).click();
  await expect(form.getByText('Please fix the following errors:')).toBeVisible();
  const shown = await form.locator('.lf-issues li').allTextContents();
  expect(shown.sort()).toEqual([...f.required].sort());
  for (const message of f.required) await expect(form.getByText(message, { exact: true }).first()).toBeVisible();

  await fillContact(page, f.id);
  await pickLocation(page, f.id, f.required);
  if ((await form.getByLabel(/I agree to the/).count()) > 0) await form.getByLabel(/I agree to the/).check();
  await f.fill(page);
  await expect(form.getByLabel(/Send me offers/)).not.toBeChecked();
  await expect(form.getByText(/collects the details in this form/)).toBeVisible();

  await page.route('**/api/leads', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
  const alert = page.waitForEvent('dialog').then(async (d) => {
    const m = d.message();
    await d.accept();
    return m;
  });
  await form.getByRole('button', { name: f.submit }).click();
  expect(await alert).toBe('An error occurred when submitting this form');
  await expect(page.getByTestId(`${f.id}-error`)).toHaveText('An error occurred when submitting this form');
  await expect(page.locator(`#${f.id}-${f.kept.field}`)).toHaveValue(f.kept.value);
  await expect(page.locator(`#${f.id}-email`)).toHaveValue('ann@example.com');
  await page.unroute('**/api/leads');

  const before = (await leads()).length;
  await form.getByRole('button', { name: f.submit }).click();
  if (f.success === '/success') {
    await page.waitForURL(/\/success\/?$/);
    await expect(page.getByTestId('success')).toBeVisible();
  } else {
    await expect(page.getByTestId(`${f.id}-success`)).toContainText('Thank you, your enquiry has been sent.');
  }
  const stored = (await leads()).slice(before);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.category).toBe(f.category);
  expect(stored[0]!.payload).toMatchObject({ name: 'Ann', last_name: 'Lee', email: 'ann@example.com', opt_in: false, source: 'Website', ...f.payload });
  expect(stored[0]!.payload['extra']).toMatchObject({ consent_text: expect.stringContaining('collects the details in this form') as unknown });
  return stored[0]!;
}

/** Signs this browser in with the code from the local SMS outbox (the API, same origin: the cookie lands here). */
async function signIn(page: Page, phone: string): Promise<void> {
  await page.goto(url('/'));
  await page.evaluate(
    async (p) => fetch('/api/auth/code', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: p }) }),
    phone,
  );
  const sms = (await server.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE tenant = $1 ORDER BY created_at DESC LIMIT 1', [TENANT])).rows[0]!;
  const code = /\b(\d{6})\b/.exec(sms.body)![1]!;
  const ok = await page.evaluate(
    async ([p, c]) =>
      (await fetch('/api/auth/verify', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: p, code: c }) })).ok,
    [phone, code] as const,
  );
  expect(ok).toBe(true);
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

  await page.locator('#contact-form-lead-email').fill('ann@');
  await page.locator('#contact-form-lead-phone').fill('12345');
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(form.getByText('Please enter a valid email address').first()).toBeVisible();
  await expect(form.getByText('Please enter a valid Australian phone number').first()).toBeVisible();
  await fillContact(page, 'contact-form-lead');
  await page.locator('#contact-form-lead-postcode').fill('12');
  await page.locator('#contact-form-lead-message').fill('Do you have a white HiLux?');
  await page.locator('#contact-form-lead-dealership_slug').selectOption('southern-ford');
  await form.getByLabel('Enquiry type').selectOption('Sales Enquiry');
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
  // The Enquiry type is the lead's category; the one location of the chosen dealership comes with it.
  expect(stored[0]!.category).toBe('Sales Enquiry');
  expect(p).toMatchObject({ location: 'Southern Ford Dandenong', location_id: expect.any(String) as unknown });
  expect(p).toMatchObject({
    name: 'Ann',
    last_name: 'Lee',
    postcode: '3175',
    dealership_slug: 'southern-ford',
    opt_in: false,
    terms_conditions: true,
    source: 'Website',
  });
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
  await keepEvents(page);
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await page.waitForURL(/\/success\/?$/);
  await expect(page.getByTestId('success')).toContainText(car.make);
  expect(await keptEventIds(page)).toContain(15);
  const last = (await leads()).at(-1)!;
  expect(last.category).toBe('Vehicle Enquiry');
  expect(last.car_id).toBe(car.id);
  expect(last.payload).toMatchObject({ event_id: 15, url: expect.stringContaining(car.slug) as unknown });
  // The spec's prefill: manufacturer_slug (in the lead's vehicle) and subcategory were missing.
  expect(last.payload).toMatchObject({
    subcategory: vehicleEnquirySubcategory(car.car_type),
    vehicle: { manufacturer_slug: manufacturerSlug(car.make), stock_number: car.stocknum },
  });
});

test('Quick Enquiry on a search card opens the enquiry form for that car, loaded on the click', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
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
  expect(last.payload).toMatchObject({ subcategory: 'Used Vehicle', vehicle: { manufacturer_slug: expect.stringMatching(/^[a-z0-9-]+$/) as unknown } });
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
  await form.getByRole('button', { name: 'Get My Valuation' }).click();
  expect((await form.locator('.lf-issues li').allTextContents()).sort()).toEqual(
    [...CONTACT_REQUIRED, 'Dealership is required', 'Invalid postcode. Please enter a 4-digit number.'].sort(),
  );
  for (const label of ['First Name', 'Last Name', 'Postcode', 'Mobile', 'Email']) await expect(form.getByLabel(label, { exact: true })).toBeVisible();
  await fillContact(page, 'trade-in-form');
  await page.locator('#trade-in-form-postcode').fill('2000');
  await page.locator('#trade-in-form-dealership_slug').selectOption({ index: 1 });
  await page
    .getByTestId('trade-in-form')
    .getByLabel(/I agree to the/)
    .check();
  await form.getByLabel('Rego').fill('abc123');
  await page.locator('#trade-in-form-odometer').fill('20000');
  await form.getByRole('button', { name: 'Get My Valuation' }).click();
  const flow = page.getByTestId('trade-in-flow');
  await expect(flow.getByLabel('Rego')).toHaveValue('ABC123');
  // The rego state starts at the dealer's own state (spec default QLD), not a fixed NSW.
  await expect(flow.getByLabel('State')).toHaveValue(defaultRegoState(readModel(TENANT).tenant.locations));
  expect((await leads()).at(-1)!.payload).toMatchObject({ category: 'Trade-in', subcategory: '1. Details' });
  await flow.getByLabel('State').selectOption('VIC');
  await flow.getByLabel('Make').fill(like.make);
  await flow.getByLabel('Year').fill(String(like.year));
  const detailsLead = (await server.db.query<{ id: string }>('SELECT id FROM leads WHERE tenant = $1 ORDER BY created_at DESC LIMIT 1', [TENANT])).rows[0]!.id;
  // A failing lead helper keeps the shopper on the step with the error and what they typed.
  await page.route('**/api/leads', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await flow.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('trade-in-error')).toHaveText('An error occurred when submitting this form');
  await expect(flow.getByLabel('Make')).toHaveValue(like.make);
  await page.unroute('**/api/leads');
  await flow.getByRole('button', { name: 'Next' }).click();
  await expect(flow.locator('fieldset')).toHaveCount(3);
  for (const group of await flow.locator('fieldset').all()) await group.getByLabel('No').check();
  const lookup = (await leads()).at(-1)!;
  expect(lookup.payload).toMatchObject({
    category: 'Trade-in',
    subcategory: '2. Rego Lookup',
    lead_id: detailsLead,
    trade_in: { rego: 'ABC123', regoState: 'VIC' },
    extra: { trade_make: like.make, trade_year: String(like.year), odometer: '20000' },
  });
  await flow.getByRole('button', { name: 'See My Offer' }).click();
  const offer = page.getByTestId('trade-in-offer');
  await expect(offer).toBeVisible();
  const adjustments = (await leads()).at(-1)!;
  expect(adjustments.payload).toMatchObject({
    subcategory: '2. Adjustments',
    lead_id: detailsLead,
    trade_in: { id: (lookup.payload['trade_in'] as { id: string }).id },
  });
  expect((adjustments.payload['trade_in'] as { adjustmentAnswers: { answer: string }[] }).adjustmentAnswers.map((a) => a.answer)).toEqual(['no', 'no', 'no']);
  await expect(offer).toContainText('Estimated offer, confirmed on inspection');
  await expect(offer).toContainText(/\$\d{1,3}(,\d{3})*/);
  await expect(offer).toContainText(/Valid until 29 November 2026|Valid until \d+ \w+ \d{4}/);
  await expect
    .poll(
      async () =>
        (await server.db.query<{ column_name: string; data: Record<string, unknown> }>('SELECT column_name, data FROM valuations WHERE tenant = $1', [TENANT]))
          .rows.length,
    )
    .toBeGreaterThan(0);
  const saved = (
    await server.db.query<{ column_name: string; data: Record<string, unknown> }>('SELECT column_name, data FROM valuations WHERE tenant = $1', [TENANT])
  ).rows.at(-1)!;
  expect(saved.column_name).toBe('valuation');
  expect(saved.data).toMatchObject({ rego: 'ABC123', regoState: 'VIC' });
  await offer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join('test-results', 'screenshots', `${info.project.name}-trade-in-offer.png`) });
  await offer.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(page.getByTestId('trade-in-accepted')).toBeVisible();
  expect(await page.evaluate(() => (window.dataLayer ?? []).map((e) => e['event_id']))).toContain(18);
  const accepted = (await leads()).at(-1)!;
  expect(accepted.category).toBe('Trade-in');
  expect(accepted.payload).toMatchObject({
    subcategory: '3. Offer Accepted',
    lead_id: detailsLead,
    event_id: 18,
    trade_in: { id: (lookup.payload['trade_in'] as { id: string }).id, rego: 'ABC123', regoState: 'VIC', offer_accepted: true },
  });

  // Over 7 years old: no online estimate, an inspection instead.
  await page.goto(url('/trade-in'));
  const again = await hydrated(page, 'trade-in-form');
  await fillContact(page, 'trade-in-form');
  await page.locator('#trade-in-form-postcode').fill('2000');
  await page.locator('#trade-in-form-dealership_slug').selectOption({ index: 1 });
  await page
    .getByTestId('trade-in-form')
    .getByLabel(/I agree to the/)
    .check();
  await page.locator('#trade-in-form-odometer').fill('20000');
  await again.getByRole('button', { name: 'Get My Valuation' }).click();
  await flow.getByLabel('Rego').fill('OLD1');
  await flow.getByLabel('Make').fill(like.make);
  await flow.getByLabel('Year').fill('2015');
  await flow.getByRole('button', { name: 'Next' }).click();
  await expect(flow.locator('fieldset')).toHaveCount(3);
  for (const group of await flow.locator('fieldset').all()) await group.getByLabel('No').check();
  await flow.getByRole('button', { name: 'See My Offer' }).click();
  await expect(page.getByTestId('trade-in-inspection')).toContainText('book a free inspection');
  await snap(page, info, 'trade-in-inspection');
});

test('a sold car: Find Me Something Similar is the multi-step enquiry for that car, then /success', async ({ page }) => {
  const m = readModel(TENANT);
  const manifest = JSON.parse(readFileSync(join(m.tenant.dir, 'demo-manifest.json'), 'utf8')) as { edge_cases: Record<string, { id: number }> };
  const car = m.vehicles.find((v) => v.id === String(manifest.edge_cases['sold_in_window']?.id))!;
  await page.goto(url(car.path));
  await page.locator('.vdp-side').getByRole('link', { name: 'Find Me Something Similar' }).click();
  const form = await hydrated(page, 'enquiry-form');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.locator('.lf-issues li')).toHaveText(['Comments is required']);
  await page.locator('#enquiry-form-message').fill('Anything like this under 40,000 km?');
  await form.getByRole('button', { name: 'Next' }).click();
  await fillContact(page, 'enquiry-form');
  await form.getByLabel(/I agree to the/).check();
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await page.waitForURL(/\/success\/?$/);
  const last = (await leads()).at(-1)!;
  expect(last.category).toBe('Find Me Something Similar');
  expect(last.car_id).toBe(car.id);
  expect(last.payload).toMatchObject({ message: 'Anything like this under 40,000 km?', vehicle: { vehicle_status: 'sold' } });
});

test('vehicle page test drive: date and time optional, event 48 for a used car, then /success', async ({ page }) => {
  const car = carsForSale().find((v) => v.car_type === 'used')!;
  await page.goto(url(car.path));
  // The sidebar's Book a Test Drive opens the test drive form.
  await page.getByRole('link', { name: 'Book a Test Drive' }).first().click();
  await expect(page.locator('#test-drive')).toHaveAttribute('open', '');
  await keepEvents(page);
  const stored = await submitEveryWay(page, {
    id: 'test-drive-form',
    submit: 'Book Test Drive',
    required: CONTACT_REQUIRED,
    fill: async (p) => p.locator('#test-drive-form-preferred_date_time').fill('2026-12-01T10:30'),
    kept: { field: 'preferred_date_time', value: '2026-12-01T10:30' },
    category: 'Test Drive',
    payload: { car_id: car.id, event_id: 48, extra: { preferred_date_time: '2026-12-01T10:30' } },
    success: '/success',
  });
  expect(stored.car_id).toBe(car.id);
  expect(await keptEventIds(page)).toContain(48);
});

test('a new car test drive sends event 17', async ({ page }) => {
  const car = carsForSale().find((v) => v.car_type === 'new')!;
  await page.goto(url(car.path));
  await page.getByRole('link', { name: 'Book a Test Drive' }).first().click();
  const form = await hydrated(page, 'test-drive-form');
  await fillContact(page, 'test-drive-form');
  await form.getByLabel(/I agree to the/).check();
  await keepEvents(page);
  await form.getByRole('button', { name: 'Book Test Drive' }).click();
  await page.waitForURL(/\/success\/?$/);
  expect(await keptEventIds(page)).toContain(17);
  expect((await leads()).at(-1)!.payload).toMatchObject({ category: 'Test Drive', event_id: 17, car_id: car.id });
});

test('vehicle page photo request: no message needed, the hidden request text is sent', async ({ page }) => {
  const car = carsForSale().find((v) => v.car_type === 'new')!;
  await page.goto(url(car.path));
  await page.getByText('Request more photos', { exact: true }).click();
  await submitEveryWay(page, {
    id: 'photo-form',
    submit: 'Request Photos',
    required: CONTACT_REQUIRED,
    fill: async () => {},
    kept: { field: 'phone', value: '0412 345 678' },
    category: 'Photo Request',
    payload: { car_id: car.id, event_id: 14, message: expect.stringMatching(new RegExp(`^Please send me more photos of this .*${car.make}.*\\.$`)) as unknown },
    success: 'inline',
  });
  expect(await page.evaluate(() => (window.dataLayer ?? []).map((e) => e['event_id']))).toContain(14);
});

test('test drive page: the dealership select is required', async ({ page }) => {
  await page.goto(url('/book-test-drive'));
  await submitEveryWay(page, {
    id: 'test-drive-form',
    submit: 'Book Test Drive',
    required: [...CONTACT_REQUIRED, 'Dealership is required'],
    fill: async () => {},
    kept: { field: 'name', value: 'Ann' },
    category: 'Test Drive',
    payload: { dealership_slug: expect.any(String) as unknown },
    success: 'inline',
  });
});

test('service booking: dealership from the service location, extra services, rego and a preferred time', async ({ page }) => {
  await page.goto(url('/service'));
  const serviceDealer = readModel(TENANT).tenant.locations.find((l) => l.location_type === 'service')!.dealership_slug;
  await submitEveryWay(page, {
    id: 'service-form-lead',
    submit: 'Book Service',
    required: [...CONTACT_REQUIRED, 'Comments is required'],
    fill: async (p) => {
      await p.locator('#service-form-lead-message').fill('Logbook service at 60,000 km');
      await p.getByTestId('service-form-lead').getByLabel('Tyres').check();
      await p.locator('#service-form-lead-Rego').fill('ABC123');
      await p.locator('#service-form-lead-preferred_date_time').fill('2026-12-03T08:30');
      await p.locator('#service-form-lead-postcode').fill('2150');
    },
    kept: { field: 'message', value: 'Logbook service at 60,000 km' },
    category: 'Service Booking',
    payload: { dealership_slug: serviceDealer, additional_services: ['Tyres'], Rego: 'ABC123', postcode: '2150', message: 'Logbook service at 60,000 km' },
    success: 'inline',
  });
});

test('parts enquiry: Comments required, sent to the parts department', async ({ page }) => {
  await page.goto(url('/vehicle-parts-and-accessories'));
  const partsDealer = readModel(TENANT).tenant.locations.find((l) => l.location_type === 'parts')!.dealership_slug;
  await submitEveryWay(page, {
    id: 'parts-form-lead',
    submit: 'Send Enquiry',
    required: [...CONTACT_REQUIRED, 'Comments is required'],
    fill: async (p) => p.locator('#parts-form-lead-message').fill('Roof racks for a 2022 Ranger'),
    kept: { field: 'message', value: 'Roof racks for a 2022 Ranger' },
    category: 'Parts Enquiry',
    payload: { dealership_slug: partsDealer, message: 'Roof racks for a 2022 Ranger' },
    success: 'inline',
  });
});

test('finance enquiry: the query parameters, a money input with quick picks, postcode required', async ({ page }) => {
  const car = carsForSale().find((v) => v.car_type === 'used' && v.vin)!;
  const q = new URLSearchParams({
    preferredDealership: 'southern-ford',
    vehiclePriceBudget: String(car.price),
    car_id: car.id,
    car_type: 'used',
    vin: car.vin!,
  });
  await page.goto(url(`/finance-enquiry?${q.toString()}`));
  const form = await hydrated(page, 'finance-form-lead');
  const budget = page.locator('#finance-form-lead-vehiclePriceBudget');
  await expect(budget).toHaveValue(car.price!.toLocaleString('en-AU'));
  await form.getByRole('button', { name: '$30,000' }).click();
  await expect(budget).toHaveValue('30,000');
  await expect(form.getByRole('button', { name: '$5,000', exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: '$70,000' })).toBeVisible();
  await submitEveryWay(page, {
    id: 'finance-form-lead',
    submit: 'Send Finance Enquiry',
    required: [...CONTACT_REQUIRED, 'Dealership is required', 'Invalid postcode. Please enter a 4-digit number.'],
    fill: async (p) => {
      await budget.fill('52000');
      await expect(budget).toHaveValue('52,000');
      await p.locator('#finance-form-lead-postcode').fill('3175');
      await expect(p.locator('#finance-form-lead-postcode')).toHaveAttribute('maxlength', '4');
    },
    kept: { field: 'vehiclePriceBudget', value: '52,000' },
    category: 'Finance Enquiry',
    payload: {
      car_id: car.id,
      vehicle: { car_type: 'used' },
      postcode: '3175',
      extra: { vehiclePriceBudget: '52000', preferredDealership: 'southern-ford', vin: car.vin },
    },
    success: 'inline',
  });
});

test('finance application page (/apply-for-finance)', async ({ page }) => {
  await page.goto(url('/apply-for-finance'));
  await submitEveryWay(page, {
    id: 'finance-form-lead',
    submit: 'Send Finance Enquiry',
    required: [...CONTACT_REQUIRED, 'Dealership is required', 'Invalid postcode. Please enter a 4-digit number.'],
    fill: async (p) => {
      await p.getByTestId('finance-form-lead').getByRole('button', { name: '$40,000' }).click();
      await p.locator('#finance-form-lead-postcode').fill('4000');
    },
    kept: { field: 'postcode', value: '4000' },
    category: 'Finance Enquiry',
    payload: { postcode: '4000', extra: { vehiclePriceBudget: '40000' } },
    success: 'inline',
  });
});

test('contact a location (/contact-us/{slug}): that dealership, no place select, an Enquiry type', async ({ page }) => {
  const loc = readModel(TENANT).tenant.locations.find((l) => l.location_type === 'sales' || l.location_type === '')!;
  await page.goto(url('/locations'));
  const href = await page.locator('a[href^="/contact-us/"]').first().getAttribute('href');
  await page.goto(url(href!));
  const stored = await submitEveryWay(page, {
    id: 'contact-form-lead',
    submit: 'Send Enquiry',
    required: [...CONTACT_REQUIRED, 'Comments is required', 'Enquiry type is required'],
    fill: async (p) => {
      await p.locator('#contact-form-lead-message').fill('When are you open on Sunday?');
      await p.locator('#contact-form-lead-category').selectOption('General Enquiry');
    },
    kept: { field: 'message', value: 'When are you open on Sunday?' },
    category: 'General Enquiry',
    payload: { message: 'When are you open on Sunday?' },
    success: 'inline',
  });
  expect(stored.payload['dealership_slug']).toEqual(expect.any(String));
  expect(readModel(TENANT).tenant.locations.some((l) => l.dealership_slug === stored.payload['dealership_slug'])).toBe(true);
  expect(loc).toBeTruthy();
});

test('reserve online after signing in: the deposit label, the local payment adapter records the reservation', async ({ page }) => {
  const car = carsForSale().find((v) => existsSync(join(E2E_DIST, TENANT, 'cars', v.slug, 'buy-online', 'index.html')))!;
  await signIn(page, '0412 555 333');
  await page.goto(url(`/cars/${car.slug}/buy-online`));
  await expect(page.getByText('Reserve for $500')).toBeVisible();
  // The deposit shown is the one the server records (src/lib/forms/reserve.ts reserveTerms, for both).
  await expect(page.getByTestId('reserve-deposit')).toHaveText(`Deposit: $${reserveTerms(car, readModel(TENANT).tenant.reserve).deposit}`);
  const stored = await submitEveryWay(page, {
    id: 'reserve-form',
    submit: 'Reserve This Car',
    required: [...CONTACT_REQUIRED, 'Invalid postcode. Please enter a 4-digit number.'],
    fill: async (p) => p.locator('#reserve-form-postcode').fill('2000'),
    kept: { field: 'postcode', value: '2000' },
    category: 'reservation',
    payload: { car_id: car.id, reservation: { deposit: 500, status: 'awaiting-dealer' } },
    success: 'inline',
  });
  expect(stored.car_id).toBe(car.id);

  // /checkout-journey?car_id={slug}: the same reservation, open to everyone; the stored details pre-fill it.
  await page.goto(url(`/checkout-journey?car_id=${car.slug}`));
  await expect(page.locator('[data-journey-car]')).toHaveText(`Reserving: ${vehicleFullName(car)}`);
  await expect(page.locator('[data-journey-car] a')).toHaveAttribute('href', car.path);
  const form = await hydrated(page, 'reserve-form');
  await expect(page.locator('#reserve-form-email')).toHaveValue('ann@example.com');
  await expect(page.locator('#reserve-form-postcode')).toHaveValue('2000');
  await form.getByLabel(/I agree to the/).check();
  const before = (await leads()).length;
  await form.getByRole('button', { name: 'Reserve This Car' }).click();
  await expect(page.getByTestId('reserve-form-success')).toBeVisible();
  const again = (await leads()).slice(before);
  expect(again.map((l) => [l.category, l.car_id])).toEqual([['reservation', car.id]]);
});

test('online payment (always gated) and spin to win', async ({ page }) => {
  await signIn(page, '0412 555 444');
  await page.goto(url('/online-payment'));
  await submitEveryWay(page, {
    id: 'payment-form',
    submit: 'Continue',
    required: CONTACT_REQUIRED,
    fill: async (p) => {
      await p.locator('#payment-form-amount').fill('1500');
      await p.locator('#payment-form-message').fill('Invoice 4471');
    },
    kept: { field: 'amount', value: '1,500' },
    category: 'Online Payment',
    payload: { message: 'Invoice 4471', extra: { amount: '1500' } },
    success: 'inline',
  });
});

test('spin to win entry', async ({ page }) => {
  await page.goto(url('/spin-to-win'));
  await submitEveryWay(page, {
    id: 'spin-form',
    submit: 'Enter',
    required: CONTACT_REQUIRED,
    fill: async () => {},
    kept: { field: 'last_name', value: 'Lee' },
    category: 'Spin to Win',
    payload: {},
    success: 'inline',
  });
});

test('gated routes send a signed-out visitor to /sign-in with type and redirect', async ({ page }) => {
  // The gate redirects in the page (location.replace during load): poll the URL, as waiting for that
  // navigation's load can see it aborted by the redirect that follows (net::ERR_ABORTED on a busy machine).
  await page.goto(url('/online-payment'));
  await expect(page).toHaveURL(/\/sign-in\?/);
  const q = new URL(page.url()).searchParams;
  expect(q.get('type')).toBe('online-payment');
  expect(q.get('redirect')).toMatch(/^\/online-payment\/?$/);
  await page.goto(url('/my-garage'));
  await expect(page).toHaveURL(/\/sign-in\?type=my-garage/);
  // The tenant-named garage page (tenant gating.garage_path, e.g. /mymotorama) where the build has one.
  const garage = readModel(TENANT).tenant.gating.garage_path;
  expect(garage).toBe('/mysouthern');
  await page.goto(url(garage!));
  await expect(page).toHaveURL(/\/sign-in\?type=my-garage/);
  expect(new URL(page.url()).searchParams.get('redirect')).toMatch(new RegExp(`^${garage}/?$`));
  // This tenant gates checkout and finance (tenant gating); a checkout path without a car slug is open.
  const car = carsForSale().find((v) => existsSync(join(E2E_DIST, TENANT, 'cars', v.slug, 'buy-online', 'index.html')))!;
  await page.goto(url(car.path));
  await page.getByRole('link', { name: 'Reserve for $500' }).first().click();
  await expect(page).toHaveURL(/\/sign-in\?/);
  const cq = new URL(page.url()).searchParams;
  expect([cq.get('type'), cq.get('redirect'), cq.get('back')]).toEqual(['checkout', `/cars/${car.slug}/buy-online`, car.path]);
  await page.goto(url('/finance'));
  await expect(page).toHaveURL(/\/sign-in\?type=finance&redirect=%2Ffinance/);
  await page.goto(url(`/personalised/finance?car_id=${car.id}`));
  await expect(page).toHaveURL(/\/sign-in\?type=car-finance/);
  await page.goto(url('/buy-online'));
  await expect(page.getByTestId('reserve-form')).toBeVisible();
  // The trade-in valuation of a car is gated by default (the spec's route list; tenant gating.trade_in).
  await page.goto(url(`/cars/trade-in?car_id=${car.id}`));
  await expect(page).toHaveURL(/\/sign-in\?type=trade-in/);
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

test('a hostile back or redirect on /sign-in lands on this site: the Cancel link and the redirect after signing in (issue 27)', async ({ page }) => {
  const here = new URL(server.url).host;
  const q = new URLSearchParams({ type: 'watchlist', redirect: '/x/..//evil.example/after', back: '/%2e//evil.example/cancel' });
  await page.goto(url(`/sign-in?${q.toString()}`));
  const cancel = page.getByRole('link', { name: 'Cancel' });
  await expect(cancel).toBeVisible();
  expect(new URL((await cancel.getAttribute('href'))!, page.url()).host).toBe(here);
  await cancel.click();
  await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
  expect(new URL(page.url()).host).toBe(here);

  await page.goto(url(`/sign-in?${q.toString()}`));
  await page.getByLabel('Mobile number').fill('0412 555 777');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByLabel(/6-digit code/)).toBeVisible();
  const sms = (await server.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE tenant = $1 ORDER BY created_at DESC LIMIT 1', [TENANT])).rows[0]!;
  await page.getByLabel(/6-digit code/).fill(/\b(\d{6})\b/.exec(sms.body)![1]!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
  expect(new URL(page.url()).host).toBe(here);
  expect(new URL(page.url()).pathname).toBe('/');
});

test('the garage pages (/my-garage and the tenant-named /mysouthern) list saved cars with their live status', async ({ page }) => {
  const car = carsForSale()[3]!;
  await signIn(page, '0412 555 666');
  await page.goto(url(car.path));
  await page.locator('[data-save-car]').click();
  await expect(page.getByTestId('toast')).toContainText('Car Saved In Watchlist');
  for (const garage of ['/mysouthern', '/my-garage']) {
    await page.goto(url(garage));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Garage');
    const item = page.getByTestId('watchlist').locator('li', { hasText: car.make });
    await expect(item).toHaveCount(1);
    await expect(item.locator('[data-status]')).toHaveText('Available');
    await expect(item.locator('[data-price]')).toHaveText(`${priceDisplay(car, readModel(TENANT).tenant.texts.no_price).text} · `);
    await expect(item.getByRole('link').first()).toHaveAttribute('href', car.path);
  }
});

test('watchlist save failure rolls back with an alert', async ({ page }) => {
  const car = carsForSale()[2]!;
  // Sign in through the API (same origin, so the session cookie lands in this context).
  await page.goto(url('/'));
  await page.evaluate(async () =>
    fetch('/api/auth/code', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: '0412 555 222' }) }),
  );
  const sms = (await server.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE tenant = $1 ORDER BY created_at DESC LIMIT 1', [TENANT])).rows[0]!;
  const code = /\b(\d{6})\b/.exec(sms.body)![1]!;
  await page.evaluate(
    async (c) =>
      fetch('/api/auth/verify', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: '0412 555 222', code: c }) }),
    code,
  );
  await page.goto(url(car.path));
  await page.route('**/api/watchlist/save-car', (r) =>
    r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Watchlist is unavailable"}' }),
  );
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

test('each vehicle page visited is remembered locally, newest first, without repeats (the viewed-car record)', async ({ page }) => {
  const [a, b] = carsForSale();
  if (!a || !b) throw new Error('the demo has fewer than two cars for sale');
  for (const car of [a, b, a]) {
    await page.goto(url(car.path));
    await expect.poll(async () => page.evaluate(() => (JSON.parse(localStorage.getItem('dealer:viewed') ?? '[]') as { id: string }[])[0]?.id)).toBe(car.id);
  }
  const viewed = await page.evaluate(() => JSON.parse(localStorage.getItem('dealer:viewed') ?? '[]') as Record<string, string>[]);
  expect(viewed.map((v) => v.id)).toEqual([a.id, b.id]);
  expect(Object.keys(viewed[0] ?? {}).sort()).toEqual(['body', 'id', 'make', 'model', 'simple_body', 'stocknum']);
  expect(viewed[0]?.make).toBe(a.make);
});

test('the leads command lists what the browser sent (run once the server has let go of the database)', async () => {
  const categories = [...new Set((await leads()).map((l) => l.category))].sort();
  await server.close();
  closed = true;
  const env = { ...process.env };
  delete env['DATABASE_URL'];
  const out = execFileSync(process.execPath, ['scripts/leads.ts', 'list', '--tenant', TENANT, '--data', dataDir, '--json'], {
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const listed = JSON.parse(out) as { payload: { category: string; name: string } }[];
  expect([...new Set(listed.map((l) => l.payload.category))].sort()).toEqual(categories);
  for (const c of [
    'General Enquiry',
    'Vehicle Enquiry',
    'Find Me Something Similar',
    'Test Drive',
    'Photo Request',
    'Service Booking',
    'Parts Enquiry',
    'Finance Enquiry',
    'Trade-in',
    'reservation',
    'Online Payment',
    'Spin to Win',
  ])
    expect(categories).toContain(c);
  expect(listed.every((l) => l.payload.name)).toBe(true);
});
