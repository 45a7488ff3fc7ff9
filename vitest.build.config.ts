import { defineConfig } from 'vitest/config';

// Tests of the built sites; scripts/test.ts runs them after building the demo and fixture tenants.
// The budgets (Lighthouse scores, bytes) run on their own afterwards (vitest.budgets.config.ts): these
// tests build tenants in parallel, and a Lighthouse run beside them measures the machine's load.
export default defineConfig({
  test: {
    include: ['tests/build/**/*.test.ts'],
    exclude: ['tests/build/budgets.test.ts'],
    environment: 'node',
    // The tests serve photos from 127.0.0.1; the build refuses loopback and private addresses otherwise (scripts/lib/images/fetch.ts).
    env: { DEALER_PHOTO_FETCH_PRIVATE: 'allow' },
    testTimeout: 60_000,
  },
});
