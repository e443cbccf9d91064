import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { limits, type Student } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { accounts, users } from '../../db/schema.js';
import { assertOwnBank } from '../access.js';
import type { Actor } from '../actor.js';
import { toAccount } from '../accounts/to-account.js';

export interface StudentSearch {
  branchId?: number | undefined;
  /** Matched case-insensitively anywhere in the name, display name or user id. */
  q?: string | undefined;
}

/** `q` as a LIKE pattern that matches it literally: % and _ in a name are letters, not wildcards. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function matching(search: StudentSearch): SQL | undefined {
  const pattern = search.q ? containing(search.q) : undefined;
  return and(
    search.branchId === undefined ? undefined : eq(users.branchId, search.branchId),
    pattern === undefined
      ? undefined
      : or(ilike(users.name, pattern), ilike(users.displayName, pattern), ilike(users.username, pattern)),
  );
}

/** The open accounts of the given users, grouped by user, in the order the account lists use. */
async function openAccountsOf(db: Executor, userIds: number[]) {
  const byUser = new Map<number, ReturnType<typeof toAccount>[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ account: accounts, username: users.username })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(inArray(accounts.userId, userIds), isNull(accounts.closedAt)))
    .orderBy(asc(accounts.openedAt), asc(accounts.accountNumber));
  for (const row of rows) {
    const list = byUser.get(row.account.userId) ?? [];
    list.push(toAccount(row.account, row.username));
    byUser.set(row.account.userId, list);
  }
  return byUser;
}

/**
 * GET /teller/students/{bankId}: the bank's current Students (staff of that bank only, else 404),
 * optionally of one branch and matching a search, sorted by name, each with their open accounts.
 * At most 1000: a search narrows a bigger school.
 */
export async function listStudents(
  db: Executor,
  actor: Actor,
  bankId: number,
  search: StudentSearch,
): Promise<Student[]> {
  assertOwnBank(actor, bankId);
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.bankId, bankId), eq(users.role, 'USER'), isNull(users.deletedAt), matching(search)))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.username))
    .limit(limits.studentsMax);
  const accountsByUser = await openAccountsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    userId: row.username,
    username: row.username,
    name: row.name,
    displayName: row.displayName,
    // A Student always has a branch (users_student_has_branch).
    branchId: row.branchId!,
    accounts: accountsByUser.get(row.id) ?? [],
  }));
}
