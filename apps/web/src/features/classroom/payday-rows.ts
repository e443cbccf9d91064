import {
  batchBody,
  type Account,
  type AccountType,
  type BatchBody,
  type BatchKind,
  type Student,
} from '@bank/shared';
import { cents, lastFour, parseAmountInput } from '../../lib/format';
import { schemaErrors } from '../../lib/validation';

/** One row of the payday: one Student of the branch, with their open accounts (checking first). */
export interface PaydayRow {
  userId: string;
  name: string;
  username: string;
  accounts: Account[];
}

/** What the teacher chose on the entry screen. Per-student choices are keyed by `userId`. */
export interface PaydayChoices {
  branchId: string;
  kind: BatchKind;
  sameAmount: boolean;
  amount: string;
  memo: string;
  /** The account type every row is paid into, unless the row chose another account. */
  payInto: AccountType;
  /** A row's own account, where the teacher picked one in the row. */
  accountOf: Record<string, string>;
  /** Students left out (their "Pay" box unticked). */
  skipped: Set<string>;
  /** Amounts typed in a row, when not one amount for everyone; untouched rows use the amount for everyone. */
  amounts: Record<string, string>;
}

/** What a new branch starts from: everyone ticked, into checking, nothing typed in the rows. */
export const rowChoicesCleared = (): Pick<
  PaydayChoices,
  'skipped' | 'amounts' | 'accountOf' | 'payInto'
> => ({
  skipped: new Set(),
  amounts: {},
  accountOf: {},
  payInto: 'CHECKING',
});

export const accountShort = (a: Account) => `${a.accountType} ${lastFour(a.accountId)}`;

const typeOrder = (a: Account) => (a.accountType === 'CHECKING' ? 0 : 1);

/**
 * The branch's Students as rows, by name: those with an open account are payable (their accounts
 * checking before savings, whatever order the server gave); the rest are listed apart.
 */
export function rowsOf(students: Student[]): { payable: PaydayRow[]; unpayable: PaydayRow[] } {
  const rows = students.map((s) => ({
    userId: s.userId,
    name: s.name,
    username: s.username,
    accounts: [...s.accounts].sort((a, b) => typeOrder(a) - typeOrder(b)),
  }));
  return {
    payable: rows.filter((r) => r.accounts.length > 0),
    unpayable: rows.filter((r) => !r.accounts.length),
  };
}

/** The row's account: its own choice, else its account of the chosen type, else its other account. */
export function accountOfRow(row: PaydayRow, choices: PaydayChoices): Account {
  const own = row.accounts.find((a) => a.accountId === choices.accountOf[row.userId]);
  return own ?? row.accounts.find((a) => a.accountType === choices.payInto) ?? row.accounts[0]!;
}

/** Rows without an account of the chosen type (they keep their other account). */
export const rowsLacking = (rows: PaydayRow[], type: AccountType) =>
  rows.filter((r) => !r.accounts.some((a) => a.accountType === type));

/** A row's amount as typed: the amount for everyone, or the row's own (which starts from it). */
export const amountOfRow = (choices: PaydayChoices, userId: string) =>
  choices.sameAmount ? choices.amount : (choices.amounts[userId] ?? choices.amount);

/** The ticked rows, in table order. */
export const includedRows = (rows: PaydayRow[], choices: PaydayChoices) =>
  rows.filter((r) => !choices.skipped.has(r.userId));

/** The sum of the ticked rows' amounts (in currency units), or null while any is not a positive number. */
export function totalOf(rows: PaydayRow[], choices: PaydayChoices): number | null {
  let sum = 0;
  for (const row of includedRows(rows, choices)) {
    const amount = parseAmountInput(amountOfRow(choices, row.userId));
    if (typeof amount !== 'number' || !(amount > 0)) return null;
    sum += cents(amount);
  }
  return sum / 100;
}

/** The body of the preview and the payday. */
export function bodyOf(rows: PaydayRow[], choices: PaydayChoices): BatchBody {
  const memo = choices.memo.trim();
  return {
    kind: choices.kind,
    ...(memo ? { memo } : {}),
    items: includedRows(rows, choices).map((r) => ({
      accountId: accountOfRow(r, choices).accountId,
      amount: parseAmountInput(amountOfRow(choices, r.userId)) as number,
    })),
  };
}

/**
 * The shared schema's errors, moved to where the teacher types: `amount` (one for everyone), the
 * row's amount box (`row.{userId}`), `memo`, or `items` (nothing ticked).
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
      else if (row) errors[`row.${row.userId}`] ??= message;
    } else if (path.startsWith('items')) errors.items ??= message;
    else errors[path] ??= message;
  }
  return errors;
}
