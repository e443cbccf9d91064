import { goalCalls, requestCalls } from '@bank/shared';
import { createGoal, deleteGoal, listGoals, updateGoal } from '../domain/goals/index.js';
import { parseIdempotencyKey } from '../domain/ledger/index.js';
import {
  approveRequest,
  cancelRequest,
  createRequest,
  listClassmates,
  listRequestsOf,
  listRequestsOfBank,
  previewRequest,
  rejectRequest,
} from '../domain/requests/index.js';
import { actorOf } from '../plugins/auth.js';
import { ledgerClockOf } from './deps.js';
import { sendPage } from './page.js';
import { registerRoute, type RoutePlugin } from './register.js';

const requestInput = (body: {
  kind: 'deposit' | 'withdrawal';
  accountId: string;
  amount: number;
  memo?: string | null | undefined;
}) => ({
  kind: body.kind,
  accountId: body.accountId,
  amountCents: body.amount,
  memo: body.memo,
});

/** API.md "Students who take part": a class banker's requests and the teacher's decisions. */
export const requestRoutes: RoutePlugin = async (app, { db, config, clock }) => {
  const ledgerClock = ledgerClockOf({ clock, config });
  registerRoute(app, requestCalls.create, async (request, reply) => {
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    const result = await createRequest(db, ledgerClock(), actorOf(request), requestInput(request.body), key);
    return reply.code(201).send(result.body);
  });

  registerRoute(app, requestCalls.preview, (request) =>
    previewRequest(db, actorOf(request), requestInput(request.body), clock.now()),
  );

  registerRoute(app, requestCalls.classmates, (request) =>
    listClassmates(db, actorOf(request), request.params.username, request.query.q),
  );

  registerRoute(app, requestCalls.ofBanker, async (request, reply) =>
    sendPage(reply, await listRequestsOf(db, actorOf(request), request.params.username, request.query)),
  );

  registerRoute(app, requestCalls.cancel, (request) =>
    cancelRequest(db, actorOf(request), request.params.requestId, clock.now()),
  );

  registerRoute(app, requestCalls.ofBank, async (request, reply) => {
    const { status, ...page } = request.query;
    return sendPage(
      reply,
      await listRequestsOfBank(db, actorOf(request), request.params.bankId, status, page),
    );
  });

  registerRoute(app, requestCalls.approve, (request) =>
    approveRequest(db, ledgerClock(), actorOf(request), request.params.requestId),
  );

  registerRoute(app, requestCalls.reject, (request) =>
    rejectRequest(db, actorOf(request), request.params.requestId, request.body.reason, clock.now()),
  );
};

/** API.md "Students who take part": savings goals. */
export const goalRoutes: RoutePlugin = async (app, { db, clock }) => {
  registerRoute(app, goalCalls.create, async (request, reply) => {
    const { accountId, name, amount, targetDate } = request.body;
    const goal = await createGoal(
      db,
      actorOf(request),
      { accountId, name, amountCents: amount, targetDate },
      clock.now(),
    );
    return reply.code(201).send(goal);
  });

  registerRoute(app, goalCalls.ofUser, (request) =>
    listGoals(db, actorOf(request), request.params.username, clock.now()),
  );

  registerRoute(app, goalCalls.update, (request) => {
    const { name, amount, targetDate, position } = request.body;
    return updateGoal(
      db,
      actorOf(request),
      request.params.goalId,
      { name, amountCents: amount, targetDate, position },
      clock.now(),
    );
  });

  registerRoute(app, goalCalls.delete, async (request, reply) => {
    await deleteGoal(db, actorOf(request), request.params.goalId);
    return reply.code(204).send(null);
  });
};
