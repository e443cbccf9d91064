import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Listen } from '../db/listen.js';
import type { LedgerClock } from '../domain/ledger/clock.js';

/** What every route plugin is given: the database, the validated configuration and the clock. */
export interface RouteDeps {
  db: Database;
  config: Config;
  /** The one source of the time for every request (domain code is handed what it reads). */
  clock: Clock;
  /** LISTEN on the database, for the notification streams; without it a stream hears nothing. */
  listen?: Listen | undefined;
}

/** The ledger's clock of one request: its moment, and how long what it writes stays pending. */
export const ledgerClockOf =
  ({ clock, config }: Pick<RouteDeps, 'clock' | 'config'>) =>
  (): LedgerClock => ({ now: clock.now(), postingDelaySeconds: config.postingDelaySeconds });
