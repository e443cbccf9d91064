import { messages, type MoneyAction } from '@bank/shared';

/** The texts of each money flow: the spec's (§4, §8) and the buttons'. */
export const flowTexts: Record<
  MoneyAction,
  {
    title: string;
    review: string;
    submit: string;
    processing: string;
    failed: string;
    succeeded: string;
    another: string;
  }
> = {
  transfer: {
    title: 'Transfer',
    review: 'Review Transfer',
    submit: 'Submit Transfer',
    processing: messages.processingTransfer,
    failed: messages.transferFailed,
    succeeded: messages.transferSucceeded,
    another: 'Make Another Transfer',
  },
  deposit: {
    title: 'Deposit',
    review: 'Review Deposit',
    submit: 'Submit Deposit',
    processing: messages.processingDeposit,
    failed: messages.depositFailed,
    succeeded: messages.depositSucceeded,
    another: 'Make Another Deposit',
  },
  withdrawal: {
    title: 'Withdrawal',
    review: 'Review Withdrawal',
    submit: 'Submit Withdrawal',
    processing: messages.processingWithdrawal,
    failed: messages.withdrawalFailed,
    succeeded: messages.withdrawalSucceeded,
    another: 'Make Another Withdrawal',
  },
};
