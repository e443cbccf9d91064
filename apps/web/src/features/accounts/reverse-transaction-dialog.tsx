import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { schoolYearScreens as t, type Transaction } from '@bank/shared';
import { ReasonDialog } from '../../components/reason-dialog';
import { failureStatus } from '../../components/status-message';
import { money } from '../../lib/format';
import { useReverseTransaction } from './api';

/**
 * An admin reverses a transaction with a reason (issue 21), or a teacher one of their own class's
 * (issue 33): the opposite is written, both stay on the account. A transfer is reversed as a whole, which the dialog says before it is done.
 */
export function ReverseTransactionDialog(props: {
  transaction: Transaction | null;
  onClose: () => void;
  onDone: () => void;
  /** A teacher reverses through their own call (issue 33). */
  via?: 'admin' | 'teacher';
}) {
  // A fresh dialog (and call state) for each transaction opened.
  return <ReverseDialog key={props.transaction?.id ?? 'closed'} {...props} />;
}

function ReverseDialog({
  transaction,
  onClose,
  onDone,
  via,
}: {
  transaction: Transaction | null;
  onClose: () => void;
  onDone: () => void;
  via?: 'admin' | 'teacher';
}) {
  const reverse = useReverseTransaction(via);
  const confirm = (reason: string) => {
    if (!transaction) return;
    reverse.mutate(
      { transactionId: transaction.id, reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t.transactionReversed });
          onDone();
        },
      },
    );
  };
  return (
    <ReasonDialog
      opened={transaction !== null}
      title={t.reverseTransactionTitle}
      message={
        transaction ? t.reverseTransactionMessage(transaction.description, money(transaction.amount)) : ''
      }
      confirmLabel={t.reverseTransactionButton}
      busy={reverse.isPending}
      busyLabel={t.reversing}
      failure={reverse.isError ? failureStatus(t.reverseFailed, reverse.error) : null}
      onConfirm={confirm}
      onCancel={onClose}
    >
      {transaction?.transferId && <Text size="sm">{t.reverseTransferNote}</Text>}
    </ReasonDialog>
  );
}
