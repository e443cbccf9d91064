import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file opens its own database (PGlite initdb takes seconds); concurrency tests are long.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
