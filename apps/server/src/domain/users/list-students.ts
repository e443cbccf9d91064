import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { limits, type Student } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { accounts, users } from '../../db/schema.js';
import { assertOwnBank } from '../access.js';
import type { Actor } from '../actor.js';
import { pendingCountColumn, toAccount } from '../accounts/to-account.js';
import { pageFrom, pageSize, unknownCursor, wholeList, type Page, type PageQuery } from '../paging.js';
import { containing } from '../search.js';

export interface StudentSearch extends PageQuery {
  branchId?: number | undefined;
  /** Matched case-insensitively anywhere in the name, display name or user id. */
  q?: string | undefined;
}

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
    .select({ account: accounts, username: users.username, pendingCount: pendingCountColumn })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(inArray(accounts.userId, userIds), isNull(accounts.closedAt)))
    .orderBy(asc(accounts.openedAt), asc(accounts.accountNumber));
  for (const row of rows) {
    const list = byUser.get(row.account.userId) ?? [];
    list.push(toAccount(row.account, row.username, row.pendingCount));
    byUser.set(row.account.userId, list);
  }
  return byUser;
}

/** The roster's order: by name, then (names repeat) by User Id, both regardless of case. */
const nameKey = sql`lower(${users.name})`;
const userKey = sql`lower(${users.username})`;

/** The Students after the cursor's (a Student of this bank) in the roster's order; 400 for any other. */
async function afterCursor(db: Executor, bankId: number, cursor: string): Promise<SQL> {
  const [row] = await db
    .select({ name: nameKey.mapWith(String), username: userKey.mapWith(String) })
    .from(users)
    .where(and(eq(userKey, cursor.toLowerCase()), eq(users.bankId, bankId), eq(users.role, 'USER')));
  if (!row) throw unknownCursor();
  return sql`(${nameKey}, ${userKey}) > (${row.name}, ${row.username})`;
}

/**
 * GET /teller/students/{bankId}: the bank's current Students (staff of that bank only, else 404),
 * optionally of one branch and matching a search, sorted by name, each with their open accounts.
 * Whole, at most 1000 (a search narrows a bigger school); or a page of `limit` with the total.
 */
export async function listStudents(
  db: Executor,
  actor: Actor,
  bankId: number,
  search: StudentSearch,
): Promise<Page<Student>> {
  assertOwnBank(actor, bankId);
  const where = and(
    eq(users.bankId, bankId),
    eq(users.role, 'USER'),
    isNull(users.deletedAt),
    matching(search),
  );
  const after = search.cursor === undefined ? undefined : await afterCursor(db, bankId, search.cursor);
  const paged = pageSize(search);
  const read = db
    .select()
    .from(users)
    .where(and(where, after))
    .orderBy(asc(nameKey), asc(userKey))
    .limit(paged === undefined ? limits.studentsMax : paged + 1);
  const [rows, total] = await Promise.all([
    read,
    paged === undefined ? null : db.select({ total: count() }).from(users).where(where),
  ]);
  const accountsByUser = await openAccountsOf(
    db,
    rows.map((row) => row.id),
  );
  const students = rows.map((row) => ({
    userId: row.username,
    username: row.username,
    name: row.name,
    displayName: row.displayName,
    // A Student always has a branch (users_student_has_branch).
    branchId: row.branchId!,
    banker: row.banker,
    accounts: accountsByUser.get(row.id) ?? [],
  }));
  if (paged === undefined || total === null) return wholeList(students);
  return pageFrom(students, paged, (s) => s.userId, total[0]?.total ?? 0);
}
