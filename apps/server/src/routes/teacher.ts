import { messages, teacherCalls as calls } from '@bank/shared';
import { listStudentsGoals } from '../domain/goals/index.js';
import { reverseBatch } from '../domain/ledger/reversals/index.js';
import { reissuePasswords, setBanker } from '../domain/users/class-students.js';
import { actorOf } from '../plugins/auth.js';
import { ledgerClockOf } from './deps.js';
import { registerRoute, type RoutePlugin } from './register.js';
import { reverseTransactionRoute } from './transactions.js';

/**
 * API.md "Teachers without dead ends": what a teacher does for the Students of their own class
 * (the domain decides who may: domain/bank/class-rights.ts), and the goals of a page of Students.
 */
export const teacherRoutes: RoutePlugin = async (app, { db, config, clock: serverClock }) => {
  const clock = ledgerClockOf({ clock: serverClock, config });

  registerRoute(app, calls.reverseTransaction, reverseTransactionRoute(db, clock));

  registerRoute(app, calls.reversePayday, async (request, reply) => {
    const result = await reverseBatch(db, clock(), actorOf(request), request.params.batchId, request.body);
    return reply.code(201).send(result);
  });

  registerRoute(app, calls.resetPassword, async (request, reply) => {
    const [slip] = await reissuePasswords(db, actorOf(request), [request.params.username]);
    // The answer carries a password: no cache may keep it.
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(messages.temporaryPassword(slip!.temporaryPassword));
  });

  registerRoute(app, calls.setBanker, (request) =>
    setBanker(db, actorOf(request), request.params.username, request.body.banker),
  );

  registerRoute(app, calls.slips, async (request, reply) => {
    const slips = await reissuePasswords(db, actorOf(request), request.body.usernames);
    // The answer carries passwords: no cache may keep it.
    return reply.code(201).header('cache-control', 'no-store').send({ slips });
  });

  registerRoute(app, calls.studentGoals, (request) =>
    listStudentsGoals(db, actorOf(request), request.params.bankId, request.query.usernames, new Date()),
  );
};
