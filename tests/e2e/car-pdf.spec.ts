/**
 * The car PDF download on a built demo tenant (E2E_DIST) served with its functions: the vehicle
 * page's "Download PDF" shows "Preparing..." while the sheet is made, then the browser saves a PDF with
 * the car's title and price; a failure is an alert with the message (spec section 8).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatDollars } from '../../src/lib/rules/format.ts';
import { PDF_BUSY_TEXT } from '../../src/lib/rules/pdf-download.ts';
import type { VdpVehicle } from '../../src/lib/vdp/vehicle.ts';
import { hasPdftotext, pdfText, PDFTOTEXT_MISSING } from '../../functions/test/pdf-text.ts';
import { baseUrl, readModel, type DemoTenant } from './helpers.ts';

const COASTAL: DemoTenant = 'demo-coastal-toyota';
const model = readModel(COASTAL);
/** An available car with a price and a photo. */
const car = (model.vehicles as VdpVehicle[]).find((c) => c.listed && c.status === 'in_stock' && !c.sold && (c.price ?? 0) > 10 && c.photos[0]?.ok)!;

async function pdfButton(page: Page) {
  await page.goto(`${baseUrl(COASTAL)}${car.path}`);
  return page.getByRole('complementary', { name: 'Price and actions' }).getByRole('link', { name: 'Download PDF' });
}

test.describe('car PDF', () => {
  test('Download PDF shows Preparing... then downloads the car’s sheet', async ({ page }, info) => {
    expect(car, 'the demo tenant has an available car with a price and a photo').toBeTruthy();
    const button = await pdfButton(page);
    await expect(button).toHaveAttribute('href', `/api/cars/${car.slug}/pdf`);
    // Hold the answer a moment so the busy state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/cars/*/pdf', async (route) => {
      await held;
      await route.continue();
    });
    const download = page.waitForEvent('download');
    await button.click();
    const busy = page.getByRole('complementary', { name: 'Price and actions' }).getByRole('link', { name: PDF_BUSY_TEXT });
    await expect(busy).toBeVisible();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await page
      .getByRole('complementary', { name: 'Price and actions' })
      .screenshot({ path: join('test-results', 'screenshots', `${info.project.name}-vdp-pdf-preparing.png`) });
    release();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${car.slug}.pdf`);
    await expect(button).toHaveText('Download PDF');
    await expect(button).not.toHaveAttribute('aria-busy');
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (!hasPdftotext) {
      test.info().annotations.push({ type: 'skip', description: PDFTOTEXT_MISSING });
      return;
    }
    const text = pdfText(bytes);
    expect(text).toContain(`${car.year} ${car.make} ${car.model}`);
    expect(text).toContain(formatDollars(car.price!));
  });

  test('a failed download is an alert with the message', async ({ page }) => {
    const button = await pdfButton(page);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // The functions' own answer for a car they do not know.
    await button.evaluate((a: HTMLAnchorElement) => (a.href = '/api/cars/no-such-car/pdf'));
    await button.click();
    await expect.poll(() => dialogs).toEqual(['We could not find that car.']);
    await expect(button).toHaveText('Download PDF');
    // No answer at all (offline): the browser's message.
    await page.route('**/api/cars/*/pdf', (route) => route.abort('internetdisconnected'));
    await button.click();
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs[1]).toBe('Failed to fetch');
    await expect(button).toHaveText('Download PDF');
  });
});
