import { and, asc, eq } from 'drizzle-orm';
import type { SupportTicket } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { supportTickets, users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { assertOwnBank } from '../access.js';
import { toTicket } from './to-ticket.js';

/** An admin sees every ticket of their bank; anyone else only the tickets they wrote. */
export async function listTickets(db: Executor, actor: Actor, bankId: number): Promise<SupportTicket[]> {
  assertOwnBank(actor, bankId);
  const rows = await db
    .select({ ticket: supportTickets, username: users.username })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(
      and(
        eq(supportTickets.bankId, bankId),
        actor.role === 'ADMIN' ? undefined : eq(supportTickets.userId, actor.id),
      ),
    )
    .orderBy(asc(supportTickets.id));
  return rows.map((row) => toTicket(row.ticket, row.username));
}
