import PDFDocument from 'pdfkit';
import { formatCents } from '@bank/shared';
import { TextWriter, type TextStyle } from './text-layout.js';
import { formatLongDate, formatMonthName, formatStatementDate } from './format.js';
import { lastInstantOf } from '../months/period.js';
import type { StatementContent, StatementLine } from './statement-content.js';

/** The document and the writer that prints its text (text-layout.ts), passed together. */
interface Out {
  doc: PDFKit.PDFDocument;
  text: TextWriter;
}

const PAGE = { width: 612, height: 792, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Room kept at the bottom of every page for the footer. */
const FOOTER_HEIGHT = 28;
const TABLE_BOTTOM = PAGE.height - PAGE.margin - FOOTER_HEIGHT;

const COLORS = {
  ink: '#1a1a1a',
  muted: '#5f6b76',
  rule: '#c9d1d9',
  band: '#1f3a5f',
  headerFill: '#e8eef5',
  zebra: '#f6f8fa',
};
const regular = (size: number): TextStyle => ({ weight: 'regular', size });
const bold = (size: number): TextStyle => ({ weight: 'bold', size });

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}
const COLUMNS: Column[] = [
  { title: 'Date', width: 68, align: 'left' },
  { title: 'Description', width: 208, align: 'left' },
  { title: 'Debit', width: 80, align: 'right' },
  { title: 'Credit', width: 80, align: 'right' },
  { title: 'Balance', width: 80, align: 'right' },
];
const CELL_PADDING_X = 6;
const CELL_PADDING_Y = 4;
const TABLE_FONT_SIZE = 9;

/**
 * Text as typed, made fit to print: composed (NFC, so "e" + a combining accent prints as the
 * font's "é") and with control characters (tabs, line breaks) as spaces. Any character prints in
 * the embedded fonts that have it; one that none has prints as U+FFFD (fonts.ts).
 */
export function printable(text: string): string {
  return text.normalize('NFC').replace(/\p{Cc}/gu, ' ');
}

/** Draws one statement as a PDF: header, summary, the month's transactions and page numbers. */
export function renderStatementPdf(content: StatementContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `Account statement ${content.accountNumber} ${content.period.label}`,
      Author: printable(content.bankName),
      Subject: `${content.accountType} account ${content.accountNumber}, ${formatMonthName(content.period.label)}`,
      CreationDate: content.issuedAt,
      ModDate: content.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const out: Out = { doc, text: new TextWriter(doc) };
  const tableTop = drawFirstPageHeader(out, content);
  drawTransactions(out, content, tableTop);
  drawFooters(out, content);
  doc.end();
  return finished;
}

function periodText(content: StatementContent): string {
  return `${formatLongDate(content.period.start, content.period.zone)} - ${formatLongDate(lastInstantOf(content.period), content.period.zone)}`;
}

/** Draws the first page's header and summary; returns where the table starts. */
function drawFirstPageHeader(out: Out, content: StatementContent): number {
  const { doc, text } = out;
  const top = PAGE.margin;
  doc.rect(0, 0, PAGE.width, 8).fill(COLORS.band);
  doc.fillColor(COLORS.band);
  text.write(printable(content.bankName), PAGE.margin, top, bold(20), {
    width: CONTENT_WIDTH * 0.6,
    oneLine: true,
  });
  doc.fillColor(COLORS.ink);
  text.write('Account Statement', PAGE.margin, top + 2, bold(14), { width: CONTENT_WIDTH, align: 'right' });
  doc.fillColor(COLORS.muted);
  const right = { width: CONTENT_WIDTH, align: 'right' } as const;
  text.write(`Statement period: ${periodText(content)}`, PAGE.margin, top + 22, regular(9), right);
  text.write(
    `Issued: ${formatStatementDate(content.issuedAt, content.period.zone)}`,
    PAGE.margin,
    top + 34,
    regular(9),
    right,
  );
  rule(out, top + 52);

  const blockTop = top + 66;
  const leftWidth = CONTENT_WIDTH * 0.5;
  label(out, 'ACCOUNT HOLDER', PAGE.margin, blockTop);
  doc.fillColor(COLORS.ink);
  const nameBottom = text.write(printable(content.customerName), PAGE.margin, blockTop + 12, bold(12), {
    width: leftWidth - 12,
  });
  const accountTop = Math.max(nameBottom + 8, blockTop + 34);
  label(out, 'ACCOUNT', PAGE.margin, accountTop);
  doc.fillColor(COLORS.ink);
  text.write(
    `${content.accountType === 'SAVINGS' ? 'Savings' : 'Checking'} account`,
    PAGE.margin,
    accountTop + 12,
    regular(11),
  );
  text.write(`Account number ${content.accountNumber}`, PAGE.margin, accountTop + 27, regular(11));
  const leftBottom = accountTop + 44;

  const rightBottom = drawSummary(out, content, PAGE.margin + leftWidth, blockTop, CONTENT_WIDTH - leftWidth);
  doc.fillColor(COLORS.band);
  const headingTop = Math.max(leftBottom, rightBottom) + 20;
  return text.write('Transactions', PAGE.margin, headingTop, bold(12)) + 4;
}

