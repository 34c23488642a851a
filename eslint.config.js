import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.next/',
      '.data/',
      'drizzle/',
      'next-env.d.ts',
      'bench/results/',
      'lib/surfaces/client/dist/',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-globals': [
        'error',
        { name: 'parseFloat', message: 'Money never passes through floats: use lib/money.' },
      ],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // The end-to-end browser tests and the benchmarks read loosely typed JSON bodies; the integration
    // suite and its support call operations by their contracts (tests/support/caller.ts) and use none.
    files: ['tests/e2e/**/*.ts', 'tests/chaos/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
