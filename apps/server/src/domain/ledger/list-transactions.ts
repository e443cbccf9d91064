import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { limits, messages, type Transaction } from '@bank/shared';
import type { Executor } from '../../db/database.js';
import { transactions } from '../../db/schema.js';
import { findVisibleAccount } from '../access.js';
import type { Actor } from '../actor.js';
import { badRequest } from '../errors.js';
import { toTransaction, type TransactionRow } from './to-transaction.js';

export interface PageRequest {
  limit?: number | undefined;
  /** The previous page's nextCursor. */
  cursor?: string | undefined;
}

export interface TransactionPage {
  transactions: Transaction[];
  /** Present when older transactions remain: pass it back as `cursor` for the next page. */
  nextCursor: string | null;
}

/** Where a row stands in posting order: pending rows (no posting_seq yet) come after every posted one. */
const PENDING_KEY = 9223372036854775807n;
const orderKey = sql`coalesce(${transactions.postingSeq}, ${sql.raw(String(PENDING_KEY))})`;

/** A cursor is `{posting_seq}-{id}` of the last row shown, or `p-{id}` for a pending one. */
function encodeCursor(row: TransactionRow): string {
  return `${row.postingSeq ?? 'p'}-${row.id}`;
}

function decodeCursor(cursor: string): { key: bigint; id: number } {
  const match = /^(p|[1-9][0-9]{0,14})-([1-9][0-9]{0,14})$/.exec(cursor);
  const id = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(id) || (match[1] !== 'p' && !Number.isSafeInteger(Number(match[1])))) {
    throw badRequest(messages.pageCursorInvalid, { cursor: messages.pageCursorInvalid });
  }
  return { key: match[1] === 'p' ? PENDING_KEY : BigInt(match[1]!), id };
}

/**
 * An account's live transactions in posting order, newest first, pending ones first (API.md
 * "Resources"): each posted row's running balance is the one below it plus its amount. One page
 * at a time: the cursor names the last row shown and the next page continues below it (keyset on
 * (posting_seq or "pending", id), served by transactions_account_posting_order_idx), so rows
 * arriving meanwhile land on a new first page instead of shifting this one, and a deep page costs
 * what the first one does.
 */
export async function listTransactions(
  db: Executor,
  actor: Actor,
  accountNumber: string,
  page: PageRequest = {},
): Promise<TransactionPage> {
  const limit = page.limit ?? limits.transactionPageMax;
  if (!Number.isInteger(limit) || limit < 1 || limit > limits.transactionPageMax)
    throw badRequest(messages.validation, { limit: messages.validation });
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  await findVisibleAccount(db, actor, accountNumber);
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.accountNumber, accountNumber),
        isNull(transactions.deletedAt),
        after === undefined
          ? undefined
          : sql`(${orderKey}, ${transactions.id}) < (${after.key.toString()}::bigint, ${after.id}::bigint)`,
      ),
    )
    .orderBy(desc(orderKey), desc(transactions.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const more = rows.length > limit;
  return { transactions: shown.map(toTransaction), nextCursor: more ? encodeCursor(shown.at(-1)!) : null };
}
