import { and, asc, eq, gt } from 'drizzle-orm';
import type { SupportTicket } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { supportTickets, users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { assertOwnBank } from '../access.js';
import { pageFrom, type KeyedPage, type Page } from '../paging.js';
import { toTicket } from './to-ticket.js';

/**
 * An admin sees every ticket of their bank; anyone else only the tickets they wrote. Oldest first,
 * a page at a time (the cursor: the last ticket's id).
 */
export async function listTickets(
  db: Executor,
  actor: Actor,
  bankId: number,
  page: KeyedPage,
): Promise<Page<SupportTicket>> {
  assertOwnBank(actor, bankId);
  const rows = await db
    .select({ ticket: supportTickets, username: users.username })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(
      and(
        eq(supportTickets.bankId, bankId),
        actor.role === 'ADMIN' ? undefined : eq(supportTickets.userId, actor.id),
        page.cursor === undefined ? undefined : gt(supportTickets.id, Number(page.cursor)),
      ),
    )
    .orderBy(asc(supportTickets.id))
    .limit(page.limit + 1);
  const tickets = rows.map((row) => toTicket(row.ticket, row.username));
  return pageFrom(tickets, page.limit, (ticket) => String(ticket.id), null);
}
