import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** Debian's Chromium (no browser download here); override with CHROMIUM_PATH. */
const executablePath = process.env['CHROMIUM_PATH'] ?? '/usr/lib/chromium/chromium';
/** E2E_PORT_OFFSET moves the ports when another engineer's servers hold 4411-4413. */
const OFFSET = Number(process.env['E2E_PORT_OFFSET'] ?? 0);
export const TENANT_PORTS = {
  'demo-coastal-toyota': 4411 + OFFSET,
  'demo-southern-motor-group': 4412 + OFFSET,
  'demo-redline-used-cars': 4413 + OFFSET,
} as const;

/** Which build the browser tests serve (default dist/); helpers testing their own build set E2E_DIST. */
export const E2E_DIST = process.env['E2E_DIST'] ?? 'dist';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  timeout: 30_000,
  retries: process.env['CI'] ? 1 : 0,
  workers: 2,
  use: {
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 900 } } },
    { name: 'phone', use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
  // Only tenants present in E2E_DIST (a helper may build one); E2E_DATA keeps the helper's PGlite apart.
  webServer: Object.entries(TENANT_PORTS)
    .filter(([tenant]) => existsSync(`${E2E_DIST}/${tenant}`))
    .map(([tenant, port]) => ({
      command: `node scripts/serve.ts --tenant ${tenant} --port ${port} --dist ${E2E_DIST}${process.env['E2E_DATA'] ? ` --data ${process.env['E2E_DATA']}/${tenant}` : ''}`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: !process.env['CI'],
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    })),
});
