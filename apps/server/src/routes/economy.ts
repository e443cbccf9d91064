import { awardCalls, jobCalls } from '@bank/shared';
import {
  createAward,
  createJob,
  deleteAward,
  deleteJob,
  giveAwardOnce,
  jobBoardOf,
  jobsOfUser,
  listAwards,
  listJobs,
  updateAward,
  updateJob,
} from '../domain/economy/index.js';
import { parseIdempotencyKey } from '../domain/ledger/index.js';
import { actorOf } from '../plugins/auth.js';
import { ledgerClockOf } from './deps.js';
import { registerRoute, type RoutePlugin } from './register.js';

/** API.md "The class economy": class jobs and awards. */
export const economyRoutes: RoutePlugin = async (app, { db, config, clock }) => {
  const ledgerClock = ledgerClockOf({ clock, config });

  registerRoute(app, jobCalls.create, async (request, reply) =>
    reply.code(201).send(await createJob(db, actorOf(request), request.body)),
  );
  registerRoute(app, jobCalls.list, (request) => listJobs(db, actorOf(request), request.params.bankId));
  registerRoute(app, jobCalls.update, (request) =>
    updateJob(db, actorOf(request), request.params.jobId, request.body),
  );
  registerRoute(app, jobCalls.delete, async (request, reply) => {
    await deleteJob(db, actorOf(request), request.params.jobId);
    return reply.code(204).send(null);
  });
  registerRoute(app, jobCalls.ofUser, (request) => jobsOfUser(db, actorOf(request), request.params.username));
  registerRoute(app, jobCalls.board, (request) => jobBoardOf(db, actorOf(request), request.params.username));

  registerRoute(app, awardCalls.create, async (request, reply) =>
    reply.code(201).send(await createAward(db, actorOf(request), request.body)),
  );
  registerRoute(app, awardCalls.list, (request) => listAwards(db, actorOf(request), request.params.bankId));
  registerRoute(app, awardCalls.update, (request) =>
    updateAward(db, actorOf(request), request.params.awardId, request.body),
  );
  registerRoute(app, awardCalls.delete, async (request, reply) => {
    await deleteAward(db, actorOf(request), request.params.awardId);
    return reply.code(204).send(null);
  });
  registerRoute(app, awardCalls.give, async (request, reply) => {
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    const result = await giveAwardOnce(
      db,
      ledgerClock(),
      actorOf(request),
      request.params.awardId,
      request.body,
      key,
    );
    return reply.code(result.status as 201).send(result.body);
  });
};
