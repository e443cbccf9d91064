import { accountCalls } from './accounts.js';
import { auditCalls } from './audit.js';
import { bankCalls } from './bank.js';
import { branchCalls } from './branches.js';
import { classroomCalls } from './classroom.js';
import { awardCalls, jobCalls } from './economy.js';
import type { Route } from './route.js';
import { scheduleCalls } from './schedules.js';
import { goalCalls, requestCalls } from './participation.js';
import { sessionCalls } from './sessions.js';
import { statementCalls } from './statements.js';
import { storeCalls } from './store.js';
import { auctionCalls } from './auctions.js';
import { notificationCalls } from './notifications.js';
import { teacherCalls } from './teacher.js';
import { ticketCalls } from './tickets.js';
import { transactionCalls } from './transactions.js';
import { userCalls } from './users.js';

/**
 * Every API call, by area: the server registers exactly these (routes/*.ts), the web calls them
 * (lib/api-client.ts), the OpenAPI document and the access and fuzz tests are built from them.
 */
export const contract = {
  sessions: sessionCalls,
  bank: bankCalls,
  users: userCalls,
  branches: branchCalls,
  accounts: accountCalls,
  tickets: ticketCalls,
  transactions: transactionCalls,
  statements: statementCalls,
  audit: auditCalls,
  classroom: classroomCalls,
  schedules: scheduleCalls,
  requests: requestCalls,
  goals: goalCalls,
  teacher: teacherCalls,
  store: storeCalls,
  auctions: auctionCalls,
  jobs: jobCalls,
  awards: awardCalls,
  notifications: notificationCalls,
};

/** The whole table, one entry per method and path. */
export const routeTable: readonly Route[] = Object.values(contract).flatMap((area) =>
  Object.values<Route>(area),
);
