import { messages } from '@bank/shared';
import type { Tx } from '../../db/client.js';
import type { LedgerClock, LockedAccounts } from '../ledger/index.js';
import { invariant } from '../ledger/invariant.js';
import { writeLegs } from '../ledger/write-legs.js';
import { changeHold } from '../ledger/holds.js';
import type { RequestRow } from './request-view.js';

/**
 * An approved request's money moves as a teller's deposit or withdrawal would: a pending leg with
 * the request's memo, posted later like any other. A waiting withdrawal's hold is released in the
 * same transaction first, so the debit spends the money the hold kept for it.
 */
export async function moveRequestedMoney(
  tx: Tx,
  clock: LedgerClock,
  locked: LockedAccounts,
  request: Pick<RequestRow, 'kind' | 'accountNumber' | 'amountCents' | 'memo'>,
  options: { releaseCents: number; madeBy: number },
): Promise<number> {
  const account = locked.get(request.accountNumber);
  invariant(account, `account ${request.accountNumber} is not locked`);
  await changeHold(tx, account, -options.releaseCents);
  const deposit = request.kind === 'deposit';
  const [row] = await writeLegs(tx, clock, locked, [
    {
      accountNumber: request.accountNumber,
      type: deposit ? 'credit' : 'debit',
      description: deposit ? messages.tellerDepositDescription : messages.tellerWithdrawalDescription,
      amountCents: request.amountCents,
      memo: request.memo,
      createdBy: options.madeBy,
    },
  ]);
  invariant(row, 'the request moved no money');
  return row.id;
}
