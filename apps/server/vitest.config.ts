import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated database for the run; each file opens a copy of it (see test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // Concurrency tests and tests that run the server as a process are long.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
