import { existsSync } from 'node:fs';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH as executablePath } from './scripts/lib/chromium.ts';

/** E2E_PORT_OFFSET moves the ports when another engineer's servers hold 4411-4413. */
const OFFSET = Number(process.env['E2E_PORT_OFFSET'] ?? 0);
export const TENANT_PORTS = {
  'demo-coastal-toyota': 4411 + OFFSET,
  'demo-southern-motor-group': 4412 + OFFSET,
  'demo-redline-used-cars': 4413 + OFFSET,
} as const;

/** Which build the browser tests serve (default dist/); helpers testing their own build set E2E_DIST. */
export const E2E_DIST = process.env['E2E_DIST'] ?? 'dist';

/** The real-world fixture tenant `npm test` builds (scripts/test.ts), served when it has been built. */
export const FIXTURE_DIST = process.env['E2E_FIXTURE_DIST'] ?? '.cache/e2e/dist';
export const FIXTURE_TENANTS = process.env['E2E_FIXTURE_TENANTS'] ?? '.cache/e2e/tenants';
export const FIXTURE_PORTS = { 'realworld-motors': 4414 + OFFSET } as const;

function server(
  tenant: string,
  port: number,
  dist: string,
  tenants: string | undefined,
): Exclude<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]> {
  const data = process.env['E2E_DATA'] ? ` --data ${process.env['E2E_DATA']}/${tenant}` : '';
  return {
    command: `node scripts/serve.ts --tenant ${tenant} --port ${port} --dist ${dist}${tenants ? ` --tenants ${tenants}` : ''}${data}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env['CI'],
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  timeout: 30_000,
  retries: process.env['CI'] ? 1 : 0,
  workers: 2,
  use: {
    launchOptions: {
      executablePath,
      args: CHROMIUM_ARGS,
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 900 } } },
    { name: 'phone', use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
  // Only tenants present in E2E_DIST (a helper may build one); E2E_DATA keeps the helper's PGlite apart.
  // The real-world fixture tenant too when built (FIXTURE_DIST); only the link crawler visits it.
  webServer: [
    ...Object.entries(TENANT_PORTS).map(([tenant, port]) => ({ tenant, port, dist: E2E_DIST, tenants: undefined })),
    ...Object.entries(FIXTURE_PORTS).map(([tenant, port]) => ({ tenant, port, dist: FIXTURE_DIST, tenants: FIXTURE_TENANTS })),
  ]
    .filter(({ tenant, dist }) => existsSync(`${dist}/${tenant}`))
    .map(({ tenant, port, dist, tenants }) => server(tenant, port, dist, tenants)),
});
