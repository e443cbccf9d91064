import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ticketCalls, type CreateTicketBody, type SupportTicket, type UpdateTicketBody } from '@bank/shared';
import { api } from '../../lib/api-client';

export const ticketKeys = {
  list: (bankId: number) => ['support-tickets', bankId] as const,
};

/** GET /user/supportTickets/{bankId}: an admin gets all of the bank's tickets, others their own. */
export function useTickets(bankId: number) {
  return useQuery({
    queryKey: ticketKeys.list(bankId),
    queryFn: ({ signal }) => api.call(ticketCalls.list, { params: { bankId }, signal }),
  });
}

/** POST /user/supportTickets/create; the new ticket is appended to the list (spec §4). */
export function useCreateTicket(bankId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketBody) => api.call(ticketCalls.create, { body: { ...body, bankId } }),
    onSuccess: (ticket) =>
      queryClient.setQueryData<SupportTicket[]>(ticketKeys.list(bankId), (list) => [
        ...(list ?? []).filter((t) => t.supportTicketId !== ticket.supportTicketId),
        ticket,
      ]),
  });
}

/** PUT /user/supportTickets/update; the answer replaces the ticket of the same id (spec §4). */
export function useUpdateTicket(bankId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTicketBody) => api.call(ticketCalls.update, { body }),
    onSuccess: (ticket) =>
      queryClient.setQueryData<SupportTicket[]>(ticketKeys.list(bankId), (list) =>
        (list ?? []).map((t) => (t.supportTicketId === ticket.supportTicketId ? ticket : t)),
      ),
  });
}
