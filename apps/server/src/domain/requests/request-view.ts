import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { fromCents, type BankerRequest, type StaffRequest } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { accounts, bankerRequests, users } from '../../db/schema.js';
import { mapPage, pageFrom, waitingFirst, type KeyedPage, type Page } from '../paging.js';

export type RequestRow = typeof bankerRequests.$inferSelect;

const student = alias(users, 'student');
const asker = alias(users, 'asker');
const decider = alias(users, 'decider');

/** The people and the account a request names, for the answer: one query, however many requests. */
function selectViews(db: Executor) {
  return db
    .select({
      request: bankerRequests,
      accountType: accounts.type,
      balanceCents: accounts.balanceCents,
      accountHeldCents: accounts.heldCents,
      student: student.username,
      studentName: student.name,
      requestedBy: asker.username,
      requestedByName: asker.name,
      decidedBy: decider.username,
    })
    .from(bankerRequests)
    .innerJoin(accounts, eq(accounts.accountNumber, bankerRequests.accountNumber))
    .innerJoin(student, eq(student.id, accounts.userId))
    .innerJoin(asker, eq(asker.id, bankerRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, bankerRequests.decidedBy));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['where']>>[number];

function toRequest(row: ViewRow): BankerRequest {
  const r = row.request;
  return {
    requestId: r.id,
    bankId: r.bankId,
    kind: r.kind,
    accountId: r.accountNumber,
    accountType: row.accountType,
    student: row.student,
    studentName: row.studentName,
    amount: fromCents(r.amountCents),
    memo: r.memo,
    requestedBy: row.requestedBy,
    requestedByName: row.requestedByName,
    status: r.status,
    decidedBy: row.decidedBy,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    reason: r.reason,
    transactionId: r.transactionId,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  };
}

/**
 * Whether the account can pay a waiting request now (staff only): a withdrawal out of what is
 * available plus what the request itself holds; a deposit always; a decided one has nothing to pay.
 */
function canPay(row: ViewRow): boolean | null {
  const r = row.request;
  if (r.status !== 'waiting') return null;
  if (r.kind === 'deposit') return true;
  return row.balanceCents - row.accountHeldCents + r.heldCents >= r.amountCents;
}

/** One request as the API answers it. */
export async function viewRequest(db: Executor, requestId: number): Promise<BankerRequest> {
  const [row] = await selectViews(db).where(eq(bankerRequests.id, requestId));
  if (!row) throw new Error(`request ${requestId} vanished`);
  return toRequest(row);
}

/** A page of a banker's own requests, newest first (the cursor: the last one's id). */
export async function viewRequestsOf(
  db: Executor,
  requestedBy: number,
  page: KeyedPage,
): Promise<Page<BankerRequest>> {
  const rows = await selectViews(db)
    .where(
      and(
        eq(bankerRequests.requestedBy, requestedBy),
        page.cursor === undefined ? undefined : lt(bankerRequests.id, Number(page.cursor)),
      ),
    )
    .orderBy(desc(bankerRequests.id))
    .limit(page.limit + 1);
  return mapPage(
    pageFrom(rows, page.limit, (row) => String(row.request.id), null),
    toRequest,
  );
}

const queue = waitingFirst(sql`${bankerRequests.status} = 'waiting'`, bankerRequests.id);

/**
 * A page of a bank's requests: the waiting ones first, oldest first (the queue), then the decided,
 * newest first; `total` counts every one that matches the status, for the menu's badge.
 */
export async function viewRequestsOfBank(
  db: Executor,
  bankId: number,
  status: RequestRow['status'] | undefined,
  page: KeyedPage,
): Promise<Page<StaffRequest>> {
  const matching = and(
    eq(bankerRequests.bankId, bankId),
    status ? eq(bankerRequests.status, status) : undefined,
  );
  const rows = await selectViews(db)
    .where(and(matching, queue.after(page.cursor)))
    .orderBy(...queue.orderBy)
    .limit(page.limit + 1);
  const [counted] = await db.select({ n: count() }).from(bankerRequests).where(matching);
  const keyOf = (row: ViewRow) => queue.keyOf(row.request);
  return mapPage(pageFrom(rows, page.limit, keyOf, counted?.n ?? 0), (row) => ({
    ...toRequest(row),
    canPay: canPay(row),
    balance: fromCents(row.balanceCents),
    available: fromCents(row.balanceCents - row.accountHeldCents),
  }));
}
