// Each area on its own, so that a screen's bundle takes only the areas it calls.
export * from './route.js';
export { accountCalls } from './accounts.js';
export { auditCalls } from './audit.js';
export { bankCalls } from './bank.js';
export { branchCalls } from './branches.js';
export { classroomCalls } from './classroom.js';
export { awardCalls, jobCalls } from './economy.js';
export { scheduleCalls } from './schedules.js';
export { goalCalls, requestCalls } from './participation.js';
export { sessionCalls } from './sessions.js';
export { storeCalls } from './store.js';
export { statementCalls } from './statements.js';
export { teacherCalls } from './teacher.js';
export { ticketCalls } from './tickets.js';
export { transactionCalls } from './transactions.js';
export { userCalls } from './users.js';
export { contract, routeTable } from './table.js';
export { routeDocs, type RouteDoc } from './route-docs.js';
