import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { BankerRequest, Classmate, RequestStatus, StaffRequest } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { arrayParam } from '../../db/set-params.js';
import { accounts, users } from '../../db/schema.js';
import { assertOwnBank, findVisibleUser } from '../access.js';
import type { Actor } from '../actor.js';
import { notFound } from '../errors.js';
import { containing } from '../search.js';
import type { KeyedPage, Page } from '../paging.js';
import { loadBanker } from './banker.js';
import { viewRequestsOf, viewRequestsOfBank } from './request-view.js';

/** GET /user/requests/{username}: a page of the requests a banker made, for the banker themself or staff of the bank. */
export async function listRequestsOf(
  db: Executor,
  actor: Actor,
  username: string,
  page: KeyedPage,
): Promise<Page<BankerRequest>> {
  const user = await findVisibleUser(db, actor, username);
  return viewRequestsOf(db, user.id, page);
}

/** GET /teller/requests/{bankId}: staff of the bank; a page of the queue, the waiting ones first, oldest first. */
export async function listRequestsOfBank(
  db: Executor,
  actor: Actor,
  bankId: number,
  status: RequestStatus | undefined,
  page: KeyedPage,
): Promise<Page<StaffRequest>> {
  assertOwnBank(actor, bankId);
  return viewRequestsOfBank(db, bankId, status, page);
}

/** Enough classmates for a search box; the banker narrows with `q`. */
const CLASSMATES_MAX = 50;

/**
 * GET /user/classmates/{username}: a banker's classmates (the other Students of their branch) with
 * their open accounts: names and account numbers, never a balance or a transaction.
 */
export async function listClassmates(
  db: Executor,
  actor: Actor,
  username: string,
  q: string | undefined,
): Promise<Classmate[]> {
  if (username.toLowerCase() !== actor.username.toLowerCase()) throw notFound();
  const banker = await loadBanker(db, actor);
  const search = q?.trim();
  const matches = search
    ? or(
        sql`${users.name} ilike ${containing(search)}`,
        sql`${users.displayName} ilike ${containing(search)}`,
        sql`${users.username} ilike ${containing(search)}`,
      )
    : undefined;
  const people = await db
    .select({ id: users.id, username: users.username, name: users.name, displayName: users.displayName })
    .from(users)
    .where(
      and(
        eq(users.bankId, banker.bankId),
        eq(users.branchId, banker.branchId),
        eq(users.role, 'USER'),
        isNull(users.deletedAt),
        ne(users.id, banker.id),
        matches,
      ),
    )
    .orderBy(sql`lower(${users.name})`, asc(users.id))
    .limit(CLASSMATES_MAX);
  const open = people.length
    ? await db
        .select({ userId: accounts.userId, accountId: accounts.accountNumber, accountType: accounts.type })
        .from(accounts)
        .where(
          and(
            sql`${accounts.userId} = any(${arrayParam(
              people.map((p) => p.id),
              sql`integer`,
            )})`,
            isNull(accounts.closedAt),
          ),
        )
        .orderBy(asc(accounts.type), asc(accounts.accountNumber))
    : [];
  return people.map(({ id, ...person }) => ({
    ...person,
    accounts: open
      .filter((a) => a.userId === id)
      .map(({ accountId, accountType }) => ({ accountId, accountType })),
  }));
}
