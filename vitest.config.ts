import { defineConfig } from 'vitest/config';
import { REAL_SERVER_SUITES } from './tests/real-server-suites.ts';

// Test runs hash passwords at scrypt N = 2^12 instead of 2^17 (server/kernel/passwords.ts): the suites sign in
// over a thousand times. Set here, before the template database's demo accounts are hashed, and inherited by every
// worker and every server process a suite starts.
process.env.TEST_PASSWORD_LOG_N ??= '12';

/**
 * Two projects: unit tests (`*.test.ts`, nothing external) and integration tests (`*.int.test.ts`, a real
 * PostgreSQL: embedded by default, or the server named by DATABASE_URL).
 */
export default defineConfig({
  test: {
    // Two cores: at most two test files at once (each integration suite has its own database).
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'tests/**/*.test.ts', 'electron/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'renderer',
          include: ['renderer/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/**/*.int.test.ts', 'tests/**/*.int.test.ts', 'electron/**/*.int.test.ts'],
          globalSetup: ['tests/support/global-database.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // CI's second pass against the machine's PostgreSQL: `vitest run --project real-server`.
        test: {
          name: 'real-server',
          include: [...REAL_SERVER_SUITES],
          globalSetup: ['tests/support/global-database.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/*.spec.ts'],
          globalSetup: ['tests/support/global-database.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
