import { messages, type BatchKind } from '@bank/shared';
import type { Actor } from '../../actor.js';
import { AppError } from '../../errors.js';
import { leavesBalanceNegative, type AccountRow } from '../locked-accounts.js';
import { isUsableAccount } from '../permissions.js';

/** One item of a class payday, amounts in cents (API.md "Classroom tools"). */
export interface BatchItemInput {
  accountId: string;
  amountCents: number;
}

export interface BatchInput {
  kind: BatchKind;
  memo: string | null;
  items: BatchItemInput[];
  /**
   * What each transaction of the payday is called on the account page and statements; absent, a
   * payday's own words ("Teller Deposit"/"Teller Withdrawal") with `memo` on each row. An award
   * names itself ("Award: …"): its rows carry no memo, which would repeat the name; the payday keeps it.
   */
  description?: string;
}

export type ItemRefusal = 'NOT_FOUND' | 'INSUFFICIENT_FUNDS';

export interface JudgedItem {
  item: BatchItemInput;
  /** The account, when the actor may use it; null otherwise (nothing is said about it). */
  account: AccountRow | null;
  newBalanceCents: number | null;
  refusal: ItemRefusal | null;
}

/** What an item does to its account's balance: a deposit adds, a withdrawal takes away. */
export const signedItemCents = (kind: BatchKind, item: BatchItemInput) =>
  kind === 'deposit' ? item.amountCents : -item.amountCents;

/**
 * Judges every item of a payday by the rules of a single deposit or withdrawal (the account is
 * usable by the actor; the balance never goes below zero), against the accounts as read or locked.
 */
export function judgeItems(
  actor: Actor,
  input: BatchInput,
  accounts: ReadonlyMap<string, AccountRow>,
): JudgedItem[] {
  return input.items.map((item) => {
    const account = accounts.get(item.accountId);
    if (!isUsableAccount(actor, account))
      return { item, account: null, newBalanceCents: null, refusal: 'NOT_FOUND' };
    const delta = signedItemCents(input.kind, item);
    if (leavesBalanceNegative(account, delta))
      return { item, account, newBalanceCents: null, refusal: 'INSUFFICIENT_FUNDS' };
    return { item, account, newBalanceCents: account.balanceCents + delta, refusal: null };
  });
}

/** The text for a person beside a refused item. */
export function itemRefusalMessage(refusal: ItemRefusal): string {
  return refusal === 'NOT_FOUND' ? messages.batchAccountNotFound : messages.insufficientFunds;
}

/**
 * The answer to a payday with refused items, or null when every item goes through. It names every
 * refused item (`items.N.accountId` for an account that cannot be used, `items.N.amount` for one
 * that cannot cover it); the status is the first that applies of 404, then 409.
 */
export function batchRefusal(judged: JudgedItem[]): AppError | null {
  const fields: Record<string, string> = {};
  let notFound = false;
  judged.forEach(({ refusal }, index) => {
    if (!refusal) return;
    notFound ||= refusal === 'NOT_FOUND';
    const field = refusal === 'NOT_FOUND' ? 'accountId' : 'amount';
    fields[`items.${index}.${field}`] = itemRefusalMessage(refusal);
  });
  if (Object.keys(fields).length === 0) return null;
  return notFound
    ? new AppError(404, 'NOT_FOUND', messages.batchAccountsNotFound, fields, { reason: 'NOT_FOUND' })
    : new AppError(409, 'CONFLICT', messages.batchInsufficientFunds, fields, {
        reason: 'INSUFFICIENT_FUNDS',
      });
}

/** The sum of the items' amounts, in cents. */
export const totalCents = (items: BatchItemInput[]) => items.reduce((sum, item) => sum + item.amountCents, 0);
