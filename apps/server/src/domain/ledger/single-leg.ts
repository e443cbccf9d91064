import { eq } from 'drizzle-orm';
import { codePoints, limits, messages, type Transaction, type TransactionType } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { transactions } from '../../db/schema.js';
import { isStaff, type Actor } from '../actor.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { LedgerClock } from './clock.js';
import { inTransaction } from '../../db/transaction.js';
import { invariant } from './invariant.js';
import { lockAccounts } from './locked-accounts.js';
import { assertMayMoveMoney, usableAccount, type MoneyAction } from './permissions.js';
import { waitForPostingLock } from '../../db/locks.js';
import { postPendingRows } from './post-rows.js';
import { toTransaction } from './to-transaction.js';
import { writeLegs } from './write-legs.js';

export interface AmountInput {
  accountId: string;
  amountCents: number;
  /** The optional memo, already checked by the text rule. */
  memo?: string | null;
}

export interface SingleLegInput {
  accountId: string;
  type: TransactionType;
  description: string;
  amountCents: number;
  memo?: string | null;
}

/** One credit or debit by a signed-in user, after the role, bank-setting and tenancy checks. */
async function actorSingleLeg(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  action: MoneyAction,
  leg: SingleLegInput,
) {
  return inTransaction(db, async (tx) => {
    await assertMayMoveMoney(tx, actor, action);
    const locked = await lockAccounts(tx, [leg.accountId]);
    usableAccount(actor, locked, leg.accountId);
    const [row] = await writeLegs(tx, clock, locked, [
      { ...leg, accountNumber: leg.accountId, createdBy: actor.id },
    ]);
    invariant(row, 'the transaction was not written');
    return toTransaction(row);
  });
}

/** A teller's or admin's deposit: a pending credit "Teller Deposit". */
export function deposit(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  input: AmountInput,
): Promise<Transaction> {
  return actorSingleLeg(db, clock, actor, 'deposit', {
    accountId: input.accountId,
    type: 'credit',
    description: messages.tellerDepositDescription,
    amountCents: input.amountCents,
    memo: input.memo ?? null,
  });
}

/** A teller's or admin's withdrawal: a pending debit "Teller Withdrawal"; 409 when the balance cannot cover it. */
export function withdraw(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  input: AmountInput,
): Promise<Transaction> {
  return actorSingleLeg(db, clock, actor, 'withdrawal', {
    accountId: input.accountId,
    type: 'debit',
    description: messages.tellerWithdrawalDescription,
    amountCents: input.amountCents,
    memo: input.memo ?? null,
  });
}

/**
 * A staff member's single credit or debit with their own description (POST /user/transactions/create).
 * A single leg creates or destroys money, so a USER may not; a credit needs deposit permission
 * and a debit withdrawal permission.
 */
export async function createTransaction(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  input: SingleLegInput,
): Promise<Transaction> {
  if (!isStaff(actor)) throw forbidden();
  const description = input.description.trim();
  if (!description)
    throw badRequest(messages.descriptionRequired, { description: messages.descriptionRequired });
  if (codePoints(description) > limits.descriptionMaxLength) {
    throw badRequest(messages.descriptionTooLong, { description: messages.descriptionTooLong });
  }
  return actorSingleLeg(db, clock, actor, input.type === 'credit' ? 'deposit' : 'withdrawal', {
    ...input,
    description,
  });
}

export interface TrustedLegInput extends SingleLegInput {
  /** The user it is recorded as made by; null for the bank itself (interest). */
  createdBy: number | null;
  /** When it is due for posting; by default `clock.now` plus the posting delay. */
  transactionDate?: Date;
  /** Post it at once, at `clock.now` (interest is "posted at once"). */
  post?: boolean;
}

/**
 * A credit or debit written by the bank itself (seeding, interest, operator tools): no actor and
 * no permission checks, but the same locking, balance rule and posting as every other movement.
 * The account must exist and be open. With `post`, this waits for the posting lock first (the
 * order the posting job takes locks in), so call it with the database or in a transaction that
 * holds no account locks yet.
 */
export async function createSingleLeg(
  db: Executor,
  clock: LedgerClock,
  input: TrustedLegInput,
): Promise<Transaction> {
  return inTransaction(db, async (tx) => {
    if (input.post) await waitForPostingLock(tx);
    const locked = await lockAccounts(tx, [input.accountId]);
    if (locked.get(input.accountId)?.closedAt !== null) throw notFound();
    const [row] = await writeLegs(tx, clock, locked, [{ ...input, accountNumber: input.accountId }]);
    invariant(row, 'the transaction was not written');
    if (!input.post) return toTransaction(row);
    await postPendingRows(tx, clock.now, [row.id]);
    const [posted] = await tx.select().from(transactions).where(eq(transactions.id, row.id));
    invariant(posted?.status === 'posted', `transaction ${row.id} was not posted`);
    return toTransaction(posted);
  });
}
