import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** Subscribes to a channel (LISTEN) and gives back how to stop; see domain/notifications/hub.ts. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

/** How long a lost listening connection waits before it opens again, at first and at most. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * LISTEN on PostgreSQL: a connection of its own, outside the pool (a listening connection is never
 * handed to a request). The server may end it at any time (a restart, a failover); it is then
 * opened again with back-off, for as long as the bank runs, and never ends the process. Notices
 * sent while it was down are not replayed: the web app asks for the list again when its stream
 * comes back (API.md: the stream is a hint, the list is the truth).
 */
export function postgresListen(databaseUrl: string): Listen {
  return async (channel, onPayload) => {
    let client: pg.Client | null = null;
    let stopped = false;
    let retryMs = RETRY_FIRST_MS;
    let timer: NodeJS.Timeout | undefined;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: databaseUrl });
      next.on('error', () => reopen(next));
      next.on('end', () => reopen(next));
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      client = next;
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      retryMs = RETRY_FIRST_MS;
    };
    const reopen = (lost: pg.Client) => {
      if (stopped || client !== lost) return;
      client = null;
      lost.end().catch(() => undefined);
      timer = setTimeout(() => {
        connect().catch(() => reopen(client ?? lost));
      }, retryMs);
      timer.unref();
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };

    await connect();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    };
  };
}

/** LISTEN on the embedded database: its one connection hears what this process commits. */
export function pgliteListen(db: PGlite): Listen {
  return async (channel, onPayload) => db.listen(channel, onPayload);
}
