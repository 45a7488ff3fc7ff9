/**
 * The built site's security headers (issue 16, item 5): `npm run serve` sends the CSP the build wrote
 * to `_headers`, enforced, and every page type runs under it without a single violation; an injected
 * inline script is refused, which shows the policy really is enforced.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DIST } from '../../playwright.config.ts';
import { baseUrl, readModel, type DemoTenant } from './helpers.ts';

/** Records CSP violations from the page and the console. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)), ...console];
}

/** Interaction, so islands that wait for it (client:interaction, client:visible) load and run too. */
async function exercise(page: Page): Promise<void> {
  await page.mouse.move(200, 200);
  await page.keyboard.press('Tab');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(400);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
}

function pagesOf(tenant: DemoTenant): { name: string; path: string }[] {
  const model = readModel(tenant);
  const car = model.vehicles.find((v) => v.path);
  const location = model.tenant.locations[0];
  return [
    { name: 'home', path: '/' },
    { name: 'search', path: '/search/new-used-and-demo-cars' },
    { name: 'cars', path: '/cars/' },
    { name: 'vehicle', path: car ? car.path : '/' },
    { name: 'form', path: '/contact/' },
    { name: 'finance form', path: '/apply-for-finance/' },
    { name: 'location', path: location ? `/locations/${location.slug}/` : '/locations/' },
    { name: 'locations', path: '/locations/' },
  ];
}

for (const tenant of ['demo-coastal-toyota', 'demo-southern-motor-group', 'demo-redline-used-cars'] as const) {
  test.describe(`${tenant} under its Content-Security-Policy`, () => {
    test.skip(!existsSync(join(E2E_DIST, tenant)), `${tenant} is not built into ${E2E_DIST}`);

    test('every page type loads and runs with no CSP violation', async ({ page }) => {
      test.setTimeout(90_000);
      const violations = await watchCsp(page);
      for (const { name, path } of pagesOf(tenant)) {
        const res = await page.goto(`${baseUrl(tenant)}${path}`);
        expect(res?.status(), `${name} ${path}`).toBe(200);
        const headers = res!.headers();
        expect(headers['content-security-policy'], `${name} sends the CSP`).toContain("frame-ancestors 'none'");
        expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
        expect(headers['x-content-type-options']).toBe('nosniff');
        expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(headers['permissions-policy']).toContain('camera=()');
        expect(headers['strict-transport-security']).toContain('max-age=');
        await exercise(page);
        expect(await violations(), `${name} ${path}`).toEqual([]);
      }
    });

    test('the policy is enforced: an injected inline script does not run', async ({ page }) => {
      const violations = await watchCsp(page);
      await page.goto(`${baseUrl(tenant)}/`);
      const ran = await page.evaluate(() => {
        const w = window as unknown as { injected?: boolean };
        const s = document.createElement('script');
        s.textContent = 'window.injected = true';
        document.head.appendChild(s);
        return w.injected === true;
      });
      expect(ran).toBe(false);
      await expect.poll(async () => (await violations()).some((v) => v.includes('script-src'))).toBe(true);
    });
  });
}

test('the tag manager and pixel hosts are in the CSP only for the tenant that configures them', () => {
  const read = (tenant: string) => {
    const file = join(E2E_DIST, tenant, '_headers');
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  test.skip(!existsSync(join(E2E_DIST, 'demo-coastal-toyota')) || !existsSync(join(E2E_DIST, 'demo-redline-used-cars')), 'needs both demo tenants built');
  const coastal = read('demo-coastal-toyota');
  const redline = read('demo-redline-used-cars');
  expect(coastal).toContain('Content-Security-Policy:');
  expect(coastal).not.toContain('googletagmanager.com');
  expect(coastal).not.toContain('connect.facebook.net');
  expect(redline).toContain('https://www.googletagmanager.com');
  expect(redline).toContain('https://connect.facebook.net');
});

test('the functions answer with the same security headers', async ({ request }) => {
  const res = await request.get(`${baseUrl('demo-coastal-toyota')}/api/auth/session`);
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  expect(res.headers()['strict-transport-security']).toContain('max-age=');
});
