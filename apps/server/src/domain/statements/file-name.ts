import type { MonthPeriod } from '../months/period.js';

/** A statement's download name: only ever a database key, never a file-system path. */
export const statementFileName = (accountNumber: string, period: MonthPeriod) =>
  `statement-${accountNumber}-${period.label}.pdf`;
