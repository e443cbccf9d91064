import { scheduleCalls as calls } from '@bank/shared';
import { parseIdempotencyKey } from '../domain/ledger/index.js';
import {
  createSchedule,
  deleteSchedule,
  listRuns,
  listSchedules,
  previewSchedule,
  previewTerms,
  runNow,
  updateSchedule,
} from '../domain/schedules/index.js';
import { actorOf } from '../plugins/auth.js';
import { ledgerClockOf } from './deps.js';
import { sendPage } from './page.js';
import { registerRoute, type RoutePlugin } from './register.js';

/** API.md "The school year": schedules, their previews, runs and Run now. */
export const scheduleRoutes: RoutePlugin = async (app, { db, config, clock }) => {
  registerRoute(app, calls.create, async (request, reply) =>
    reply.code(201).send(await createSchedule(db, actorOf(request), request.body, clock.now())),
  );

  registerRoute(app, calls.list, (request) => listSchedules(db, actorOf(request), request.params.bankId));

  registerRoute(app, calls.update, (request) =>
    updateSchedule(db, actorOf(request), request.params.scheduleId, request.body, clock.now()),
  );

  registerRoute(app, calls.delete, async (request, reply) => {
    await deleteSchedule(db, actorOf(request), request.params.scheduleId, clock.now());
    return reply.code(204).send(null);
  });

  registerRoute(app, calls.preview, (request) =>
    previewSchedule(db, actorOf(request), request.params.scheduleId),
  );

  registerRoute(app, calls.previewTerms, (request) =>
    previewTerms(db, actorOf(request), request.body, clock.now()),
  );

  registerRoute(app, calls.runs, async (request, reply) =>
    sendPage(reply, await listRuns(db, actorOf(request), request.params.scheduleId, request.query)),
  );

  registerRoute(app, calls.runNow, async (request, reply) => {
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    const now = ledgerClockOf({ clock, config })();
    const result = await runNow(db, actorOf(request), request.params.scheduleId, now, key);
    return reply.code(result.status as 201).send(result.body);
  });
};
