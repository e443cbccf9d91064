import { endAuctions } from '../domain/auctions/index.js';
import type { Job } from './job.js';

/**
 * Ends the auctions whose time has come, charging each high bid and releasing its hold, every few
 * seconds and at start (an end missed while no server ran). Several processes share the work; each
 * auction ends once, and one that cannot is recorded and left alone (domain/auctions/end-auctions.ts).
 * A bid after the end is refused whether the job has run yet or not, so its timing never lets one in.
 */
export const auctionEndJob: Job = {
  name: 'auction-end',
  intervalMs: 5_000,
  async run(db, config, clock) {
    const { ended, failed } = await endAuctions(db, {
      now: clock.now(),
      postingDelaySeconds: config.postingDelaySeconds,
    });
    return ended + failed.length > 0 ? { ended, failed } : null;
  },
};
