import type { MonthPeriod } from '../months/period.js';
import type { PostedEntry } from '../months/posted-history.js';
import { messages } from '@bank/shared';

/** A transaction as it appears on a statement: posted in the statement's month. */
export type { PostedEntry };

export interface StatementLine {
  date: Date;
  description: string;
  debitCents: number | null;
  creditCents: number | null;
  /** Running balance after this line, from the opening balance in posting order. */
  balanceCents: number;
}

/** Everything printed on one statement; amounts in integer cents. */
export interface StatementContent {
  bankName: string;
  customerName: string;
  accountType: 'CHECKING' | 'SAVINGS';
  accountNumber: string;
  period: MonthPeriod;
  issuedAt: Date;
  openingBalanceCents: number;
  lines: StatementLine[];
  totalDebitsCents: number;
  totalCreditsCents: number;
  closingBalanceCents: number;
}

/** Shown when history before the month was changed after the previous statement was issued. */
export const PRIOR_PERIOD_CORRECTION = messages.priorPeriodCorrection;

export interface StatementFigures {
  /** Where this statement starts: the previous statement's closing balance, or the posted balance before the month. */
  openingBalanceCents: number;
  /**
   * The posted balance before the month as the ledger has it now. When it differs from the
   * opening balance (an admin edited or deleted a transaction of an already issued month), one
   * correction line on the month's first day carries the difference, so that the closing balance
   * is still the account's real posted balance at the month's end.
   */
  postedBalanceBeforeCents: number;
  entries: PostedEntry[];
}

const assertCents = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error('Statement amount out of range');
  return value;
};

/** The statement's lines and totals, in integer arithmetic: opening + credits − debits = closing. */
export function computeStatementLines(period: MonthPeriod, figures: StatementFigures) {
  const entries: PostedEntry[] = [];
  const correction = figures.postedBalanceBeforeCents - figures.openingBalanceCents;
  if (correction !== 0) {
    entries.push({
      postedDate: period.start,
      type: correction > 0 ? 'credit' : 'debit',
      amountCents: Math.abs(correction),
      description: PRIOR_PERIOD_CORRECTION,
    });
  }
  entries.push(...figures.entries);

  let balance = figures.openingBalanceCents;
  let totalDebitsCents = 0;
  let totalCreditsCents = 0;
  const lines: StatementLine[] = entries.map((entry) => {
    const isCredit = entry.type === 'credit';
    if (isCredit) totalCreditsCents = assertCents(totalCreditsCents + entry.amountCents);
    else totalDebitsCents = assertCents(totalDebitsCents + entry.amountCents);
    balance = assertCents(balance + (isCredit ? entry.amountCents : -entry.amountCents));
    return {
      date: entry.postedDate,
      description: entry.memo ? messages.describedWithMemo(entry.description, entry.memo) : entry.description,
      debitCents: isCredit ? null : entry.amountCents,
      creditCents: isCredit ? entry.amountCents : null,
      balanceCents: balance,
    };
  });
  return { lines, totalDebitsCents, totalCreditsCents, closingBalanceCents: balance };
}
