import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketCalls, type CreateTicketBody, type SupportTicket, type UpdateTicketBody } from '@bank/shared';
import { api } from '../../lib/api-client';
import { appendToPages, useKeyedPages } from '../../lib/keyed-pages';
import { replaceInPages } from '../../lib/paged-list';

export const ticketKeys = {
  list: (bankId: number) => ['support-tickets', bankId] as const,
};

/** GET /user/supportTickets/{bankId}: an admin gets all of the bank's tickets, others their own. */
export function useTickets(bankId: number) {
  return useKeyedPages(ticketKeys.list(bankId), (cursor, signal) =>
    api.callWithHeaders(ticketCalls.list, { params: { bankId }, query: { cursor }, signal }),
  );
}

/** POST /user/supportTickets/create; the new ticket is appended to the list (spec §4). */
export function useCreateTicket(bankId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketBody) => api.call(ticketCalls.create, { body: { ...body, bankId } }),
    onSuccess: (ticket) =>
      appendToPages<SupportTicket>(
        queryClient,
        ticketKeys.list(bankId),
        ticket,
        (t) => t.supportTicketId === ticket.supportTicketId,
      ),
  });
}

/** PUT /user/supportTickets/update; the answer replaces the ticket of the same id (spec §4). */
export function useUpdateTicket(bankId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTicketBody) => api.call(ticketCalls.update, { body }),
    onSuccess: (ticket) =>
      replaceInPages<SupportTicket>(
        queryClient,
        ticketKeys.list(bankId),
        (t) => t.supportTicketId === ticket.supportTicketId,
        ticket,
      ),
  });
}
