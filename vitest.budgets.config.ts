import { defineConfig } from 'vitest/config';

// The browser budgets of every built demo tenant (tests/build/budgets.test.ts), run alone by
// scripts/test.ts after the other build-output tests so that nothing else loads the machine while
// Lighthouse measures.
export default defineConfig({
  test: { include: ['tests/build/budgets.test.ts'], environment: 'node', testTimeout: 60_000, fileParallelism: false },
});
