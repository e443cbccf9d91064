import dayjs from 'dayjs';
import { STATEMENT_FILE_PATTERN, type Account } from '@bank/shared';

export interface StatementName {
  fileName: string;
  accountId: string;
  /** "October 2026". */
  month: string;
}

/** Reads `statement-{accountId}-{YYYY-MM}.pdf`; null for a name of another shape (shown as it is). */
export function parseStatementName(fileName: string): StatementName | null {
  const match = STATEMENT_FILE_PATTERN.exec(fileName);
  if (!match) return null;
  const [, accountId = '', year = '', month = ''] = match;
  return { fileName, accountId, month: dayjs(`${year}-${month}-01`).format('MMMM YYYY') };
}

/** "October 2026 · CHECKING **2345" (a closed account, no longer listed, shows as "Account **2345"). */
export function describeStatement(fileName: string, accounts: Account[] | undefined): string {
  const name = parseStatementName(fileName);
  if (!name) return '';
  const account = accounts?.find((a) => a.accountId === name.accountId);
  return `${name.month} · ${account?.accountType ?? 'Account'} **${name.accountId.slice(-4)}`;
}
