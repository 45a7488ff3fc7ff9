/**
 * Brands and the counts of stock (issue 26), on the three demo tenants at phone and desktop widths:
 * every brand tile has a logo (a Simple Icons mark, CC0-1.0; a dealer image; or, for a make the set
 * lacks, its wordmark, never letters in a circle); the franchises of the tenant config apart from the
 * other makes in stock; the search's make filter one list, each make once; and every count of
 * "vehicles in stock" the same number (src/lib/rules/stock.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { brandMarkOf } from '../../src/lib/content/brand-marks.ts';
import { manufacturerFor } from '../../src/lib/rules/manufacturers.ts';
import { stockCount } from '../../src/lib/rules/stock.ts';
import { formatNumber } from '../../src/lib/rules/format.ts';
import { baseUrl, readModel, snap, watchBrokenRequests, type DemoTenant } from './helpers.ts';

const TENANTS: DemoTenant[] = ['demo-coastal-toyota', 'demo-southern-motor-group', 'demo-redline-used-cars'];

/** The number at the start of a text ("1,318 vehicles in stock now"). */
const numberIn = (text: string) => Number(/([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? 'NaN');

async function resultTotal(page: Page): Promise<number> {
  const text = await page.getByTestId('result-count').innerText();
  return numberIn(/of ([\d,]+)/.exec(text)?.[1] ?? text);
}

for (const tenant of TENANTS) {
  const model = readModel(tenant);
  const { tenant: config } = model;
  const franchises = new Set(
    [...(config.manufacturer ? [config.manufacturer] : []), ...config.locations.filter((l) => l.visible).flatMap((l) => l.manufacturers)].map(
      (m) => manufacturerFor(m).slug,
    ),
  );
  const total = stockCount(model.vehicles);

  test.describe(`${tenant} brands and stock counts`, () => {
    test.describe.configure({ timeout: 60_000 });
    test('every brand tile has a logo: a mark, a dealer image or a wordmark, never letters in a circle', async ({ page }, info) => {
      const broken = watchBrokenRequests(page);
      await page.goto(`${baseUrl(tenant)}/brands`);
      const tiles = page.locator('.brand-tile');
      expect(await tiles.count()).toBeGreaterThan(0);
      await expect(page.locator('.brand-mono')).toHaveCount(0);
      // Read every tile at once (a page of 30 tiles, one round trip).
      const shown = await tiles.evaluateAll((els) =>
        els.map((el) => {
          const logo = el.querySelector('.brand-logo');
          const box = logo?.getBoundingClientRect();
          const svg = logo?.querySelector('svg')?.getBoundingClientRect();
          const img = logo?.querySelector('img');
          return {
            name: el.querySelector('.brand-name')?.textContent?.trim() ?? '',
            slug: el.querySelector('a')?.getAttribute('href')?.split('/')[1] ?? '',
            section: el.closest('[data-brands]')?.getAttribute('data-brands') ?? '',
            kind: el.getAttribute('data-mark'),
            room: !!box && box.width >= 40 && box.height >= 40,
            path: logo?.querySelector('svg path')?.getAttribute('d')?.length ?? 0,
            svgSize: svg ? Math.min(svg.width, svg.height) : 0,
            image: img ? img.complete && img.naturalWidth > 0 : false,
            word: logo?.querySelector('.brand-word')?.textContent?.trim() ?? '',
          };
        }),
      );
      for (const t of shown) {
        expect(t.room, `${t.name}: its logo has room`).toBe(true);
        if (t.kind === 'mark') {
          expect(t.path, `${t.name}: a drawn mark`).toBeGreaterThan(20);
          expect(t.svgSize, `${t.name}: the mark is drawn at size`).toBeGreaterThanOrEqual(40);
        } else if (t.kind === 'image') {
          expect(t.image, `${t.name}: its image loaded`).toBe(true);
        } else {
          expect(t.kind, t.name).toBe('wordmark');
          // The make's name set as its mark (a dealership of the group: the make it sells).
          expect(t.word.length, t.name).toBeGreaterThan(1);
        }
        // A make the set has is drawn with its mark, franchise or not.
        if (t.section !== 'group' && brandMarkOf(t.slug)) expect(t.kind, t.slug).toBe('mark');
      }
      await snap(page, info, `${tenant}-brands`);
      expect(broken).toEqual([]);
    });

    test('the franchises (tenant config) are apart from the other makes in stock, and each tile counts its make’s stock', async ({ page }) => {
      await page.goto(`${baseUrl(tenant)}/brands`);
      const slugsIn = async (section: string) =>
        (await page.locator(`[data-brands="${section}"] .brand-tile a`).evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))).map(
          (h) => h.split('/')[1] ?? '',
        );
      const shownFranchises = new Set(await slugsIn('franchise'));
      const used = await slugsIn('used');
      expect([...shownFranchises].sort()).toEqual([...franchises].sort());
      for (const slug of used) expect(franchises.has(slug), slug).toBe(false);
      expect(new Set(used).size).toBe(used.length);
      // Every make in stock has a tile.
      const stocked = new Set(
        model.vehicles
          .filter((v) => v.listed && v.make && ['car', 'motorcycle', 'truck'].includes(v.item_type ?? 'car'))
          .map((v) => manufacturerFor(v.make).slug),
      );
      for (const slug of stocked) expect(shownFranchises.has(slug) || used.includes(slug), slug).toBe(true);
      // A tile's number is its make's stock, the number its overview page says.
      const first = page
        .locator('[data-brands] .brand-tile')
        .filter({ hasText: /in stock/ })
        .first();
      const slug = (await first.locator('a').getAttribute('href'))?.split('/')[1] ?? '';
      const n = numberIn(await first.locator('.brand-note').innerText());
      expect(n).toBe(
        stockCount(
          model.vehicles.filter((v) => v.make && manufacturerFor(v.make).slug === slug && ['car', 'motorcycle', 'truck'].includes(v.item_type ?? 'car')),
        ),
      );
      await first.locator('a').click();
      await expect(page.locator('.page-head p').first()).toContainText(`${formatNumber(n)} `);
    });

    test('one count of vehicles in stock: home, Our Stock and the search say the same number', async ({ page }) => {
      await page.goto(`${baseUrl(tenant)}/`);
      expect(numberIn(await page.locator('.quick-count').innerText())).toBe(total);
      await page.goto(`${baseUrl(tenant)}/cars/`);
      expect(numberIn(await page.locator('.page-head p').first().innerText())).toBe(total);
      await page.goto(`${baseUrl(tenant)}/search/new-used-and-demo-cars`);
      expect(await resultTotal(page)).toBe(total);
    });

    test('the make filter is one list: each make once, the popular makes first', async ({ page }) => {
      await page.goto(`${baseUrl(tenant)}/search/new-used-and-demo-cars`);
      // The island hydrates on first interaction; on a loaded machine it can take longer than the default 5 s.
      const box = page.locator('.search-page .search-field input');
      if (test.info().project.use.hasTouch) await box.tap();
      else await box.hover();
      await expect(page.locator('.search-page[data-ready]')).toHaveCount(1, { timeout: 20_000 });
      const toggle = page.getByRole('button', { name: 'Filters' });
      if (await toggle.isVisible()) {
        await toggle.click();
        await expect(page.locator('#search-filters')).toHaveClass(/is-open/);
      }
      const facet = page.locator('fieldset.facet-make');
      await expect(facet.getByRole('list', { name: 'All makes' })).toBeVisible();
      await expect(facet.locator('[aria-label="Popular makes"]')).toHaveCount(0);
      const showAll = facet.getByRole('button', { name: 'Show all makes' });
      if (await showAll.isVisible()) {
        await showAll.click();
        await expect(facet.getByRole('button', { name: 'Hide extra makes' })).toBeVisible();
      }
      const labels = (await facet.locator('.facet-makes > li > .facet-make-row .facet-label').allInnerTexts()).map((t) => t.trim());
      expect(labels.length).toBeGreaterThan(0);
      expect(new Set(labels).size, labels.join(', ')).toBe(labels.length);
      const popular = config.search.popular_makes.filter((m) => labels.some((l) => l.toLowerCase() === m.toLowerCase()));
      expect(labels.slice(0, popular.length).map((l) => l.toLowerCase())).toEqual(popular.map((m) => m.toLowerCase()));
    });
  });
}
