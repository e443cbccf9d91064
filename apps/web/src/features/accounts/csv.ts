import type { Transaction } from '@bank/shared';
import { toCsv } from '../../lib/csv';
import { formatDate, memoOf } from '../../lib/format';

export { downloadText } from '../../lib/csv';

const amount = (n: number) => n.toFixed(2);

/** The account's transactions as CSV (RFC 4180 line endings), the memo beside the description. */
export function transactionsCsv(transactions: Transaction[]): string {
  const header = [
    'Transaction Id',
    'Date',
    'Posted Date',
    'Description',
    'Memo',
    'Debit',
    'Credit',
    'Balance',
    'Status',
  ];
  const rows = transactions.map((t) => [
    t.id,
    formatDate(t.transactionDate),
    formatDate(t.postedDate),
    t.description,
    memoOf(t),
    t.type === 'debit' ? amount(t.amount) : '',
    t.type === 'credit' ? amount(t.amount) : '',
    t.status === 'posted' && t.accountBalance !== null ? amount(t.accountBalance) : '',
    t.status,
  ]);
  return toCsv([header, ...rows]);
}
