import { defineConfig } from '@playwright/test';

/** Debian's Chromium (no browser download here); override with CHROMIUM_PATH. */
const executablePath = process.env['CHROMIUM_PATH'] ?? '/usr/lib/chromium/chromium';
export const TENANT_PORTS = {
  'demo-coastal-toyota': 4411,
  'demo-southern-motor-group': 4412,
  'demo-redline-used-cars': 4413,
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
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 900 } } },
    { name: 'phone', use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
  webServer: Object.entries(TENANT_PORTS).map(([tenant, port]) => ({
    command: `node scripts/serve.ts --tenant ${tenant} --port ${port} --dist ${E2E_DIST}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env['CI'],
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  })),
});
