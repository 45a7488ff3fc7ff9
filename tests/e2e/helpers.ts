import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { SiteModel } from '../../src/lib/site/site-model.ts';
import type { BuildReport } from '../../scripts/lib/report.ts';
import { E2E_DIST, TENANT_PORTS } from '../../playwright.config.ts';

export type DemoTenant = keyof typeof TENANT_PORTS;

export function baseUrl(tenant: DemoTenant): string {
  return `http://127.0.0.1:${TENANT_PORTS[tenant]}`;
}

export function readModel(tenant: string, dist = E2E_DIST): SiteModel {
  return JSON.parse(readFileSync(join(dist, '_build', tenant, 'model.json'), 'utf8')) as SiteModel;
}

export function readReport(tenant: string, dist = E2E_DIST): BuildReport {
  return JSON.parse(readFileSync(join(dist, '_build', tenant, 'report.json'), 'utf8')) as BuildReport;
}

/** Fails the test on any same-origin request answered 4xx/5xx (a broken image, a missing script). */
export function watchBrokenRequests(page: Page): string[] {
  const broken: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400 && res.url().startsWith('http://127.0.0.1')) broken.push(`${res.status()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => {
    // Aborted is not broken: the browser cancels lazy images and carousel slides it no longer needs.
    if (req.url().startsWith('http://127.0.0.1') && !/ERR_ABORTED/.test(req.failure()?.errorText ?? ''))
      broken.push(`failed ${req.url()} (${req.failure()?.errorText})`);
  });
  return broken;
}

/** Every image that finished loading decoded to real pixels. */
export async function expectNoBrokenImages(page: Page): Promise<void> {
  const broken = await page.$$eval('img', (imgs) =>
    imgs.filter((img) => img.complete && img.naturalWidth === 0 && img.getAttribute('loading') !== 'lazy').map((img) => img.currentSrc || img.src),
  );
  expect(broken).toEqual([]);
}

/** Saves a full-page screenshot as an artefact named by viewport project and page. */
export async function snap(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: join('test-results', 'screenshots', `${info.project.name}-${name}.png`), fullPage: true });
}

/** Collects the page's errors and console errors (hydration mismatches included): a test expects none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/**
 * A search island hydrates on first interaction: touch (phones) or hover its search box, then wait
 * until it runs in the page (`root` is the island's element, which sets data-ready).
 */
export async function hydrateSearch(page: Page, root: string): Promise<void> {
  const box = page.locator(`${root} .search-field input`);
  if (test.info().project.use.hasTouch) await box.tap();
  else await box.hover();
  // The first interaction fetches the island's code and index (nothing is fetched on idle): on a loaded
  // test machine that, with the hydration, can take longer than expect's default 5 s.
  await expect(page.locator(`${root}[data-ready]`)).toHaveCount(1, { timeout: 15_000 });
}
