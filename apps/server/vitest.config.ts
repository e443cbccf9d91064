import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated database for the run; each file opens a copy of it (see test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // The files of a worker share its modules and its one embedded database (test/harness.ts):
    // each file still starts from an empty database, without loading the app and PGlite again.
    isolate: false,
    setupFiles: ['test/setup-file.ts'],
    // Concurrency tests and tests that run the server as a process are long.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
