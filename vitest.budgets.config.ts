import { defineConfig } from 'vitest/config';

// The browser budgets of every built demo tenant (tests/build/budgets.test.ts), run alone by
// scripts/test.ts after the other build-output tests so that nothing else loads the machine while
// Lighthouse measures.
export default defineConfig({
  test: {
    include: ['tests/build/budgets.test.ts'],
    environment: 'node',
    // The tests serve photos from 127.0.0.1; the build refuses loopback and private addresses otherwise (scripts/lib/images/fetch.ts).
    env: { DEALER_PHOTO_FETCH_PRIVATE: 'allow' },
    testTimeout: 60_000,
    fileParallelism: false,
  },
});
