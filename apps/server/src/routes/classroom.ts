import { classroomCalls as calls, limits, type ParsedBatchBody } from '@bank/shared';
import { parseIdempotencyKey } from '../domain/ledger/index.js';
import { getBatch, listBatches, previewBatch, runBatchOnce } from '../domain/ledger/paydays/index.js';
import { reverseBatch } from '../domain/ledger/reversals/index.js';
import { checkRoster, importRoster } from '../domain/users/import-roster.js';
import { listStudents } from '../domain/users/list-students.js';
import { actorOf } from '../plugins/auth.js';
import { ledgerClockOf } from './deps.js';
import { sendPage } from './page.js';
import { registerRoute, type RoutePlugin } from './register.js';

/** The payday as the domain takes it (amounts already in cents). */
const batchInput = (body: ParsedBatchBody) => ({
  kind: body.kind,
  memo: body.memo,
  items: body.items.map((item) => ({ accountId: item.accountId, amountCents: item.amount })),
});

/** The classroom tools of API.md "Classroom tools": class payday, the students roster, roster import. */
export const classroomRoutes: RoutePlugin = async (app, { db, config, clock }) => {
  const ledgerClock = ledgerClockOf({ clock, config });
  // The roster import's body is the CSV itself, larger than a JSON body may be (API.md Errors).
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: limits.importBodyLimitBytes },
    (_request, body, done) => done(null, body),
  );

  registerRoute(app, calls.payday, async (request, reply) => {
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    const result = await runBatchOnce(db, ledgerClock(), actorOf(request), batchInput(request.body), key);
    return reply.code(result.status as 201).send(result.body);
  });

  registerRoute(app, calls.previewPayday, (request) =>
    previewBatch(db, actorOf(request), batchInput(request.body)),
  );

  registerRoute(app, calls.reversePayday, async (request, reply) => {
    const result = await reverseBatch(
      db,
      ledgerClock(),
      actorOf(request),
      request.params.batchId,
      request.body,
    );
    return reply.code(201).send(result);
  });

  registerRoute(app, calls.paydays, (request) => listBatches(db, actorOf(request), request.params.bankId));

  registerRoute(app, calls.paydayDetail, (request) =>
    getBatch(db, actorOf(request), request.params.bankId, request.params.batchId),
  );

  registerRoute(app, calls.students, async (request, reply) =>
    sendPage(reply, await listStudents(db, actorOf(request), request.params.bankId, request.query)),
  );

  registerRoute(
    app,
    calls.importRoster,
    async (request, reply) => {
      const options = { createBranches: request.query.createBranches };
      if (request.query.dryRun)
        return reply.send(await checkRoster(db, actorOf(request), request.body, options));
      const result = await importRoster(db, actorOf(request), request.body, options, clock.now());
      // The answer carries passwords: no cache may keep it.
      return reply.code(201).header('cache-control', 'no-store').send(result);
    },
    { bodyLimit: limits.importBodyLimitBytes },
  );
};
