import PDFDocument from 'pdfkit';
import { formatCents, formatLongDate, formatMonthName, formatStatementDate } from './format.js';
import { lastInstantOf } from '../month-end/period.js';
import type { StatementContent, StatementLine } from './statement-content.js';

type Doc = PDFKit.PDFDocument;

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
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

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
 * The standard PDF fonts (which keep the file small and need nothing installed) cover the
 * Windows-1252 repertoire only; any other character prints as "?" rather than as garbage.
 */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export function printable(text: string): string {
  return Array.from(text)
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return ' ';
      return code <= 0x7e || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.includes(ch) ? ch : '?';
    })
    .join('');
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
      Subject: `${content.accountType} account ${content.accountNumber}, ${formatMonthName(content.period.start)}`,
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

  drawFirstPageHeader(doc, content);
  drawTransactions(doc, content);
  drawFooters(doc, content);
  doc.end();
  return finished;
}

function periodText(content: StatementContent): string {
  return `${formatLongDate(content.period.start)} - ${formatLongDate(lastInstantOf(content.period))}`;
}

function drawFirstPageHeader(doc: Doc, content: StatementContent) {
  const top = PAGE.margin;
  doc.rect(0, 0, PAGE.width, 8).fill(COLORS.band);
  doc.fillColor(COLORS.band).font(FONT.bold).fontSize(20);
  doc.text(printable(content.bankName), PAGE.margin, top, {
    width: CONTENT_WIDTH * 0.6,
    lineBreak: false,
    ellipsis: true,
  });
  doc.fillColor(COLORS.ink).font(FONT.bold).fontSize(14);
  doc.text('Account Statement', PAGE.margin, top + 2, { width: CONTENT_WIDTH, align: 'right' });
  doc.font(FONT.regular).fontSize(9).fillColor(COLORS.muted);
  doc.text(`Statement period: ${periodText(content)}`, PAGE.margin, top + 22, {
    width: CONTENT_WIDTH,
    align: 'right',
  });
  doc.text(`Issued: ${formatStatementDate(content.issuedAt)}`, PAGE.margin, top + 34, {
    width: CONTENT_WIDTH,
    align: 'right',
  });
  rule(doc, top + 52);

  const blockTop = top + 66;
  const leftWidth = CONTENT_WIDTH * 0.5;
  label(doc, 'ACCOUNT HOLDER', PAGE.margin, blockTop);
  doc.font(FONT.bold).fontSize(12).fillColor(COLORS.ink);
  doc.text(printable(content.customerName), PAGE.margin, blockTop + 12, { width: leftWidth - 12 });
  const accountTop = Math.max(doc.y + 8, blockTop + 34);
  label(doc, 'ACCOUNT', PAGE.margin, accountTop);
  doc.font(FONT.regular).fontSize(11).fillColor(COLORS.ink);
  doc.text(
    `${content.accountType === 'SAVINGS' ? 'Savings' : 'Checking'} account`,
    PAGE.margin,
    accountTop + 12,
  );
  doc.text(`Account number ${content.accountNumber}`, PAGE.margin, accountTop + 27);
  const leftBottom = accountTop + 44;

  const rightBottom = drawSummary(doc, content, PAGE.margin + leftWidth, blockTop, CONTENT_WIDTH - leftWidth);
  doc.y = Math.max(leftBottom, rightBottom) + 20;
  doc.font(FONT.bold).fontSize(12).fillColor(COLORS.band);
  doc.text('Transactions', PAGE.margin, doc.y);
  doc.y += 4;
}

/** The summary box on the first page; returns where it ends. */
function drawSummary(doc: Doc, content: StatementContent, x: number, y: number, width: number): number {
  const count = (kind: 'debit' | 'credit') =>
    content.lines.filter((l) => (kind === 'debit' ? l.debitCents !== null : l.creditCents !== null)).length;
  const rows: Array<[string, string, boolean]> = [
    [
      `Opening balance on ${formatStatementDate(content.period.start)}`,
      formatCents(content.openingBalanceCents),
      false,
    ],
    [`Credits (${count('credit')})`, `+ ${formatCents(content.totalCreditsCents)}`, false],
    [`Debits (${count('debit')})`, `- ${formatCents(content.totalDebitsCents)}`, false],
    [
      `Closing balance on ${formatStatementDate(lastInstantOf(content.period))}`,
      formatCents(content.closingBalanceCents),
      true,
    ],
  ];
  const rowHeight = 17;
  const height = 22 + rows.length * rowHeight + 6;
  doc.roundedRect(x, y, width, height, 4).lineWidth(0.75).strokeColor(COLORS.rule).stroke();
  doc.rect(x, y, width, 20).fill(COLORS.headerFill);
  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(COLORS.band)
    .text('ACCOUNT SUMMARY', x + 10, y + 6);
  rows.forEach(([name, amount, strong], i) => {
    const rowY = y + 26 + i * rowHeight;
    if (strong) rule(doc, rowY - 4, x + 10, x + width - 10);
    doc
      .font(strong ? FONT.bold : FONT.regular)
      .fontSize(10)
      .fillColor(COLORS.ink);
    doc.text(name, x + 10, rowY, { width: width - 110, lineBreak: false });
    doc.text(amount, x + width - 110, rowY, { width: 100, align: 'right', lineBreak: false });
  });
  return y + height;
}

function label(doc: Doc, text: string, x: number, y: number) {
  doc.font(FONT.bold).fontSize(8).fillColor(COLORS.muted).text(text, x, y, { characterSpacing: 0.5 });
}

