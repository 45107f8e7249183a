import { availableParallelism } from 'node:os';
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

const jestConfig = createJestConfig({
  testEnvironment: 'node',
  // At least three workers, where Jest's default gives a 2-core machine one: much of a suite's
  // time is spent waiting on its local Firebase, so suites overlap well (docs/performance.md).
  maxWorkers: Math.max(3, availableParallelism() - 1),
  // A hang detector, not a measure: generous, since jsdom's role queries slow down a lot on a busy
  // machine. Tests on a local Firebase set their own.
  testTimeout: 20_000,
  setupFiles: ['<rootDir>/test/jest-env.js'],
  setupFilesAfterEnv: ['<rootDir>/test/jest-after-env.ts'],
  globalSetup: '<rootDir>/test/jest-global-setup.mjs',
  testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/.next/'],
  moduleNameMapper: {
    // `server-only` throws outside a react-server bundle; Jest runs plain Node.
    '^server-only$': '<rootDir>/test/server-only-stub.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
  transformIgnorePatterns: ['/node_modules/(?!(next-intl|use-intl)/)'],
});

// next/jest puts its own '/node_modules/…' pattern first, which ignores every package but a few of
// Next's, so the one above never applies. next-intl, use-intl and @formatjs ship ES modules only:
// component tests that render translated client components need them transformed.
export default async function config() {
  const resolved = await jestConfig();
  return {
    ...resolved,
    transformIgnorePatterns: [
      '/node_modules/(?!(next-intl|use-intl|@formatjs|intl-messageformat|next/dist/client|next/dist/shared/lib)/)',
      '^.+\\.module\\.(css|sass|scss)$',
    ],
  };
}
