import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'functions/**/*.test.ts'],
    environment: 'node',
    // The tests serve photos from 127.0.0.1; the build refuses loopback and private addresses otherwise (scripts/lib/images/fetch.ts).
    env: { DEALER_PHOTO_FETCH_PRIVATE: 'allow' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
