import { expireOrders } from '../domain/store/index.js';
import type { Job } from './job.js';

/**
 * Expires store orders that waited 14 days, releasing their holds and giving their stock back,
 * once a minute and at start. Several processes share the work; each order expires once, and one
 * that cannot is recorded and left alone (domain/store/expire-orders.ts).
 */
export const orderExpiryJob: Job = {
  name: 'order-expiry',
  intervalMs: 60_000,
  async run(db, _config, clock) {
    const { expired, failed } = await expireOrders(db, clock.now());
    return expired + failed.length > 0 ? { expired, failed } : null;
  },
};
