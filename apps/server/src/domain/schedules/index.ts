/** Schedules (API.md "The school year"): paydays and bills that run themselves, exactly once each. */
export { createSchedule } from './create-schedule.js';
export { updateSchedule, deleteSchedule } from './update-schedule.js';
export { listSchedules, listRuns, previewSchedule } from './list-schedules.js';
export { previewTerms } from './preview-terms.js';
export { runDueSchedules, runNow, type DueRun } from './run-due.js';
export { rescheduleBank } from './reschedule.js';
