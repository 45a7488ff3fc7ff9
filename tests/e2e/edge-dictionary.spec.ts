/**
 * Chromium through the Cloudflare Worker (edge/cloudflare/worker.ts, issue 29): Miniflare runs it in
 * workerd on 127.0.0.1, its R2 bucket holding a demo tenant's car pages, their .dcz files, the
 * dictionary and the scripts. After a first car page Chromium fetches /_dict/cars.dict (the page's
 * <link rel="compression-dictionary">), keeps it, and the next car pages arrive with
 * `Content-Encoding: dcz` and are the same pages (title, price). tests/e2e/dictionary.spec.ts is the
 * same check against the local server (functions/static.ts); tests/build/edge-worker.test.ts checks
 * the Worker's answers header by header.
 *
 * One project (desktop): the dictionary does not depend on the viewport. workerd failing to start:
 * skipped with a `missing:` line, except with CI=true, where it fails.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { siteFiles, startEdge, type LocalEdge } from '../../edge/cloudflare/local.ts';
import { E2E_DIST } from '../../playwright.config.ts';
import { readModel, type DemoTenant } from './helpers.ts';

const TENANT: DemoTenant = 'demo-southern-motor-group';
const site = join(E2E_DIST, TENANT);

test.describe('through the edge Worker', () => {
  // Starting workerd and filling its bucket (about 100 files) takes seconds on a loaded 2-core machine.
  test.describe.configure({ timeout: 90_000 });
  test.skip(({ isMobile }) => isMobile, 'the dictionary does not depend on the viewport');
  test.skip(!existsSync(join(site, '_dict', 'cars.dict')), `${site}: build the demo tenants first`);

  let edge: LocalEdge | undefined;
  const m = existsSync(join(E2E_DIST, '_build', TENANT, 'model.json')) ? readModel(TENANT) : undefined;
  const cars = (m?.vehicles ?? []).filter((c) => m?.views[c.id]?.available && existsSync(join(site, 'cars', c.slug, 'index.html.dcz'))).slice(0, 3);

  test.beforeAll(async () => {
    const rels = [
      '_dict/cars.dict',
      ...readdirSync(join(site, '_astro')).map((f) => `_astro/${f}`),
      ...cars.flatMap((c) => [`cars/${c.slug}/index.html`, `cars/${c.slug}/index.html.dcz`]),
    ];
    try {
      edge = await startEdge({ files: siteFiles(site, rels) });
    } catch (err) {
      if (process.env['CI']) throw err;
      console.log(`missing: workerd (Miniflare) did not start (${(err as Error).message.split('\n')[0]}): tests/e2e/edge-dictionary.spec.ts skipped`);
    }
  });
  test.afterAll(async () => {
    await edge?.close();
  });

  test('Chromium gets car pages as dcz from the Worker once it holds the dictionary, and they are the same pages', async ({ page }) => {
    test.skip(!edge, 'workerd did not start');
    expect(cars.length).toBe(3);
    const origin = edge!.url.origin;
    const [first, ...next] = cars;
    // The first car page comes whole; the browser then fetches the dictionary when the page is idle.
    const dictionary = page.waitForResponse((r) => r.url().endsWith('/_dict/cars.dict') && r.status() === 200);
    const whole = await page.goto(`${origin}${first!.path}`);
    expect(whole?.headers()['content-encoding']).not.toBe('dcz');
    const dict = await dictionary;
    expect(dict.headers()['use-as-dictionary']).toBe('match="/cars/*", match-dest=("document")');
    for (const car of next) {
      // The browser stores the dictionary after its response: the next page may still come whole.
      await expect
        .poll(
          async () => {
            const res = await page.goto(`${origin}${car.path}`);
            return res?.headers()['content-encoding'];
          },
          { timeout: 10_000 },
        )
        .toBe('dcz');
      await expect(page).toHaveTitle(new RegExp(m!.views[car.id]!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expect(page.getByRole('complementary', { name: 'Price and actions' })).toContainText(m!.views[car.id]!.price.text);
    }
  });
});
