import { QueueFull } from './batcher.js';

/**
 * Why the database cannot serve a request just now, when that is what went wrong:
 * - `UNAVAILABLE`: it cannot be reached (stopped, restarting, the network down) or it
 *   ended the connection (a restart, a failover, pg_terminate_backend);
 * - `BUSY`: it is there but could not do the work in time: a lock wait or a statement ran out of
 *   its timeout (db/timeouts.ts), no connection came free in time, or the transfer queue is full.
 * Either way the request may be sent again later (with its Idempotency-Key, a write happens once).
 */
export type Unavailability = 'UNAVAILABLE' | 'BUSY';

/** SQLSTATEs of a server that is going away or not there yet (class 08 is matched whole). */
const unavailableCodes = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
]);

const busyCodes = new Set([
  '55P03', // lock_not_available: lock_timeout
  '57014', // query_canceled: statement_timeout
]);

/** What Node says when no connection can be made or kept. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres gives a connection it lost no code, only these messages (pg/lib/client.js,
 * pg-pool/index.js); the pool's wait for a free connection is told apart by its own.
 */
const lostConnection = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];
const noConnectionFree = /^timeout exceeded when trying to connect$/;

function classify(error: unknown): Unavailability | null {
  if (error instanceof QueueFull) return 'BUSY';
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (busyCodes.has(code)) return 'BUSY';
    if (unavailableCodes.has(code) || code.startsWith('08') || networkCodes.has(code)) return 'UNAVAILABLE';
  }
  if (typeof message === 'string') {
    if (noConnectionFree.test(message)) return 'BUSY';
    if (lostConnection.some((pattern) => pattern.test(message))) return 'UNAVAILABLE';
  }
  return null;
}

/** The unavailability `error` reports, looking through the wrappers Drizzle puts around it. */
export function databaseUnavailability(error: unknown): Unavailability | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const found = classify(e);
    if (found) return found;
  }
  return null;
}
