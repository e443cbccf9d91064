import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

/** What every route plugin is given: the database and the validated configuration. */
export interface RouteDeps {
  db: Database;
  config: Config;
}
