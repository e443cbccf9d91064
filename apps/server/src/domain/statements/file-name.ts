import type { MonthPeriod } from '../month-end/period.js';

/** A statement's download name: only ever a database key, never a file-system path. */
export const statementFileName = (accountNumber: string, period: MonthPeriod) =>
  `statement-${accountNumber}-${period.label}.pdf`;
