/**
 * The class economy (API.md "The class economy"): class jobs and the wages a schedule pays from
 * them, and awards, a teacher's bonus and fine buttons, each given as a payday (ledger/paydays).
 */
export { createJob, listJobs, updateJob, deleteJob, jobsOfUser } from './manage-jobs.js';
export { jobBoardOf } from './job-board.js';
export { wagesOf } from './wages.js';
export { createAward, listAwards, updateAward, deleteAward } from './manage-awards.js';
export { giveAward, giveAwardOnce } from './give-award.js';
