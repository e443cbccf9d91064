/**
 * Renders a sample statement to a file, to look at the layout without a database:
 *   npx tsx apps/server/scripts/render-statement.ts /tmp/statement.pdf [number of transactions]
 */
import { writeFileSync } from 'node:fs';
import { computeStatementLines, type PostedEntry } from '../src/domain/statements/statement-content.js';
import { monthPeriod } from '../src/domain/months/period.js';
import { renderStatementPdf } from '../src/domain/statements/render-statement.js';

const [, , outFile = '/tmp/statement.pdf', countArg = '60'] = process.argv;
const period = monthPeriod(2026, 9, 'UTC');
const descriptions = [
  'Teller Deposit',
  'Teller Withdrawal',
  'Transfer to SAVINGS **4821',
  'Transfer from CHECKING **1234',
  'Lunch money',
];
const entries: PostedEntry[] = [];
let balance = 125_000;
for (let i = 0; i < Number(countArg); i++) {
  const credit = i % 3 !== 1 || balance < 5_000;
  const amountCents = 500 + ((i * 7_919) % 20_000);
  balance += credit ? amountCents : -amountCents;
  entries.push({
    postedDate: new Date(
      period.start.getTime() + Math.floor((i * 30 * 86_400_000) / Math.max(1, Number(countArg))),
    ),
    type: credit ? 'credit' : 'debit',
    amountCents,
    description:
      i === 4
        ? 'A long description the admin typed to explain this correction in detail, which has to wrap onto a second line'
        : descriptions[i % descriptions.length]!,
  });
}
const figures = computeStatementLines(period, {
  openingBalanceCents: 100_000,
  postedBalanceBeforeCents: 125_000,
  entries,
});
const pdf = await renderStatementPdf({
  bankName: 'Demo School Bank',
  customerName: 'Jamie Student',
  accountType: 'CHECKING',
  accountNumber: '1234567890',
  period,
  issuedAt: period.end,
  openingBalanceCents: 100_000,
  ...figures,
});
writeFileSync(outFile, pdf);
console.log(`${outFile}: ${pdf.length} bytes`);
