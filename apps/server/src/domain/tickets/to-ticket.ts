import type { SupportTicket } from '@bank/shared';
import type { supportTickets } from '../../db/schema.js';

type TicketRow = typeof supportTickets.$inferSelect;

/** A ticket as the API shows it, named by its author's username. */
export function toTicket(row: TicketRow, username: string): SupportTicket {
  return {
    id: row.id,
    supportTicketId: row.id,
    bankId: row.bankId,
    username,
    ticketType: row.ticketType,
    title: row.title,
    ticketContents: row.contents,
    severity: row.severity,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