function rule(doc: Doc, y: number, from = PAGE.margin, to = PAGE.width - PAGE.margin) {
  doc.moveTo(from, y).lineTo(to, y).lineWidth(0.75).strokeColor(COLORS.rule).stroke();
}

interface Row {
  cells: string[];
  bold?: boolean;
  fill?: string;
}

function rowHeight(doc: Doc, row: Row): number {
  doc.font(row.bold ? FONT.bold : FONT.regular).fontSize(TABLE_FONT_SIZE);
  const description = doc.heightOfString(row.cells[1] ?? '', {
    width: COLUMNS[1]!.width - 2 * CELL_PADDING_X,
  });
  return Math.max(description, TABLE_FONT_SIZE * 1.2) + 2 * CELL_PADDING_Y;
}

function drawRow(doc: Doc, row: Row, y: number, height: number) {
  if (row.fill) doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(row.fill);
  doc
    .font(row.bold ? FONT.bold : FONT.regular)
    .fontSize(TABLE_FONT_SIZE)
    .fillColor(COLORS.ink);
  let x = PAGE.margin;
  COLUMNS.forEach((column, i) => {
    const text = row.cells[i] ?? '';
    if (text) {
      doc.text(text, x + CELL_PADDING_X, y + CELL_PADDING_Y, {
        width: column.width - 2 * CELL_PADDING_X,
        align: column.align,
        lineBreak: i === 1,
      });
    }
    x += column.width;
  });
}

function drawTableHeader(doc: Doc, y: number): number {
  const row: Row = { cells: COLUMNS.map((c) => c.title), bold: true, fill: COLORS.headerFill };
  const height = rowHeight(doc, row);
  drawRow(doc, row, y, height);
  rule(doc, y + height);
  return y + height;
}

/** Later pages repeat who and what the statement is for, then the table's header. */
function continueOnNewPage(doc: Doc, content: StatementContent): number {
  doc.addPage();
  const top = PAGE.margin;
  doc.rect(0, 0, PAGE.width, 8).fill(COLORS.band);
  doc.font(FONT.bold).fontSize(12).fillColor(COLORS.band);
  doc.text(printable(content.bankName), PAGE.margin, top, {
    width: CONTENT_WIDTH * 0.55,
    lineBreak: false,
    ellipsis: true,
  });
  doc.font(FONT.regular).fontSize(9).fillColor(COLORS.muted);
  doc.text(
    `Account Statement, ${content.accountType} ${content.accountNumber}, ${formatMonthName(content.period.start)} (continued)`,
    PAGE.margin,
    top + 2,
    { width: CONTENT_WIDTH, align: 'right' },
  );
  rule(doc, top + 20);
  return drawTableHeader(doc, top + 30);
}

function transactionRow(line: StatementLine): Row {
  return {
    cells: [
      formatStatementDate(line.date),
      printable(line.description),
      line.debitCents === null ? '' : formatCents(line.debitCents),
      line.creditCents === null ? '' : formatCents(line.creditCents),
      formatCents(line.balanceCents),
    ],
  };
}

function drawTransactions(doc: Doc, content: StatementContent) {
  const rows: Row[] = [
    {
      cells: [
        formatStatementDate(content.period.start),
        'Opening balance',
        '',
        '',
        formatCents(content.openingBalanceCents),
      ],
      bold: true,
    },
    ...content.lines.map(transactionRow),
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
        formatStatementDate(lastInstantOf(content.period)),
        'Closing balance',
        '',
        '',
        formatCents(content.closingBalanceCents),
      ],
      bold: true,
      fill: COLORS.headerFill,
    },
  ];

  let y = drawTableHeader(doc, doc.y);
  for (const row of rows) {
    const height = rowHeight(doc, row);
    if (y + height > TABLE_BOTTOM) y = continueOnNewPage(doc, content);
    drawRow(doc, row, y, height);
    y += height;
  }
  // The totals and the closing balance stay together on one page.
  const heights = closing.map((row) => rowHeight(doc, row));
  if (y + heights[0]! + heights[1]! > TABLE_BOTTOM) y = continueOnNewPage(doc, content);
  rule(doc, y);
  closing.forEach((row, i) => {
    drawRow(doc, row, y, heights[i]!);
    y += heights[i]!;
  });
  rule(doc, y);
  drawNotes(doc, y + 14);
}

const NOTES =
  'Transactions are listed in the order they were posted; dates are posting dates (UTC). Transactions still ' +
  'pending at the end of the period appear on the statement of the month in which they post.';

function drawNotes(doc: Doc, y: number) {
  doc.font(FONT.regular).fontSize(8);
  const height = doc.heightOfString(NOTES, { width: CONTENT_WIDTH });
  if (y + height > TABLE_BOTTOM) return;
  doc.fillColor(COLORS.muted).text(NOTES, PAGE.margin, y, { width: CONTENT_WIDTH });
}

function drawFooters(doc: Doc, content: StatementContent) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would make pdfkit start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin - 10;
    rule(doc, y - 6);
    doc.font(FONT.regular).fontSize(8).fillColor(COLORS.muted);
    doc.text(
      `${printable(content.bankName)} - ${content.accountType} ${content.accountNumber} - ${content.period.label}`,
      PAGE.margin,
      y,
      { width: CONTENT_WIDTH * 0.7, lineBreak: false, ellipsis: true },
    );
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, PAGE.margin, y, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}
