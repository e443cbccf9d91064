import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './accounts.js';
import { auditRoutes } from './audit.js';
import { bankRoutes } from './bank.js';
import { branchRoutes } from './branches.js';
import { classroomRoutes } from './classroom.js';
import type { RouteDeps } from './deps.js';
import { economyRoutes } from './economy.js';
import { goalRoutes, requestRoutes } from './participation.js';
import { scheduleRoutes } from './schedules.js';
import { sessionRoutes } from './sessions.js';
import { statementRoutes } from './statements.js';
import { storeRoutes } from './store.js';
import { auctionRoutes } from './auctions.js';
import { notificationRoutes } from './notifications.js';
import { teacherRoutes } from './teacher.js';
import { ticketRoutes } from './tickets.js';
import { moneyRoutes, transactionRoutes } from './transactions.js';
import { userRoutes } from './users.js';

/** Every API route, mounted under /api. */
export const apiRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, clock, listen }) => {
  // Only the dependencies travel on: the options object also carries this plugin's own prefix.
  const deps: RouteDeps = { db, config, clock, listen };
  await app.register(sessionRoutes, deps);
  await app.register(bankRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(branchRoutes, deps);
  await app.register(accountRoutes, deps);
  await app.register(ticketRoutes, deps);
  await app.register(moneyRoutes, deps);
  await app.register(transactionRoutes, deps);
  await app.register(statementRoutes, deps);
  await app.register(auditRoutes, deps);
  await app.register(classroomRoutes, deps);
  await app.register(scheduleRoutes, deps);
  await app.register(requestRoutes, deps);
  await app.register(goalRoutes, deps);
  await app.register(teacherRoutes, deps);
  await app.register(storeRoutes, deps);
  await app.register(auctionRoutes, deps);
  await app.register(economyRoutes, deps);
  await app.register(notificationRoutes, deps);
};
