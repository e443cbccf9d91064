import { batchBody, type Account, type BatchBody, type BatchKind, type Student } from '@bank/shared';
import { lastFour, parseAmountInput } from '../../lib/format';
import { schemaErrors } from '../../lib/validation';

/** One row of the payday: one account of one Student of the branch. */
export interface PaydayRow {
  account: Account;
  name: string;
  username: string;
}

/** What the teacher chose on the entry screen. */
export interface PaydayChoices {
  branchId: string;
  kind: BatchKind;
  sameAmount: boolean;
  amount: string;
  memo: string;
  /** Account ids left out (the "Pay" box unticked). */
  skipped: Set<string>;
  /** Per-row amounts, when not one amount for everyone. */
  amounts: Record<string, string>;
}

export const accountShort = (a: Account) => `${a.accountType} ${lastFour(a.accountId)}`;

/** Every open account of the branch's Students, by name; each student's first is ticked by default. */
export function rowsOf(students: Student[]): PaydayRow[] {
  return students.flatMap((s) =>
    s.accounts.map((account) => ({ account, name: s.name, username: s.username })),
  );
}

/**
 * The accounts unticked at first: a student with checking and savings is paid into checking only
 * (paying both by default would pay twice); the teacher may tick the other.
 */
export function defaultSkipped(students: Student[]): Set<string> {
  const skipped = new Set<string>();
  for (const s of students) {
    const first = s.accounts.find((a) => a.accountType === 'CHECKING') ?? s.accounts[0];
    for (const a of s.accounts) if (a !== first) skipped.add(a.accountId);
  }
  return skipped;
}

export const amountOfRow = (choices: PaydayChoices, accountId: string) =>
  choices.sameAmount ? choices.amount : (choices.amounts[accountId] ?? '');

/** The ticked rows, in table order. */
export const includedRows = (rows: PaydayRow[], choices: PaydayChoices) =>
  rows.filter((r) => !choices.skipped.has(r.account.accountId));

/** The body of the preview and the payday. */
export function bodyOf(rows: PaydayRow[], choices: PaydayChoices): BatchBody {
  const memo = choices.memo.trim();
  return {
    kind: choices.kind,
    ...(memo ? { memo } : {}),
    items: includedRows(rows, choices).map((r) => ({
      accountId: r.account.accountId,
      amount: parseAmountInput(amountOfRow(choices, r.account.accountId)) as number,
    })),
  };
}

/**
 * The shared schema's errors, moved to where the teacher types: `amount` (one for everyone), the
 * row's amount box (`row.{accountId}`), `memo`, or `items` (nothing ticked).
 */
export function paydayErrors(rows: PaydayRow[], choices: PaydayChoices): Record<string, string> {
  const included = includedRows(rows, choices);
  const raw = schemaErrors(batchBody, bodyOf(rows, choices));
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(raw)) {
    const match = /^items\.(\d+)\.amount$/.exec(path);
    if (match) {
      const row = included[Number(match[1])];
      if (choices.sameAmount) errors.amount ??= message;
      else if (row) errors[`row.${row.account.accountId}`] ??= message;
    } else if (path.startsWith('items')) errors.items ??= message;
    else errors[path] ??= message;
  }
  return errors;
}
