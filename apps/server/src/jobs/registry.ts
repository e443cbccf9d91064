import type { Job } from './job.js';
import { postingJob } from './posting.js';
import { monthEndJob } from './month-end.js';
import { housekeepingJob } from './housekeeping.js';
import { requestExpiryJob } from './requests.js';
import { schedulesJob } from './schedules.js';
import { orderExpiryJob } from './store.js';
import { auctionEndJob } from './auctions.js';
import { backupJob } from './backup.js';

export type { Job };

/**
 * The jobs the server runs on its timer: posting and month-end (interest, statements) each under its
 * own advisory lock, the schedules (each occurrence once, by its unique key), housekeeping, and
 * the day's backup (BACKUP_KEEP, on by default with the embedded database).
 */
export const jobs: Job[] = [
  postingJob,
  monthEndJob,
  schedulesJob,
  requestExpiryJob,
  orderExpiryJob,
  auctionEndJob,
  housekeepingJob,
  backupJob,
];
