import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { defineConfig, globalIgnores } from 'eslint/config';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'node_modules/**',
    'next-env.d.ts',
    'messages/*.d.json.ts',
    '.local-firebase/**',
    'test-results/**',
    'playwright-report/**',
    'coverage/**',
    '.bench-bare-page/**',
  ]),
]);
