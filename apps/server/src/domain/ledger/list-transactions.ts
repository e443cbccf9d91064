import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { limits, messages, type Transaction } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { transactions } from '../../db/schema.js';
import { findVisibleAccount } from '../access.js';
import type { Actor } from '../actor.js';
import { badRequest } from '../errors.js';
import { toTransaction } from './to-transaction.js';

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

/**
 * An account's live transactions, newest first, one page at a time. The cursor is the last id
 * shown and the next page continues below it (keyset on id, served by
 * transactions_account_page_idx), so transactions arriving meanwhile neither repeat nor shift a
 * page, and a deep page costs what the first one does.
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
  const before = page.cursor === undefined ? undefined : Number(page.cursor);
  if (before !== undefined && (!Number.isSafeInteger(before) || before < 1)) {
    throw badRequest(messages.pageCursorInvalid, { cursor: messages.pageCursorInvalid });
  }
  await findVisibleAccount(db, actor, accountNumber);
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.accountNumber, accountNumber),
        isNull(transactions.deletedAt),
        before === undefined ? undefined : lt(transactions.id, before),
      ),
    )
    .orderBy(desc(transactions.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const more = rows.length > limit;
  return { transactions: shown.map(toTransaction), nextCursor: more ? String(shown.at(-1)!.id) : null };
}
