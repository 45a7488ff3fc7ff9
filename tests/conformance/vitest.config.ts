import { defineConfig } from 'vitest/config';

// The search conformance suite (embedded engine vs a real Meilisearch); see search.conformance.test.ts.
export default defineConfig({
  test: {
    include: ['tests/conformance/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