/** The summary box on the first page; returns where it ends. */
function drawSummary(out: Out, content: StatementContent, x: number, y: number, width: number): number {
  const { doc, text } = out;
  const count = (kind: 'debit' | 'credit') =>
    content.lines.filter((l) => (kind === 'debit' ? l.debitCents !== null : l.creditCents !== null)).length;
  const rows: Array<[string, string, boolean]> = [
    [
      `Opening balance on ${formatStatementDate(content.period.start, content.period.zone)}`,
      formatCents(content.openingBalanceCents),
      false,
    ],
    [`Credits (${count('credit')})`, `+ ${formatCents(content.totalCreditsCents)}`, false],
    [`Debits (${count('debit')})`, `- ${formatCents(content.totalDebitsCents)}`, false],
    [
      `Closing balance on ${formatStatementDate(lastInstantOf(content.period), content.period.zone)}`,
      formatCents(content.closingBalanceCents),
      true,
    ],
  ];
  const rowHeight = 17;
  const height = 22 + rows.length * rowHeight + 6;
  doc.roundedRect(x, y, width, height, 4).lineWidth(0.75).strokeColor(COLORS.rule).stroke();
  doc.rect(x, y, width, 20).fill(COLORS.headerFill);
  doc.fillColor(COLORS.band);
  text.write('ACCOUNT SUMMARY', x + 10, y + 6, bold(9));
  rows.forEach(([name, amount, strong], i) => {
    const rowY = y + 26 + i * rowHeight;
    if (strong) rule(out, rowY - 4, x + 10, x + width - 10);
    const style = strong ? bold(10) : regular(10);
    doc.fillColor(COLORS.ink);
    // The amounts end 10 pt inside the box and take at most 80 pt; the names have the rest.
    text.write(name, x + 10, rowY, style, { width: width - 100, oneLine: true });
    text.write(amount, x + width - 90, rowY, style, { width: 80, align: 'right' });
  });
  return y + height;
}

function label(out: Out, title: string, x: number, y: number) {
  out.doc.fillColor(COLORS.muted);
  out.text.write(title, x, y, { ...bold(8), characterSpacing: 0.5 });
}

function rule({ doc }: Out, y: number, from = PAGE.margin, to = PAGE.width - PAGE.margin) {
  doc.moveTo(from, y).lineTo(to, y).lineWidth(0.75).strokeColor(COLORS.rule).stroke();
}

interface Row {
  cells: string[];
  bold?: boolean;
  fill?: string;
}

const cellStyle = (row: Row) => (row.bold ? bold(TABLE_FONT_SIZE) : regular(TABLE_FONT_SIZE));

function rowHeight({ text }: Out, row: Row): number {
  const description = text.height(row.cells[1] ?? '', cellStyle(row), COLUMNS[1]!.width - 2 * CELL_PADDING_X);
  return Math.max(description, TABLE_FONT_SIZE * 1.2) + 2 * CELL_PADDING_Y;
}

function drawRow(out: Out, row: Row, y: number, height: number) {
  const { doc, text } = out;
  if (row.fill) doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(row.fill);
  doc.fillColor(COLORS.ink);
  let x = PAGE.margin;
  COLUMNS.forEach((column, i) => {
    const cell = row.cells[i] ?? '';
    if (cell) {
      text.write(cell, x + CELL_PADDING_X, y + CELL_PADDING_Y, cellStyle(row), {
        width: column.width - 2 * CELL_PADDING_X,
        align: column.align,
        // Only the description wraps; the other columns are wide enough for what they hold.
        oneLine: i !== 1,
      });
    }
    x += column.width;
  });
}

function drawTableHeader(out: Out, y: number): number {
  const row: Row = { cells: COLUMNS.map((c) => c.title), bold: true, fill: COLORS.headerFill };
  const height = rowHeight(out, row);
  drawRow(out, row, y, height);
  rule(out, y + height);
  return y + height;
}

