// ESLint for the TypeScript and TSX sources (`.astro` files are checked by `astro check`).
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.cache/**',
      '.data/**',
      'tenants/**',
      'test-results/**',
      'playwright-report/**',
      'node_modules/**',
      '.astro/**',
      '**/*.astro',
      '**/*.mjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_`-prefixed names are deliberately unused (ignored arguments, destructured leftovers).
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A `let` read by a closure before its one assignment (a server's late-built registry) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  // Tests read stored JSON payloads loosely.
  { files: ['**/*.test.ts', 'tests/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
