import type { SupportTicket } from '@bank/shared';
import type { supportTickets } from '../../db/schema.js';

type TicketRow = typeof supportTickets.$inferSelect;

/**
 * A ticket as the API shows it, named by its author's username. The CHECK constraints of the
 * table hold type, severity and status to the contract's values, hence the narrowing casts.
 */
export function toTicket(row: TicketRow, username: string): SupportTicket {
  return {
    id: row.id,
    supportTicketId: row.id,
    bankId: row.bankId,
    username,
    ticketType: row.ticketType as SupportTicket['ticketType'],
    title: row.title,
    ticketContents: row.contents,
    severity: row.severity as SupportTicket['severity'],
    status: row.status as SupportTicket['status'],
    createdAt: row.createdAt.toISOString(),
  };
}
