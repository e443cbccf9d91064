import {
  classroomText,
  depositBody,
  messages,
  studentText,
  transferBody,
  withdrawalBody,
  type MoneyAction,
} from '@bank/shared';
import { money, parseAmountInput } from '../../lib/format';
import { schemaErrors } from '../../lib/validation';
import type { FlowAnswer, FlowRequest, FlowResult } from './api';
import { accountLabel, BLANK_BRANCH, type FlowAccounts } from './flow-accounts';

/** The values of every money form; each flow uses the account fields it names. */
export interface FlowValues {
  branchId: string;
  accountId: string;
  fromAccountId: string;
  toAccountId: string;
  amount: string;
  /** Optional (issue 12): sent only when not blank. */
  memo: string;
}
export type AccountFieldName = 'accountId' | 'fromAccountId' | 'toAccountId';

export interface AccountField {
  name: AccountFieldName;
  label: string;
  /** The placeholder choice of the picker (spec §9: "blank"). */
  blank: string;
  /** Under the label: which way the money goes, in a child's words (issue 33 item 9). */
  hint?: string;
}

/** What differs between transfer, deposit and withdrawal; the form and its steps are shared. */
export interface FlowConfig {
  fields: AccountField[];
  validate: (values: FlowValues, source: FlowAccounts) => Record<string, string>;
  request: (values: FlowValues) => FlowRequest;
  /** The confirm view's rows after the branch. */
  summary: (values: FlowValues, source: FlowAccounts) => [string, string][];
  result: (answer: FlowAnswer, values: FlowValues, source: FlowAccounts) => FlowResult | null;
}

const amountOf = (v: FlowValues) => parseAmountInput(v.amount);
/** The memo as sent: trimmed, left out when blank. */
const memoPart = (v: FlowValues) => (v.memo.trim() ? { memo: v.memo.trim() } : {});
/** The confirm view's memo row, when there is a memo. */
const memoRow = (v: FlowValues): [string, string][] =>
  v.memo.trim() ? [[classroomText.memoLabel, v.memo.trim()]] : [];
const named = (source: FlowAccounts, id: string) => {
  const account = source.find(id);
  return account ? accountLabel(account, source.staff, false) : '';
};

const transfer: FlowConfig = {
  fields: [
    { name: 'fromAccountId', label: 'From Account', blank: 'fromBlank', hint: studentText.fromAccountHint },
    { name: 'toAccountId', label: 'To Account', blank: 'toBlank', hint: studentText.toAccountHint },
  ],
  validate(v, source) {
    const amount = amountOf(v);
    const errors = schemaErrors(transferBody, {
      fromAccountId: v.fromAccountId,
      toAccountId: v.toAccountId,
      amount,
      ...memoPart(v),
    });
    const from = source.accounts.find((a) => a.accountId === v.fromAccountId);
    const to = source.accounts.find((a) => a.accountId === v.toAccountId);
    // Each picker shows its error when blank or when both name the same account (spec §4).
    if (!from || v.fromAccountId === v.toAccountId) errors.fromAccountId ??= messages.sourceAccountInvalid;
    if (!to || v.fromAccountId === v.toAccountId) errors.toAccountId ??= messages.targetAccountInvalid;
    // A number greater than 0 and less than the source balance (spec §5).
    if (!errors.amount && from && !(typeof amount === 'number' && amount < from.balance)) {
      errors.amount = messages.amountInvalid;
    }
    return errors;
  },
  request: (v) => ({
    flow: 'transfer',
    body: {
      fromAccountId: v.fromAccountId,
      toAccountId: v.toAccountId,
      amount: Number(amountOf(v)),
      ...memoPart(v),
    },
  }),
  summary: (v, source) => [
    ['From', named(source, v.fromAccountId)],
    ['To', named(source, v.toAccountId)],
    ['Amount', money(Number(amountOf(v)))],
    ...memoRow(v),
  ],
  result(answer, v, source) {
    const from = source.find(v.fromAccountId);
    const to = source.find(v.toAccountId);
    return answer.flow === 'transfer' && from && to ? { ...answer, from, to } : null;
  },
};

function tellerFlow(flow: 'deposit' | 'withdrawal'): FlowConfig {
  const schema = flow === 'deposit' ? depositBody : withdrawalBody;
  const missing = flow === 'deposit' ? messages.depositAccountMissing : messages.withdrawalAccountMissing;
  return {
    fields: [
      {
        name: 'accountId',
        label: flow === 'deposit' ? 'Deposit Account' : 'Withdrawal Account',
        blank: 'blank',
      },
    ],
    validate(v, source) {
      const errors = schemaErrors(schema, { accountId: v.accountId, amount: amountOf(v), ...memoPart(v) });
      if (!source.accounts.some((a) => a.accountId === v.accountId)) errors.accountId ??= missing;
      return errors;
    },
    request: (v) => ({ flow, body: { accountId: v.accountId, amount: Number(amountOf(v)), ...memoPart(v) } }),
    summary: (v, source) => [
      ['Account', named(source, v.accountId)],
      ['Amount', money(Number(amountOf(v)))],
      ...memoRow(v),
    ],
    result(answer, v, source) {
      const account = source.find(v.accountId);
      return answer.flow !== 'transfer' && account ? { ...answer, account } : null;
    },
  };
}

export const flowConfigs: Record<MoneyAction, FlowConfig> = {
  transfer,
  deposit: tellerFlow('deposit'),
  withdrawal: tellerFlow('withdrawal'),
};

/** What another screen may choose in advance (router state): the Students page, Make Another. */
export interface FlowPreset {
  branchId?: string;
  accountId?: string;
}

/** The starting values: no branch, every picker on its placeholder, amount 0 (or the preset's). */
export function initialValues(config: FlowConfig, branchId = BLANK_BRANCH, preset?: FlowPreset): FlowValues {
  const values: FlowValues = {
    branchId: preset?.branchId ?? branchId,
    accountId: '',
    fromAccountId: '',
    toAccountId: '',
    amount: '0',
    memo: '',
  };
  for (const field of config.fields) values[field.name] = field.blank;
  if (preset?.accountId && config.fields.some((f) => f.name === 'accountId'))
    values.accountId = preset.accountId;
  return values;
}

/** A preset read from the router state, whatever shape it came in. */
export function presetOf(state: unknown): FlowPreset | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const { branchId, accountId } = state as Record<string, unknown>;
  return {
    ...(typeof branchId === 'string' ? { branchId } : {}),
    ...(typeof accountId === 'string' ? { accountId } : {}),
  };
}
