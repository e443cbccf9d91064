import { economyText, schoolYearText as m, type ParsedScheduleBody } from '@bank/shared';
import { dollars } from '../audit/record-audit.js';
import type { ScheduleRow } from './schedule-view.js';

/** "deposit $5.00 every week from 2026-12-04 to branch 3 (CHECKING)": a schedule's terms, for the audit log. */
export function describeTerms(
  row: Pick<
    ScheduleRow,
    | 'kind'
    | 'amountCents'
    | 'amountFrom'
    | 'every'
    | 'startDate'
    | 'targetBranchId'
    | 'targetAccounts'
    | 'accountType'
    | 'shortfall'
  >,
): string {
  const whom =
    row.targetBranchId !== null
      ? `every Student of branch ${row.targetBranchId} (${row.accountType})`
      : `${row.targetAccounts?.length ?? 0} accounts`;
  const shortfall = row.kind === 'withdrawal' ? `, shortfall ${row.shortfall}` : '';
  const amount = row.amountCents === null ? economyText.scheduleWagesDescription : dollars(row.amountCents);
  return `${row.kind} ${amount} ${m.everyLabel[row.every]} from ${row.startDate} to ${whom}${shortfall}`;
}

/** The schedule's columns from a parsed body's terms. */
export function termsOf(body: Partial<ParsedScheduleBody>) {
  const target = body.target;
  return {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.amount === undefined ? {} : { amountCents: body.amount }),
    // Wages name no amount of their own: one sent beside them is not kept.
    ...(body.amountFrom === undefined
      ? {}
      : body.amountFrom === 'wage'
        ? { amountFrom: body.amountFrom, amountCents: null }
        : { amountFrom: body.amountFrom }),
    ...(body.memo === undefined ? {} : { memo: body.memo }),
    ...(body.every === undefined ? {} : { every: body.every }),
    ...(body.startDate === undefined ? {} : { startDate: body.startDate }),
    ...(body.accountType === undefined ? {} : { accountType: body.accountType }),
    ...(body.shortfall === undefined ? {} : { shortfall: body.shortfall }),
    ...(target === undefined
      ? {}
      : 'branchId' in target
        ? { targetBranchId: target.branchId, targetAccounts: null }
        : { targetBranchId: null, targetAccounts: target.accountIds }),
  };
}
