// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

// Schemas reaching the browser take `z` from src/contract/zod.ts, which turns off zod's eval probe
// before any schema exists (the content policy forbids eval: docs/decisions/0094).
const ZOD_FROM_CONTRACT = {
  paths: [
    {
      name: 'zod',
      importNames: ['z'],
      message: 'Import { z } from src/contract/zod.ts (jitless in the browser, for the CSP).',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.netlify/',
      '.astro/',
      '.data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/.out/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        window: 'readonly',
        document: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Code that can reach the browser (islands, their pure helpers, the contract, lib) never imports
    // server code: `*.server.ts` holds database access and secrets.
    files: ['src/**/*.tsx', 'src/**/*.ts', 'src/**/*.astro'],
    ignores: ['src/**/*.server.ts', 'src/server/**', 'src/contract/**', 'src/**/*.test.ts', 'src/pages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...ZOD_FROM_CONTRACT,
          patterns: [
            {
              regex: '\\.server(\\.ts)?$',
              message: 'Server code (*.server.ts) must not be imported by code that can reach the browser.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract is isomorphic and feature-free: features depend on it, not the other way round.
    files: ['src/contract/**/*.ts'],
    ignores: ['src/contract/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...ZOD_FROM_CONTRACT,
          patterns: [
            { regex: '(^|/)features/', message: 'src/contract must not import from src/features.' },
            { regex: '\\.server(\\.ts)?$', message: 'src/contract reaches the browser: no server code.' },
          ],
        },
      ],
    },
  },
  {
    // The platform layer (db, http, auth, crypto, email, settings) does not depend on features.
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)features/', message: 'src/server must not import from src/features.' }] },
      ],
    },
  },
  {
    // The browser's shared code (API client, data hook, session, UI kit) serves every feature and
    // depends on none; it can reach the browser, so no server code either.
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/ui/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...ZOD_FROM_CONTRACT,
          patterns: [
            {
              regex: '(^|/)features/',
              message: 'src/lib and src/components are shared by every feature: no import from src/features.',
            },
            {
              regex: '\\.server(\\.ts)?$',
              message: 'Server code (*.server.ts) must not be imported by code that can reach the browser.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read a list's item or an optional field they have just asserted is there (`!`); their
    // answers are typed by their routes (`callRoute`), so `any` is refused here as elsewhere.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
