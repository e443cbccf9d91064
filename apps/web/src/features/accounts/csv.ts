import type { Transaction } from '@bank/shared';
import { formatDate } from '../../lib/format';

/** A cell a spreadsheet will not run as a formula, quoted when it must be. */
function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const amount = (n: number) => n.toFixed(2);

/** The account's transactions as CSV (RFC 4180 line endings). */
export function transactionsCsv(transactions: Transaction[]): string {
  const header = [
    'Transaction Id',
    'Date',
    'Posted Date',
    'Description',
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
    t.type === 'debit' ? amount(t.amount) : '',
    t.type === 'credit' ? amount(t.amount) : '',
    t.status === 'posted' && t.accountBalance !== null ? amount(t.accountBalance) : '',
    t.status,
  ]);
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function downloadText(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
