/**
 * The spec's analytics events (vehicle spec section 7) as the tag manager sees them: pushed to
 * window.dataLayer through the one module (src/lib/analytics), from a real server of the built demo.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startNodeServer, type RunningServer } from '../../functions/node.ts';
import { baseUrl, readModel } from './helpers.ts';

const TENANT = 'demo-southern-motor-group';
let server: RunningServer;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'analytics-e2e-'));
  server = await startNodeServer({
    port: 0,
    dist: process.env['E2E_DIST'] ?? 'dist',
    tenant: TENANT,
    dataDir,
    outbox: { enabled: false },
    rateLimitScale: 100,
    log: () => {},
  });
});
test.afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const url = (path: string) => `${server.url.replace(/\/$/, '')}${path}`;
const model = () => readModel(TENANT);
type Pushed = Record<string, unknown>;
const pushed = (page: Page) => page.evaluate(() => (window.dataLayer ?? []) as Record<string, unknown>[]);
const ids = async (page: Page) => (await pushed(page)).map((e: Pushed) => e['event_id']).filter((id) => id !== undefined);

function edge(name: string) {
  const m = model();
  const manifest = JSON.parse(readFileSync(join(m.tenant.dir, 'demo-manifest.json'), 'utf8')) as { edge_cases: Record<string, { id: number }> };
  const car = m.vehicles.find((c) => c.id === String(manifest.edge_cases[name]?.id));
  if (!car) throw new Error(`demo edge case ${name} is not in the build`);
  return car;
}

test('a used car page sends 4 and ViewContent; a new car page only ViewContent', async ({ page }) => {
  const used = model().vehicles.find((v) => v.listed && v.car_type === 'used' && v.status === 'in_stock')!;
  await page.goto(url(used.path));
  await expect.poll(() => ids(page)).toContain(4);
  const events = await pushed(page);
  expect(events.find((e) => e['event_id'] === 4)).toMatchObject({ car_id: used.id });
  expect(events.find((e) => e['event'] === 'ViewContent')).toMatchObject({ content_ids: [used.id], content_type: 'vehicle' });
  expect((await ids(page)).filter((id) => id === 4)).toHaveLength(1);

  const fresh = model().vehicles.find((v) => v.listed && v.car_type === 'new' && v.status === 'in_stock')!;
  await page.goto(url(fresh.path));
  await expect.poll(async () => (await pushed(page)).some((e) => e['event'] === 'ViewContent')).toBe(true);
  expect(await ids(page)).not.toContain(4);
});

test('a search page sends 49', async ({ page }) => {
  await page.goto(url('/search/used-cars'));
  await expect.poll(() => ids(page)).toContain(49);
  expect((await pushed(page)).find((e) => e['event_id'] === 49)).toMatchObject({ path: '/search/used-cars' });
});

test('finance calculator: the first change sends 26 and 9 once; history report 60; call 25; print 61', async ({ page }) => {
  const car = edge('history_report');
  await page.goto(url(car.path));
  const calc = page.locator('#finance-calculator');
  await calc.scrollIntoViewIfNeeded();
  await expect(calc.getByTestId('repayment')).toHaveText(/^\$\d/);
  await calc.getByLabel('Loan amount ($)').fill('30000');
  await calc.getByLabel('Loan amount ($)').fill('31000');
  await expect.poll(() => ids(page)).toContain(9);
  const sent = await ids(page);
  expect(sent.filter((id) => id === 26)).toHaveLength(1);
  expect(sent.filter((id) => id === 9)).toHaveLength(1);

  // Clicked without following the links (a PDF in a new tab, a tel: call).
  const history = page.locator('.vdp-side').getByRole('link', { name: 'History Report' });
  await history.evaluate((a) => {
    a.addEventListener('click', (e) => e.preventDefault());
    (a as HTMLAnchorElement).click();
  });
  await expect.poll(() => ids(page)).toContain(60);

  await page.locator('.vdp-side button[data-phone-reveal]').click();
  const tel = page.locator('.vdp-side a[data-phone="revealed"]');
  await tel.evaluate((a) => {
    a.addEventListener('click', (e) => e.preventDefault());
    (a as HTMLAnchorElement).click();
  });
  await expect.poll(() => ids(page)).toContain(25);

  await page.goto(url(`/print?car_id=${car.slug}`));
  await expect(page).toHaveURL(new RegExp(`/print/${car.slug}/?$`));
  await expect.poll(() => ids(page)).toContain(61);
});

test.describe("the tenant's tag manager and pixel (demo-redline-used-cars configures both)", () => {
  const REDLINE = 'demo-redline-used-cars';
  const TAG_HOSTS = /^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//;
  const queue = (page: Page) => page.evaluate(() => ((window.fbq as unknown as { queue?: ArrayLike<unknown>[] })?.queue ?? []).map((args) => Array.from(args)));

  test('queued from the first moment, loaded on the first interaction, ViewContent on a vehicle page', async ({ page }) => {
    const { gtm_id, pixel_id } = readModel(REDLINE).tenant.analytics;
    const requested: string[] = [];
    await page.route(TAG_HOSTS, (r) => {
      requested.push(r.request().url());
      return r.fulfill({ contentType: 'text/javascript', body: `window.__tags = (window.__tags || []).concat(${JSON.stringify(r.request().url())});` });
    });
    const car = readModel(REDLINE).vehicles.find((v) => v.listed && v.car_type === 'used' && v.status === 'in_stock')!;
    await page.goto(`${baseUrl(REDLINE)}${car.path}`);
    await expect.poll(async () => (await pushed(page)).some((e) => e['event'] === 'gtm.js')).toBe(true);
    const calls = await queue(page);
    expect(calls[0]).toEqual(['init', pixel_id]);
    expect(calls[1]).toEqual(['track', 'PageView']);
    expect(calls.find((c) => c[1] === 'ViewContent')?.[2]).toMatchObject({ content_ids: [car.id], content_type: 'vehicle', currency: 'AUD' });
    // Nothing third-party before the shopper does something.
    await page.waitForTimeout(300);
    expect(requested).toEqual([]);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __tags?: string[] }).__tags?.length ?? 0)).toBe(2);
    expect(requested.sort()).toEqual(['https://connect.facebook.net/en_US/fbevents.js', `https://www.googletagmanager.com/gtm.js?id=${gtm_id}`]);
  });

  test('a tag that cannot load only warns; the page and its events carry on', async ({ page }) => {
    await page.route(TAG_HOSTS, (r) => r.abort('internetdisconnected'));
    const warnings: string[] = [];
    const errors: string[] = [];
    page.on('console', (m) => (m.type() === 'warning' ? warnings : []).push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${baseUrl(REDLINE)}/search/used-cars`);
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await expect.poll(() => warnings.filter((w) => /did not load; analytics only/.test(w)).length).toBe(2);
    expect(errors).toEqual([]);
    await expect.poll(() => ids(page)).toContain(49);
  });
});
