/**
 * Issue 27 in Chromium: the hostile tenant of tests/build/hostile-tenant.ts (script-looking text in
 * every text field, an HTML logo, a symlinked content image, javascript: links in the export) served
 * by `npm run serve` under its enforced CSP: nothing of it runs, on any page, after interaction.
 * Each project builds the tenant into its own .cache/sec-build/e2e-<project> when that build is
 * missing, and serves it on its own port, so the projects running side by side never share either.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { HOSTILE_SLUG, writeTenant } from '../build/hostile-tenant.ts';
import { testTenant, type TestTenant } from '../build/spec-tenant.ts';

const PORTS: Record<string, number> = { phone: 4431, desktop: 4432 };
let base = '';
let t: TestTenant;
let server: ChildProcess | undefined;
let data: string | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const project = test.info().project.name;
  const port = (PORTS[project] ?? 4433) + Number(process.env['E2E_PORT_OFFSET'] ?? 0);
  base = `http://127.0.0.1:${port}`;
  t = testTenant(`sec-build/e2e-${project}`, HOSTILE_SLUG);
  if (!existsSync(join(t.site, 'index.html'))) {
    writeTenant(t, true);
    const r = spawnSync(process.execPath, ['scripts/build.ts', '--tenants', t.tenants, '--out', t.dist, '--only', t.slug, '--accept', t.slug], {
      env: { ...process.env, BUILD_NOW: '2026-11-22' },
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`the hostile tenant did not build:\n${r.stdout}${r.stderr}`);
  }
  data = mkdtempSync(join(tmpdir(), 'hostile-e2e-'));
  server = spawn(process.execPath, ['scripts/serve.ts', '--tenant', t.slug, '--port', String(port), '--dist', t.dist, '--tenants', t.tenants, '--data', data], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  for (let i = 0; i < 480 && server.exitCode === null; i++) {
    if (
      await fetch(`${base}/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the hostile tenant's server did not answer on ${base}:\n${stderr}`);
});

test.afterAll(() => {
  server?.kill();
  if (data) rmSync(data, { recursive: true, force: true });
});

const carPath = () => `/cars/${readdirSync(join(t.site, 'cars'), { withFileTypes: true }).find((d) => d.isDirectory() && /-9100\d$/.test(d.name))!.name}`;

for (const [name, path] of [
  ['home', () => '/'],
  ['a car page', carPath],
  ['the content page', () => '/about-us'],
  ['the stock list', () => '/cars/'],
  ['the locations', () => '/locations/'],
  ['a missing page', () => '/no-such-page'],
] as const) {
  test(`nothing of the hostile tenant runs on ${name}`, async ({ page }) => {
    const res = await page.goto(base + path());
    // The policy is enforced (not report-only) and allows no tenant text as script.
    const scriptSrc = (res?.headers()['content-security-policy'] ?? '').split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain("script-src 'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
    // The hostile text is on the page, as text.
    await expect(page.locator('body')).toContainText('window.__pwned=1');
    await page.mouse.move(200, 200);
    await page.keyboard.press('Tab');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(500);
    for (const link of await page.locator('a[href^="javascript:" i]').all()) expect(await link.getAttribute('href')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  });
}

test('the HTML logo and the file behind the symlink are not published', async ({ request }) => {
  for (const path of ['/brand/logo.png', '/brand/logo.html', '/_headers', '/%5Fheaders']) {
    const res = await request.get(base + path);
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).not.toContain('__pwned=7');
  }
});
