import { and, count, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Role, User } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { assertOwnBank } from '../access.js';
import { pageFrom, pageSize, wholeList, type Page, type PageQuery } from '../paging.js';
import { containing } from '../search.js';
import { toUser, userColumns } from './to-user.js';

export interface UserSearch extends PageQuery {
  /** Anywhere in the User Id, name or display name. */
  q?: string | undefined;
  /** Only this branch's users (issue 33: a teacher's class and its teacher). */
  branchId?: number | undefined;
  /** Only users of this role. */
  role?: Role | undefined;
}

const userKey = sql`lower(${users.username})`;

function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containing(q);
  return or(ilike(users.username, pattern), ilike(users.name, pattern), ilike(users.displayName, pattern));
}

/**
 * The live (not retired) users of the admin's own bank, by username, optionally of one branch or
 * role; a page of them with `limit`.
 * Usernames are unique case-insensitively, so the cursor (the last User Id) places the next page
 * by itself.
 */
export async function listUsers(
  db: Executor,
  actor: Actor,
  bankId: number,
  search: UserSearch = {},
): Promise<Page<User>> {
  assertOwnBank(actor, bankId);
  const where = and(
    eq(users.bankId, bankId),
    isNull(users.deletedAt),
    search.branchId === undefined ? undefined : eq(users.branchId, search.branchId),
    search.role === undefined ? undefined : eq(users.role, search.role),
    matching(search.q),
  );
  const read = (filter: SQL | undefined) => db.select(userColumns).from(users).where(filter).orderBy(userKey);
  const limit = pageSize(search);
  if (limit === undefined) return wholeList((await read(where)).map(toUser));
  const after = search.cursor === undefined ? undefined : gt(userKey, search.cursor.toLowerCase());
  const [rows, [counted]] = await Promise.all([
    read(and(where, after)).limit(limit + 1),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return pageFrom(rows.map(toUser), limit, (u) => u.userId, counted?.total ?? 0);
}
