import { expireRequests } from '../domain/requests/index.js';
import type { Job } from './job.js';

/**
 * Expires banker requests that waited 7 days and releases what they held, once a minute and at
 * start. Several processes share the work; each request expires once (domain/requests/expire-requests.ts).
 */
export const requestExpiryJob: Job = {
  name: 'request-expiry',
  intervalMs: 60_000,
  async run(db, _config, clock) {
    const expired = await expireRequests(db, clock.now());
    return expired > 0 ? { expired } : null;
  },
};
