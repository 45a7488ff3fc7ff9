/**
 * The accessibility floor (docs/compliance.md): axe-core on a vehicle page, a search page and a form
 * page of each demo tenant finds no form control without a label and no image without alt text.
 * The build's compliance step checks that vehicle photos name the car; this checks whole pages as a
 * browser renders them, after the islands have hydrated.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { TENANT_PORTS } from '../../playwright.config.ts';
import { baseUrl, readModel, type DemoTenant } from './helpers.ts';

/** axe-core's rules for labels and alternative text. */
const RULES = ['label', 'select-name', 'image-alt', 'input-image-alt', 'role-img-alt', 'svg-img-alt', 'area-alt', 'object-alt'];

for (const tenant of Object.keys(TENANT_PORTS) as DemoTenant[]) {
  test.describe(`${tenant}: labels and alt text (axe-core)`, () => {
    test.beforeEach(() => test.skip(test.info().project.name !== 'desktop', 'one viewport is enough for labels and alt text'));
    const model = readModel(tenant);
    const car = model.vehicles.find((v) => v.photos.some((p) => p.ok)) ?? model.vehicles[0]!;
    const pages = [
      { kind: 'vehicle page', path: car.path },
      { kind: 'search page', path: '/search/used-cars' },
      { kind: 'form page', path: '/contact' },
    ];
    for (const p of pages) {
      test(`${p.kind} ${p.path}`, async ({ page }) => {
        await page.goto(`${baseUrl(tenant)}${p.path}`);
        await page.waitForLoadState('networkidle');
        // Bring every lazily hydrated island (forms are client:visible) into view once.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 30));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).withRules(RULES).analyze();
        const problems = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
        expect(problems, `${tenant} ${p.path}`).toEqual([]);
      });
    }
  });
}

test('the check finds what it is for: an unlabelled input and a photo without alt text', async ({ page }) => {
  test.skip(test.info().project.name !== 'desktop', 'one viewport is enough');
  const tenant = Object.keys(TENANT_PORTS)[0] as DemoTenant;
  await page.goto(`${baseUrl(tenant)}/contact`);
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.name = 'unlabelled';
    const img = document.createElement('img');
    img.src = '/favicon.svg';
    document.querySelector('main')?.append(input, img);
  });
  const results = await new AxeBuilder({ page }).withRules(RULES).analyze();
  expect(results.violations.map((v) => v.id).sort()).toEqual(['image-alt', 'label']);
});
