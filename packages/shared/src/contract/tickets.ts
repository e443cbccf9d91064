import { z } from 'zod';
import { positiveId } from '../schemas/common.js';
import { ticketsQuery } from '../schemas/paging.js';
import { createTicketBody, supportTicket, updateTicketBody } from '../schemas/tickets.js';
import { route } from './route.js';

export const ticketCalls = {
  create: route({
    method: 'POST',
    path: '/user/supportTickets/create',
    tier: 'user',
    tags: ['tickets'],
    body: createTicketBody,
    response: { 201: supportTicket },
  }),
  list: route({
    method: 'GET',
    path: '/user/supportTickets/:bankId',
    tier: 'user',
    tags: ['tickets'],
    params: z.object({ bankId: positiveId }),
    query: ticketsQuery,
    response: { 200: z.array(supportTicket) },
  }),
  update: route({
    method: 'PUT',
    path: '/user/supportTickets/update',
    tier: 'user',
    tags: ['tickets'],
    body: updateTicketBody,
    response: { 200: supportTicket },
  }),
};
