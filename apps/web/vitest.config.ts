import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // The files of a worker share one module graph (React, Mantine, the router, MSW load once per
    // worker, not once per file: about half of this project's time). What a test leaves behind is
    // reset after each test in setup.ts: the DOM, storage, auth store, MSW handlers and spies.
    isolate: false,
    // Whole-app renders (router, Mantine, MSW) take a moment on the first test of a file.
    testTimeout: 20_000,
  },
});
