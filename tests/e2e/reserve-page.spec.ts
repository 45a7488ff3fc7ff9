/**
 * The reserve page of a car (issue 26: "shows neither the car's photo nor its price"), on every demo
 * that sells online: the car's photo (loaded, named), its price and the deposit, each the car's view's
 * (the vehicle page's price, its Reserve button's deposit), on the first screen of a phone too. Served
 * with the functions (this worker's server) so a gated tenant's shopper can sign in first. And the
 * vehicle page's feature banner books service where the footer does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startNodeServer, type RunningServer } from '../../functions/node.ts';
import { E2E_DIST, TENANT_PORTS } from '../../playwright.config.ts';
import { formatDollars } from '../../src/lib/rules/format.ts';
import { serviceBookingLink } from '../../src/lib/rules/service-booking.ts';
import { gateFor } from '../../src/lib/forms/gating.ts';
import { baseUrl, readModel, snap, type DemoTenant } from './helpers.ts';

const TENANTS = Object.keys(TENANT_PORTS) as DemoTenant[];
// A server per tenant, a sign-in and a page with its photo: slow on a loaded machine.
test.describe.configure({ timeout: 90_000 });

/** The listed cars with a photo that the site reserves online, with their views. */
function reservable(tenant: DemoTenant) {
  const model = readModel(tenant);
  return model.vehicles
    .filter((v) => v.listed && v.photos.some((p) => p.ok))
    .map((car) => ({ car, view: model.views[car.id]! }))
    .filter(({ view }) => view.reserve !== undefined);
}

/** Signs this browser in with the code from the server's SMS outbox (same origin: the cookie lands there). */
async function signIn(page: Page, server: RunningServer, tenant: string, phone: string): Promise<void> {
  await page.goto(server.url);
  await page.evaluate(
    async (p) => fetch('/api/auth/code', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: p }) }),
    phone,
  );
  const sms = (await server.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE tenant = $1 ORDER BY created_at DESC LIMIT 1', [tenant])).rows[0]!;
  const code = /\b(\d{6})\b/.exec(sms.body)![1]!;
  const ok = await page.evaluate(
    async ([p, c]) =>
      (await fetch('/api/auth/verify', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: p, code: c }) })).ok,
    [phone, code] as const,
  );
  expect(ok).toBe(true);
}

test('at least one demo sells online (the reserve page is checked somewhere)', () => {
  expect(TENANTS.filter((t) => reservable(t).length > 0).length).toBeGreaterThan(0);
});

for (const tenant of TENANTS) {
  test.describe(tenant, () => {
    const cars = reservable(tenant);
    let server: RunningServer | undefined;
    let dataDir: string | undefined;
    test.beforeAll(async () => {
      if (cars.length === 0) return;
      test.setTimeout(120_000); // the server's database starts first
      dataDir = mkdtempSync(join(tmpdir(), 'reserve-e2e-'));
      server = await startNodeServer({ port: 0, dist: E2E_DIST, tenant, dataDir, outbox: { enabled: false }, rateLimitScale: 100, log: () => {} });
    });
    test.afterAll(async () => {
      await server?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    test('the reserve page shows the car’s photo, its price and the deposit', async ({ page }, info) => {
      test.skip(cars.length === 0, `${tenant} reserves no car online`);
      const { car, view } = cars.find(({ view }) => view.price.kind === 'price') ?? cars[0]!;
      const href = view.reserve!.href;
      const model = readModel(tenant);
      if (gateFor(href, '', model.tenant.gating)) await signIn(page, server!, tenant, '0412 555 777');
      await page.goto(`${server!.url.replace(/\/$/, '')}${href}`);

      const panel = page.getByTestId('reserve-car');
      await expect(panel).toBeVisible();
      const img = panel.locator('img');
      await expect(img).toHaveAttribute('alt', view.fullName);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      expect(await img.getAttribute('data-placeholder')).toBeNull();
      await expect(panel.getByRole('link', { name: view.fullName })).toHaveAttribute('href', car.path);
      // The vehicle page's price and its Reserve button's deposit: the one view of the car.
      await expect(page.getByTestId('reserve-price')).toContainText(view.price.text);
      if (view.priceNote) await expect(page.getByTestId('reserve-price')).toContainText(view.priceNote);
      await expect(page.getByTestId('reserve-deposit')).toHaveText(`Deposit: ${formatDollars(view.reserve!.deposit)}`);
      await expect(panel.getByText(view.reserve!.label)).toBeVisible();
      await expect(page.getByTestId('reserve-deposit')).toHaveCount(1);
      // The photo, price and deposit are on the first screen, the form below them.
      await expect(img).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId('reserve-deposit')).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId('reserve-form')).toBeVisible();
      await snap(page, info, `reserve-${tenant}`);
      await page.screenshot({ path: join('test-results', 'screenshots', `${info.project.name}-reserve-${tenant}-first-screen.png`) });
    });
  });

  test(`${tenant}: the vehicle page’s Book service online goes where the footer’s Book a Service does`, async ({ page }, info) => {
    test.skip(info.project.name !== 'desktop', 'one viewport is enough for a link');
    const model = readModel(tenant);
    const car = model.vehicles.find((v) => v.listed)!;
    await page.goto(`${baseUrl(tenant)}${car.path}`);
    const href = serviceBookingLink(model.tenant);
    await expect(page.locator('.vdp-banner').getByRole('link', { name: /Book service online/ })).toHaveAttribute('href', href);
    await expect(page.locator('footer').getByRole('link', { name: 'Book a Service' })).toHaveAttribute('href', href);
  });
}
