import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchBody,
  batchPreview,
  batchResult,
  batchSummary,
  importCheck,
  importQuery,
  importResult,
  limits,
  positiveId,
  student,
  studentsQuery,
  type ParsedBatchBody,
} from '@bank/shared';
import { listBatches, parseIdempotencyKey, previewBatch, runBatchOnce } from '../domain/ledger/index.js';
import { checkRoster, importRoster } from '../domain/users/import-roster.js';
import { listStudents } from '../domain/users/list-students.js';
import { actorOf } from '../plugins/auth.js';
import type { RouteDeps } from './deps.js';
import { idempotencyHeaders } from './transactions.js';

/** The classroom tools of API.md "Classroom tools": class payday, the students roster, roster import. */
const byBank = z.object({ bankId: positiveId });

/** The payday as the domain takes it (amounts already in cents). */
const batchInput = (body: ParsedBatchBody) => ({
  kind: body.kind,
  memo: body.memo,
  items: body.items.map((item) => ({ accountId: item.accountId, amountCents: item.amount })),
});

export const classroomRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  // The roster import's body is the CSV itself, larger than a JSON body may be (API.md Errors).
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: limits.importBodyLimitBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/teller/batches',
    {
      config: { tier: 'teller' },
      schema: {
        tags: ['classroom'],
        summary: 'Class payday: one deposit or withdrawal per item, all or nothing',
        headers: idempotencyHeaders,
        body: batchBody,
        response: { 201: batchResult },
      },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const now = { now: new Date(), postingDelaySeconds: config.postingDelaySeconds };
      const result = await runBatchOnce(db, now, actorOf(request), batchInput(request.body), key);
      return reply.code(result.status as 201).send(result.body);
    },
  );

  app.post(
    '/teller/batches/preview',
    {
      config: { tier: 'teller' },
      schema: {
        tags: ['classroom'],
        summary: "A payday's effect on each account, writing nothing",
        body: batchBody,
        response: { 200: batchPreview },
      },
    },
    (request) => previewBatch(db, actorOf(request), batchInput(request.body)),
  );

  app.get(
    '/teller/batches/:bankId',
    {
      config: { tier: 'teller' },
      schema: {
        tags: ['classroom'],
        summary: "The bank's paydays, newest first",
        params: byBank,
        response: { 200: z.array(batchSummary) },
      },
    },
    (request) => listBatches(db, actorOf(request), request.params.bankId),
  );

  app.get(
    '/teller/students/:bankId',
    {
      config: { tier: 'teller' },
      schema: {
        tags: ['classroom'],
        summary: "The bank's Students with their open accounts, by name; filter by branch, search by q",
        params: byBank,
        querystring: studentsQuery,
        response: { 200: z.array(student) },
      },
    },
    (request) => listStudents(db, actorOf(request), request.params.bankId, request.query),
  );

  app.post(
    '/admin/users/import',
    {
      config: { tier: 'admin' },
      bodyLimit: limits.importBodyLimitBytes,
      schema: {
        tags: ['classroom'],
        summary:
          'text/csv body "username,name,branch,accounts": ?dryRun=true checks (200); otherwise creates all (201) or nothing (400)',
        consumes: ['text/csv'],
        querystring: importQuery,
        body: z.string(),
        response: { 200: importCheck, 201: importResult },
      },
    },
    async (request, reply) => {
      if (request.query.dryRun) return reply.send(await checkRoster(db, actorOf(request), request.body));
      const result = await importRoster(db, actorOf(request), request.body);
      // The answer carries passwords: no cache may keep it.
      return reply.code(201).header('cache-control', 'no-store').send(result);
    },
  );
};