/** Later pages repeat who and what the statement is for, then the table's header. */
function continueOnNewPage(out: Out, content: StatementContent): number {
  const { doc, text } = out;
  doc.addPage();
  const top = PAGE.margin;
  doc.rect(0, 0, PAGE.width, 8).fill(COLORS.band);
  const continued = `Account Statement, ${content.accountType} ${content.accountNumber}, ${formatMonthName(content.period.label)} (continued)`;
  // The bank's name has the room the right-hand line leaves, so a long one is cut, never overlaps.
  const nameWidth = CONTENT_WIDTH - text.width(continued, regular(9)) - 12;
  doc.fillColor(COLORS.band);
  text.write(printable(content.bankName), PAGE.margin, top, bold(12), { width: nameWidth, oneLine: true });
  doc.fillColor(COLORS.muted);
  text.write(continued, PAGE.margin, top + 2, regular(9), { width: CONTENT_WIDTH, align: 'right' });
  rule(out, top + 20);
  return drawTableHeader(out, top + 30);
}

function transactionRow(line: StatementLine, zone: string): Row {
  return {
    cells: [
      formatStatementDate(line.date, zone),
      printable(line.description),
      line.debitCents === null ? '' : formatCents(line.debitCents),
      line.creditCents === null ? '' : formatCents(line.creditCents),
      formatCents(line.balanceCents),
    ],
  };
}

function drawTransactions(out: Out, content: StatementContent, top: number) {
  const rows: Row[] = [
    {
      cells: [
        formatStatementDate(content.period.start, content.period.zone),
        'Opening balance',
        '',
        '',
        formatCents(content.openingBalanceCents),
      ],
      bold: true,
    },
    ...content.lines.map((line) => transactionRow(line, content.period.zone)),
  ];
  if (content.lines.length === 0)
    rows.push({ cells: ['', 'No transactions were posted in this period.', '', '', ''] });
  rows.forEach((row, i) => {
    if (i > 0 && i % 2 === 0) row.fill = COLORS.zebra;
  });
  const closing: Row[] = [
    {
      cells: [
        '',
        'Total debits and credits',
        formatCents(content.totalDebitsCents),
        formatCents(content.totalCreditsCents),
        '',
      ],
      bold: true,
    },
    {
      cells: [
        formatStatementDate(lastInstantOf(content.period), content.period.zone),
        'Closing balance',
        '',
        '',
        formatCents(content.closingBalanceCents),
      ],
      bold: true,
      fill: COLORS.headerFill,
    },
  ];

  let y = drawTableHeader(out, top);
  for (const row of rows) {
    const height = rowHeight(out, row);
    if (y + height > TABLE_BOTTOM) y = continueOnNewPage(out, content);
    drawRow(out, row, y, height);
    y += height;
  }
  // The totals and the closing balance stay together on one page.
  const heights = closing.map((row) => rowHeight(out, row));
  if (y + heights[0]! + heights[1]! > TABLE_BOTTOM) y = continueOnNewPage(out, content);
  rule(out, y);
  closing.forEach((row, i) => {
    drawRow(out, row, y, heights[i]!);
    y += heights[i]!;
  });
  rule(out, y);
  drawNotes(out, y + 14, content.period.zone);
}

const notes = (zone: string) =>
  `Transactions are listed in the order they were posted; dates are posting dates in the bank's time zone (${zone}). ` +
  'Transactions still pending at the end of the period appear on the statement of the month in which they post.';

function drawNotes({ doc, text }: Out, y: number, zone: string) {
  const style = regular(8);
  const note = notes(zone);
  if (y + text.height(note, style, CONTENT_WIDTH) > TABLE_BOTTOM) return;
  doc.fillColor(COLORS.muted);
  text.write(note, PAGE.margin, y, style, { width: CONTENT_WIDTH });
}

function drawFooters({ doc, text }: Out, content: StatementContent) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - PAGE.margin - 10;
    rule({ doc, text }, y - 6);
    doc.fillColor(COLORS.muted);
    text.write(
      `${printable(content.bankName)} - ${content.accountType} ${content.accountNumber} - ${content.period.label}`,
      PAGE.margin,
      y,
      regular(8),
      { width: CONTENT_WIDTH * 0.7, oneLine: true },
    );
    text.write(`Page ${i - range.start + 1} of ${range.count}`, PAGE.margin, y, regular(8), {
      width: CONTENT_WIDTH,
      align: 'right',
    });
  }
}
