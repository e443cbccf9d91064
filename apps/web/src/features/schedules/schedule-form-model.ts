import {
  createScheduleBody,
  messages,
  schoolYearScreens as t,
  schoolYearText,
  type AccountType,
  type AmountFrom,
  type BankSettings,
  type BatchKind,
  type CreateScheduleBody,
  type Schedule,
  type ScheduleEvery,
  type ShortfallRule,
  type UpdateScheduleBody,
} from '@bank/shared';
import { addDays, bankToday } from '../../lib/bank-time';
import { parseAmountInput } from '../../lib/format';
import type { SchedulePrefill } from '../../lib/schedule-prefill';
import { schemaErrors } from '../../lib/validation';

/** The form's values: text as typed, choices as the controls hold them. */
export interface ScheduleValues {
  name: string;
  kind: BatchKind;
  /** "wage": each Student is paid their jobs' wages, and `amount` is not used (issue 34). */
  amountFrom: AmountFrom;
  amount: string;
  memo: string;
  who: 'branch' | 'accounts';
  branchId: string;
  accountType: AccountType;
  accountIds: string[];
  every: ScheduleEvery;
  startDate: string;
  shortfall: ShortfallRule;
}

/** The account type a branch schedule pays on by default: checking when the bank offers it. */
const defaultType = (settings: BankSettings): AccountType =>
  settings.checkingActive || !settings.savingsActive ? 'CHECKING' : 'SAVINGS';

/** A new schedule: weekly from today (the bank's today), to a branch, skipping who cannot pay. */
export function freshValues(settings: BankSettings, kind: BatchKind): ScheduleValues {
  return {
    name: '',
    kind,
    amountFrom: 'fixed',
    amount: '',
    memo: '',
    who: 'branch',
    branchId: '',
    accountType: defaultType(settings),
    accountIds: [],
    every: 'week',
    startDate: bankToday(settings.timeZone),
    shortfall: 'skip',
  };
}

/** Payday's "Repeat this every week": the same accounts and amount, a week from today. */
export function prefilledValues(settings: BankSettings, prefill: SchedulePrefill): ScheduleValues {
  return {
    ...freshValues(settings, prefill.kind),
    name: prefill.name,
    amount: prefill.amount === null ? '' : prefill.amount.toFixed(2),
    memo: prefill.memo ?? '',
    who: 'accounts',
    accountIds: prefill.accountIds,
    startDate: addDays(bankToday(settings.timeZone), 7),
  };
}

/** An existing schedule in the form. */
export function valuesOf(schedule: Schedule, settings: BankSettings): ScheduleValues {
  const { target } = schedule;
  return {
    ...freshValues(settings, schedule.kind),
    name: schedule.name,
    // A schedule paying wages (issue 34) has no amount of its own.
    amountFrom: schedule.amountFrom,
    amount: schedule.amount === null ? '' : schedule.amount.toFixed(2),
    memo: schedule.memo ?? '',
    who: 'branchId' in target ? 'branch' : 'accounts',
    branchId: 'branchId' in target ? String(target.branchId) : '',
    accountType: schedule.accountType,
    accountIds: 'accountIds' in target ? target.accountIds : [],
    every: schedule.every,
    startDate: schedule.startDate,
    shortfall: schedule.shortfall,
  };
}

/** The body of POST /teller/schedules (and of its preview) from the form. */
export function bodyOf(values: ScheduleValues): CreateScheduleBody {
  // Wages are only a payday's (a bill names its amount), whatever the switch was left at.
  const wages = values.amountFrom === 'wage' && values.kind === 'deposit';
  return {
    name: values.name.trim(),
    kind: values.kind,
    ...(wages ? { amountFrom: 'wage' as const } : { amount: parseAmountInput(values.amount) as number }),
    memo: values.memo.trim() || null,
    every: values.every,
    startDate: values.startDate,
    target:
      values.who === 'branch' ? { branchId: Number(values.branchId) } : { accountIds: values.accountIds },
    accountType: values.accountType,
    shortfall: values.shortfall,
  };
}

/** The body of PUT /teller/schedules/{scheduleId}: every term but the kind, which a schedule keeps. */
export function changeOf(body: CreateScheduleBody): UpdateScheduleBody {
  const { name, amount, amountFrom, memo, every, startDate, target, accountType, shortfall } = body;
  // A change says where the amount comes from only when it is wages, or the amount it names.
  const terms = amountFrom === 'wage' ? { amountFrom } : { amount, amountFrom: 'fixed' as const };
  return { name, ...terms, memo, every, startDate, target, accountType, shortfall };
}

/**
 * The form's errors, by the shared schema (its texts) and the rules the server would answer with:
 * a branch or accounts chosen, and a start date not before the bank's today. An edit may keep a
 * start date that has passed (the server checks only a changed one).
 */
export function errorsOf(
  values: ScheduleValues,
  zone: string,
  savedStartDate?: string,
): Record<string, string> {
  const found = schemaErrors(createScheduleBody, bodyOf(values));
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(found)) {
    if (!field.startsWith('target')) errors[field] = message;
  }
  if (values.who === 'branch' && !values.branchId) errors.branchId = messages.branchRequired;
  if (values.who === 'accounts' && values.accountIds.length === 0) errors.accountIds = t.chooseAccounts;
  else if (found['target.accountIds'] || found.target)
    errors.accountIds = found['target.accountIds'] ?? found.target!;
  const past = values.startDate && values.startDate < bankToday(zone) && values.startDate !== savedStartDate;
  if (past) errors.startDate = schoolYearText.scheduleStartDatePast;
  return errors;
}

/** The server's field names (API `fields`) as the form's. */
export function formFieldOf(serverField: string): string {
  if (serverField === 'target.branchId') return 'branchId';
  if (serverField.startsWith('target')) return 'accountIds';
  return serverField;
}
