import { and, eq, sql } from 'drizzle-orm';
import { messages, type SupportTicket } from '@bank/shared';
import type { Database } from '../../db/client.js';
import { supportTickets, users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { forbidden, notFound } from '../errors.js';
import { toTicket } from './to-ticket.js';
import { inTransaction } from '../../db/transaction.js';

export interface TicketChange {
  supportTicketId: number;
  ticketType: SupportTicket['ticketType'];
  severity: SupportTicket['severity'];
  status?: SupportTicket['status'] | undefined;
}

/**
 * The author or an admin of the ticket's bank changes its type and severity; only an admin moves
 * its status. Title and contents are what was reported and never change. A client that echoes
 * the whole ticket back sends the current status, which is not a change and so is allowed.
 */
export async function updateTicket(db: Database, actor: Actor, change: TicketChange): Promise<SupportTicket> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.id, change.supportTicketId), eq(supportTickets.bankId, actor.bankId)))
      .for('update');
    const isAdmin = actor.role === 'ADMIN';
    if (!current || (!isAdmin && current.userId !== actor.id)) throw notFound();
    const statusChanges = change.status !== undefined && change.status !== current.status;
    if (statusChanges && !isAdmin)
      throw forbidden(messages.ticketStatusAdminOnly, 'TICKET_STATUS_ADMIN_ONLY');
    const [row] = await tx
      .update(supportTickets)
      .set({
        ticketType: change.ticketType,
        severity: change.severity,
        ...(statusChanges ? { status: change.status } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(supportTickets.id, current.id))
      .returning();
    const [author] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, current.userId));
    if (!row || !author) throw notFound();
    return toTicket(row, author.username);
  });
}
