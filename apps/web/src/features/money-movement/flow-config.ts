import { depositBody, messages, transferBody, withdrawalBody, type MoneyAction } from '@bank/shared';
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
}
export type AccountFieldName = 'accountId' | 'fromAccountId' | 'toAccountId';

export interface AccountField {
  name: AccountFieldName;
  label: string;
  /** The placeholder choice of the picker (spec §9: "blank"). */
  blank: string;
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
const named = (source: FlowAccounts, id: string) => {
  const account = source.find(id);
  return account ? accountLabel(account, source.staff, false) : '';
};

const transfer: FlowConfig = {
  fields: [
    { name: 'fromAccountId', label: 'From Account', blank: 'fromBlank' },
    { name: 'toAccountId', label: 'To Account', blank: 'toBlank' },
  ],
  validate(v, source) {
    const amount = amountOf(v);
    const errors = schemaErrors(transferBody, {
      fromAccountId: v.fromAccountId,
      toAccountId: v.toAccountId,
      amount,
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
    body: { fromAccountId: v.fromAccountId, toAccountId: v.toAccountId, amount: Number(amountOf(v)) },
  }),
  summary: (v, source) => [
    ['From', named(source, v.fromAccountId)],
    ['To', named(source, v.toAccountId)],
    ['Amount', money(Number(amountOf(v)))],
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
      const errors = schemaErrors(schema, { accountId: v.accountId, amount: amountOf(v) });
      if (!source.accounts.some((a) => a.accountId === v.accountId)) errors.accountId ??= missing;
      return errors;
    },
    request: (v) => ({ flow, body: { accountId: v.accountId, amount: Number(amountOf(v)) } }),
    summary: (v, source) => [
      ['Account', named(source, v.accountId)],
      ['Amount', money(Number(amountOf(v)))],
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

/** The starting values: no branch, every picker on its placeholder, amount 0. */
export function initialValues(config: FlowConfig, branchId = BLANK_BRANCH): FlowValues {
  const values: FlowValues = { branchId, accountId: '', fromAccountId: '', toAccountId: '', amount: '0' };
  for (const field of config.fields) values[field.name] = field.blank;
  return values;
}
