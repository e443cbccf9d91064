import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTicketBody, positiveId, supportTicket, updateTicketBody } from '@bank/shared';
import { createTicket } from '../domain/tickets/create-ticket.js';
import { listTickets } from '../domain/tickets/list-tickets.js';
import { updateTicket } from '../domain/tickets/update-ticket.js';
import { actorOf } from '../plugins/auth.js';
import type { RouteDeps } from './deps.js';

export const ticketRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.post(
    '/user/supportTickets/create',
    {
      config: { tier: 'user' },
      schema: { tags: ['tickets'], body: createTicketBody, response: { 201: supportTicket } },
    },
    async (request, reply) => reply.code(201).send(await createTicket(db, actorOf(request), request.body)),
  );

  app.get(
    '/user/supportTickets/:bankId',
    {
      config: { tier: 'user' },
      schema: {
        tags: ['tickets'],
        params: z.object({ bankId: positiveId }),
        response: { 200: z.array(supportTicket) },
      },
    },
    (request) => listTickets(db, actorOf(request), request.params.bankId),
  );

  app.put(
    '/user/supportTickets/update',
    {
      config: { tier: 'user' },
      schema: { tags: ['tickets'], body: updateTicketBody, response: { 200: supportTicket } },
    },
    (request) => updateTicket(db, actorOf(request), request.body),
  );
};
