import { statementCalls as calls } from '@bank/shared';
import { downloadStatement, listStatements } from '../domain/statements/index.js';
import { actorOf } from '../plugins/auth.js';
import { registerRoute, type RoutePlugin } from './register.js';

export const statementRoutes: RoutePlugin = async (app, { db }) => {
  registerRoute(app, calls.list, (request) => listStatements(db, actorOf(request), request.params.username));

  registerRoute(app, calls.download, async (request, reply) => {
    const { fileName } = request.params;
    const pdf = await downloadStatement(db, actorOf(request), fileName);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf as unknown as string); // a Buffer is sent as it is, never serialised
  });
};
