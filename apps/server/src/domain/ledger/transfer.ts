import { randomUUID } from 'node:crypto';
import { messages, type TransferResult } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../actor.js';
import { badRequest } from '../errors.js';
import type { LedgerClock } from './clock.js';
import { inTransaction } from '../../db/transaction.js';
import { invariant } from './invariant.js';
import { lockAccounts } from './locked-accounts.js';
import { assertMayMoveMoney, usableAccount } from './permissions.js';
import { signedCents, toTransaction } from './to-transaction.js';
import { writeLegs } from './write-legs.js';

export interface TransferInput {
  fromAccountId: string;
  toAccountId: string;
  amountCents: number;
}

const lastFour = (accountNumber: string) => accountNumber.slice(-4);

/**
 * Moves money between two accounts as one unit: a debit on the source and a credit on the target,
 * linked by one transferId, written together with both balances in one database transaction
 * that holds both account locks (taken in ascending account-number order). A USER moves money
 * only between their own open accounts; staff within their bank (a TELLER needs the bank's
 * transfer permission).
 */
export async function transfer(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  input: TransferInput,
): Promise<TransferResult> {
  if (input.fromAccountId === input.toAccountId) {
    throw badRequest(messages.sameAccountTwice, { toAccountId: messages.targetAccountInvalid });
  }
  return inTransaction(db, async (tx) => {
    await assertMayMoveMoney(tx, actor, 'transfer');
    const locked = await lockAccounts(tx, [input.fromAccountId, input.toAccountId]);
    const source = usableAccount(actor, locked, input.fromAccountId);
    const target = usableAccount(actor, locked, input.toAccountId);
    const transferId = randomUUID();
    const common = { amountCents: input.amountCents, transferId, createdBy: actor.id };
    const rows = await writeLegs(tx, clock, locked, [
      {
        ...common,
        accountNumber: source.accountNumber,
        type: 'debit',
        description: messages.transferToDescription(target.type, lastFour(target.accountNumber)),
      },
      {
        ...common,
        accountNumber: target.accountNumber,
        type: 'credit',
        description: messages.transferFromDescription(source.type, lastFour(source.accountNumber)),
      },
    ]);
    const debit = rows.find((r) => r.type === 'debit');
    const credit = rows.find((r) => r.type === 'credit');
    invariant(debit && credit, 'a transfer has a debit and a credit');
    invariant(signedCents(debit) + signedCents(credit) === 0, 'the legs of a transfer sum to zero');
    return { transferId, debit: toTransaction(debit), credit: toTransaction(credit) };
  });
}
