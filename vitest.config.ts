import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Every core, not vitest's default of one fewer: on a 2-core machine that default is one
    // worker, and much of a test file's time is waiting (a server process, the database, I/O), so
    // two files side by side finish the run sooner (docs/perf/test-speed.md).
    maxWorkers: '100%',
  },
});
