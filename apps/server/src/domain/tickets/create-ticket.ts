import type { SupportTicket } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { supportTickets } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { assertOwnBank } from '../access.js';
import { toTicket } from './to-ticket.js';

export interface NewTicket {
  bankId?: number | undefined;
  ticketType: SupportTicket['ticketType'];
  title: string;
  ticketContents: string;
  severity: SupportTicket['severity'];
}

/** Anyone signed in opens a ticket with their own bank; it always starts "Open". */
export async function createTicket(db: Executor, actor: Actor, input: NewTicket): Promise<SupportTicket> {
  if (input.bankId !== undefined) assertOwnBank(actor, input.bankId);
  const [row] = await db
    .insert(supportTickets)
    .values({
      bankId: actor.bankId,
      userId: actor.id,
      ticketType: input.ticketType,
      title: input.title,
      contents: input.ticketContents,
      severity: input.severity,
      status: 'Open',
    })
    .returning();
  if (!row) throw new Error('ticket insert returned nothing');
  return toTicket(row, actor.username);
}
