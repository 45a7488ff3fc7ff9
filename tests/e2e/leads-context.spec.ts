/**
 * Leads carry what the dealer needs (issue 26): the pages the shopper visited this session and the
 * query they landed with (utm_*, gclid), page_id, the car a trade-in was started from, and the
 * dealership of a phone reveal. Each demo runs the functions on its own database; the stored leads
 * are read back as the dealer's CRM would get them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startNodeServer, type RunningServer } from '../../functions/node.ts';
import { E2E_DIST } from '../../playwright.config.ts';
import { readModel } from './helpers.ts';

const DEMOS = ['demo-coastal-toyota', 'demo-redline-used-cars', 'demo-southern-motor-group'] as const;

interface Stored {
  category: string;
  car_id: string | null;
  payload: Record<string, unknown> & { lead_attributes: { visited_pages: string[]; linked_query_params: Record<string, string> }; page_id?: string };
}

/** Fills what the form asks for: contact details, a message, the first dealership and location, the terms. */
async function fillLeadForm(page: Page, id: string): Promise<void> {
  const form = page.getByTestId(id);
  await form.scrollIntoViewIfNeeded();
  await expect(form.locator('button[type=submit]')).toBeEnabled();
  const fill = async (name: string, value: string) => {
    const field = page.locator(`#${id}-${name}`);
    if ((await field.count()) > 0) await field.fill(value);
  };
  await fill('name', 'Ann');
  await fill('last_name', 'Lee');
  await fill('email', 'ann@example.com');
  await fill('phone', '0412 345 678');
  await fill('postcode', '2000');
  await fill('message', 'Is it still available?');
  await fill('Rego', 'ABC123');
  await fill('odometer', '20000');
  for (const name of ['dealership_slug', 'location_id', 'category']) {
    const select = page.locator(`#${id}-${name}`);
    if ((await select.count()) > 0 && (await select.locator('option').count()) > 1) await select.selectOption({ index: 1 });
  }
  const terms = form.getByLabel(/I agree to the/);
  if ((await terms.count()) > 0) await terms.check();
}

for (const tenant of DEMOS) {
  test.describe(`${tenant}: lead context`, () => {
    test.describe.configure({ mode: 'serial' });
    let server: RunningServer;
    let dataDir: string;
    test.beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'leads-context-e2e-'));
      server = await startNodeServer({ port: 0, dist: E2E_DIST, tenant, dataDir, outbox: { enabled: false }, rateLimitScale: 100, log: () => {} });
    });
    test.afterAll(async () => {
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const url = (path: string) => `${server.url.replace(/\/$/, '')}${path}`;
    const leads = async () =>
      (await server.db.query<Stored>('SELECT category, car_id, payload FROM leads WHERE tenant = $1 ORDER BY created_at', [tenant])).rows;

    test('a lead sent after visiting three pages carries them, the landing query (not the current page’s) and page_id', async ({ page }) => {
      const visited: string[] = [];
      for (const path of ['/?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=abc123', '/locations', '/brands', '/contact?utm_source=newsletter']) {
        await page.goto(url(path));
        visited.push(new URL(page.url()).pathname);
      }
      // A reload is the same page, not another visit.
      await page.reload();
      await fillLeadForm(page, 'contact-form-lead');
      const before = (await leads()).length;
      await page.getByTestId('contact-form-lead').locator('button[type=submit]').click();
      await expect(page.getByTestId('contact-form-lead-success')).toBeVisible();
      const stored = (await leads()).slice(before);
      expect(stored).toHaveLength(1);
      const p = stored[0]!.payload;
      expect(p.lead_attributes.visited_pages).toEqual(visited);
      expect(p.lead_attributes.visited_pages.length).toBeGreaterThanOrEqual(4);
      expect(p.lead_attributes.linked_query_params).toEqual({ utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring', gclid: 'abc123' });
      expect(p.page_id).toBe(visited.at(-1));
    });

    test('the phone reveal is stored with the car’s dealership', async ({ request }) => {
      const model = readModel(tenant);
      const car = model.vehicles.find((v) => v.listed && v.status === 'in_stock')!;
      const res = await request.post(url('/api/phone-reveal'), { data: { car_id: car.id } });
      expect(res.status()).toBe(201);
      const body = (await res.json()) as { dealership?: string };
      const { rows } = await server.db.query<{ dealership_id: string | null }>('SELECT dealership_id FROM phone_reveals WHERE tenant = $1 AND car_id = $2', [
        tenant,
        car.id,
      ]);
      const names = model.tenant.dealerships.filter((d) => d.id === rows[0]?.dealership_id).map((d) => d.name);
      expect(rows[0]?.dealership_id).toBeTruthy();
      expect(names).toEqual([body.dealership]);
    });

    if (tenant === 'demo-redline-used-cars') {
      test('a trade-in started from a car page carries the car id', async ({ page }) => {
        const car = readModel(tenant).vehicles.find((v) => v.listed && v.status === 'in_stock' && (v.price ?? 0) > 0 && !v.tag)!;
        await page.goto(url(car.path));
        const link = page.locator('a[href^="/cars/trade-in?car_id="]').first();
        await expect(link).toHaveAttribute('href', `/cars/trade-in?car_id=${encodeURIComponent(car.id)}`);
        await page.goto(url(`/cars/trade-in?car_id=${encodeURIComponent(car.id)}`));
        await fillLeadForm(page, 'trade-in-form');
        const before = (await leads()).length;
        await page.getByTestId('trade-in-form').getByRole('button', { name: 'Get My Valuation' }).click();
        await expect(page.getByTestId('trade-in-flow')).toBeVisible();
        const stored = (await leads()).slice(before);
        expect(stored[0]).toMatchObject({ category: 'Trade-in', car_id: car.id });
        expect(stored[0]!.payload.lead_attributes.visited_pages).toEqual([new URL(url(car.path)).pathname, '/cars/trade-in']);
      });
    }
  });
}
