// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.netlify/', '.astro/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench/.out/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly', fetch: 'readonly', window: 'readonly', document: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Schemas shared with the browser take `z` from src/contract/zod.ts, which turns off zod's
    // eval probe before any schema exists (the CSP forbids eval: docs/decisions/0074).
    files: ['src/contract/**/*.ts', 'src/features/**/*.ts', 'src/features/**/*.tsx', 'src/lib/**/*.ts'],
    ignores: ['src/contract/zod.ts', '**/*.server.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', importNames: ['z'], message: "Import { z } from src/contract/zod.ts (jitless in the browser, for the CSP)." }] },
      ],
    },
  },
  {
    // Tests read loosely typed JSON bodies.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
