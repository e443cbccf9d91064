import { ticketCalls as calls } from '@bank/shared';
import { createTicket } from '../domain/tickets/create-ticket.js';
import { listTickets } from '../domain/tickets/list-tickets.js';
import { updateTicket } from '../domain/tickets/update-ticket.js';
import { actorOf } from '../plugins/auth.js';
import { sendPage } from './page.js';
import { registerRoute, type RoutePlugin } from './register.js';

export const ticketRoutes: RoutePlugin = async (app, { db }) => {
  registerRoute(app, calls.create, async (request, reply) =>
    reply.code(201).send(await createTicket(db, actorOf(request), request.body)),
  );

  registerRoute(app, calls.list, async (request, reply) =>
    sendPage(reply, await listTickets(db, actorOf(request), request.params.bankId, request.query)),
  );

  registerRoute(app, calls.update, (request) => updateTicket(db, actorOf(request), request.body));
};
