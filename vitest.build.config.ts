import { defineConfig } from 'vitest/config';

// Tests of the built sites; scripts/test.ts runs them after building the demo and fixture tenants.
export default defineConfig({
  test: { include: ['tests/build/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
});
