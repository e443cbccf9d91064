import type { Config } from '../src/config.js';

/** The server's configuration for a benchmark run: production defaults, no background jobs. */
export function testConfigFor(env: NodeJS.ProcessEnv): Config {
  return {
    host: '127.0.0.1',
    port: 0,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR ?? '',
    demoData: false,
    sessionTtlSeconds: 3600,
    // Transfers stay pending during the load, as they would during a school day.
    postingDelaySeconds: 86_400,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDistDir: undefined,
    runJobs: false,
  };
}
