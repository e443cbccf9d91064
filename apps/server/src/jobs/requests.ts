import { expireRequests } from '../domain/requests/index.js';
import type { Job } from './job.js';

/**
 * Expires banker requests that waited 7 days and releases what they held, once a minute and at
 * start. Several processes share the work; each request expires once, and one that cannot is
 * recorded and left alone (domain/requests/expire-requests.ts).
 */
export const requestExpiryJob: Job = {
  name: 'request-expiry',
  intervalMs: 60_000,
  async run(db, _config, clock) {
    const { expired, failed } = await expireRequests(db, clock.now());
    return expired + failed.length > 0 ? { expired, failed } : null;
  },
};
