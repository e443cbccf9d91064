import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs (say, CI and a developer) use one machine at once.
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** One data directory per port: a run deletes its own at start, never another run's. */
const DATA_DIR = `./.e2e-data-${PORT}`;
export const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * End-to-end tests against the real server and the built web app (`npm run test:e2e` builds it
 * first). The server starts on a fresh embedded database with the demo bank every run.
 */
export default defineConfig({
  testDir: './tests',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The data directory is removed here, once per run, by the process that starts the server.
    // The built server, as `npm start` runs it (`npm run test:e2e` builds it first).
    command: `rm -rf ${DATA_DIR} && node ../apps/server/dist/server.js`,
    url: `${baseURL}/api/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR,
      DEMO_DATA: '1',
      POSTING_DELAY_SECONDS: '86400',
      // Streams end every 2 s (and reopen after 1 s), so that a page with the bell's stream open
      // still reaches Playwright's 'networkidle' (no request for 500 ms), which the specs wait for.
      NOTIFICATION_STREAM_SECONDS: '2',
      LOG_LEVEL: 'warn',
    },
  },
});
