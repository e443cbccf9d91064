import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Account, BankAccount } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { accounts, users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { assertOwnBank, findVisibleUser } from '../access.js';
import { containing } from '../search.js';
import { pageFrom, pageSize, unknownCursor, wholeList, type Page, type PageQuery } from '../paging.js';
import { pendingCountColumn, toAccount } from './to-account.js';

const accountColumns = {
  account: accounts,
  username: users.username,
  ownerName: users.name,
  pendingCount: pendingCountColumn,
};
const byOpening = [asc(accounts.openedAt), asc(accounts.accountNumber)];

/**
 * Open accounts only: closed ones are kept for statements and audit but are no longer listed.
 * Each with its owner's name (the bank's list shows it, issue 33).
 */
async function openAccountsWhere(
  db: Executor,
  where: SQL | undefined,
  limit?: number,
): Promise<BankAccount[]> {
  const query = db
    .select(accountColumns)
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(isNull(accounts.closedAt), where))
    .orderBy(...byOpening);
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((row) => ({
    ...toAccount(row.account, row.username, row.pendingCount),
    ownerName: row.ownerName,
  }));
}

/** A customer's accounts: the customer themself, or staff of the customer's bank (else 404). */
export async function listUserAccounts(db: Executor, actor: Actor, username: string): Promise<Account[]> {
  const user = await findVisibleUser(db, actor, username);
  return (await openAccountsWhere(db, eq(accounts.userId, user.id))).map(
    ({ ownerName: _, ...account }) => account,
  );
}

export interface AccountSearch extends PageQuery {
  /** Anywhere in the account number, the owner's User Id, name or display name. */
  q?: string | undefined;
  /** Only this branch's accounts. */
  branchId?: number | undefined;
}

function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containing(q);
  return or(
    ilike(accounts.accountNumber, pattern),
    ilike(users.username, pattern),
    ilike(users.name, pattern),
    ilike(users.displayName, pattern),
  );
}

/**
 * The accounts after the cursor's (an account of this bank) in opening order; 400 for any other.
 * Compared in SQL: opening times have microseconds, which a JavaScript date would lose.
 */
async function afterCursor(db: Executor, bankId: number, cursor: string): Promise<SQL> {
  const [row] = await db
    .select({ accountNumber: accounts.accountNumber })
    .from(accounts)
    .where(and(eq(accounts.accountNumber, cursor), eq(accounts.bankId, bankId)));
  if (!row) throw unknownCursor();
  const position = db
    .select({ openedAt: accounts.openedAt, accountNumber: accounts.accountNumber })
    .from(accounts)
    .where(eq(accounts.accountNumber, cursor));
  return sql`(${accounts.openedAt}, ${accounts.accountNumber}) > (${position})`;
}

async function countOpen(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(isNull(accounts.closedAt), where));
  return row?.total ?? 0;
}

/**
 * Every open account of the staff member's own bank (or of one branch), oldest first, each with its
 * owner's name; a page of them with `limit`.
 */
export async function listBankAccounts(
  db: Executor,
  actor: Actor,
  bankId: number,
  search: AccountSearch = {},
): Promise<Page<BankAccount>> {
  assertOwnBank(actor, bankId);
  const where = and(
    eq(accounts.bankId, bankId),
    search.branchId === undefined ? undefined : eq(accounts.branchId, search.branchId),
    matching(search.q),
  );
  const limit = pageSize(search);
  if (limit === undefined) return wholeList(await openAccountsWhere(db, where));
  const after = search.cursor === undefined ? undefined : await afterCursor(db, bankId, search.cursor);
  const [read, total] = await Promise.all([
    openAccountsWhere(db, and(where, after), limit + 1),
    countOpen(db, where),
  ]);
  return pageFrom(read, limit, (a) => a.accountId, total);
}
