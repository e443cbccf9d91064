import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathText } from '@bank/shared';
import { downloadStatement, listStatements } from '../domain/statements/index.js';
import { actorOf } from '../plugins/auth.js';
import type { RouteDeps } from './deps.js';

export const statementRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/user/statements/:username',
    {
      config: { tier: 'user' },
      schema: {
        tags: ['statements'],
        summary: "A customer's issued statements, newest month first",
        params: z.object({ username: pathText('User Id') }),
        response: { 200: z.array(z.string()) },
      },
    },
    (request) => listStatements(db, actorOf(request), request.params.username),
  );

  app.get(
    '/user/statements/download/:fileName',
    {
      config: { tier: 'user' },
      schema: {
        tags: ['statements'],
        summary: 'One issued statement as a PDF (statement-{accountId}-{YYYY-MM}.pdf)',
        // The name is checked against the exact pattern in the domain (400), and only ever used as a key.
        params: z.object({ fileName: pathText('File name') }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { fileName } = request.params;
      const pdf = await downloadStatement(db, actorOf(request), fileName);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
