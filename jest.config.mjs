import { availableParallelism } from 'node:os';
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

const jestConfig = createJestConfig({
  testEnvironment: 'node',
  // Jest's default (one worker less than the cores) runs the suites one by one on a 2-core
  // machine, where most of their time is spent waiting on a local Firebase starting or answering:
  // two workers took the run from 419 s to 257-262 s there, every test passing; three made it
  // slower and timed some calls out.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // A hang detector, not a measure: a component test that renders in under a second on a quiet
  // machine spends several seconds in jsdom's role queries on a busy one. Tests on a local
  // Firebase set their own.
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
