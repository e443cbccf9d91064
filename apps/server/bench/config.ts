import { loadConfig, type Config } from '../src/config.js';

/**
 * The server's configuration for a benchmark run: the production defaults read from `env`
 * (so a new setting never needs a second copy here), with no background jobs and no web app.
 */
export function testConfigFor(env: NodeJS.ProcessEnv): Config {
  return {
    ...loadConfig(env),
    port: 0,
    dataDir: env.DATA_DIR ?? '',
    demoData: false,
    sessionTtlSeconds: 3600,
    // Transfers stay pending during the load, as they would during a school day.
    postingDelaySeconds: 86_400,
    webDistDir: undefined,
    publicUrl: undefined,
    runJobs: false,
  };
}
