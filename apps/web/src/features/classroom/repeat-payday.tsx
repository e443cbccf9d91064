import { Button, Group, Text } from '@mantine/core';
import { IconCalendarRepeat, IconHistory } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { schoolYearScreens as t, type BatchResult } from '@bank/shared';
import { useRequiredSession } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { prefillState, type SchedulePrefill } from '../../lib/schedule-prefill';

/** The payday's terms for a schedule: one amount when every row had the same, the accounts paid. */
export function prefillOf(result: BatchResult): SchedulePrefill {
  const amounts = new Set(result.transactions.map((x) => x.amount));
  const [only] = amounts;
  return {
    name: result.memo ?? t.repeatDefaultName,
    kind: result.kind,
    amount: amounts.size === 1 && only !== undefined ? only : null,
    memo: result.memo,
    accountIds: result.transactions.map((x) => x.accountId),
  };
}

/**
 * Issue 21: after a payday, "Repeat this every week" opens the Schedules form filled in with it
 * (the same accounts and amount, a week from today), and the payday history is a click away.
 * One component, so the payday screens render it with one line.
 */
export function RepeatPayday({ result }: { result: BatchResult }) {
  const { user } = useRequiredSession();
  const navigate = useNavigate();
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid="repeat-payday">
      <Text size="sm" c="dimmed">
        {t.repeatNote}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconHistory size={16} aria-hidden />}
          onClick={() => void navigate(paths.paydayHistory(user.bankId))}
        >
          {t.paydayHistory}
        </Button>
        <Button
          variant="light"
          leftSection={<IconCalendarRepeat size={16} aria-hidden />}
          onClick={() =>
            void navigate(paths.schedules(user.bankId), { state: prefillState(prefillOf(result)) })
          }
        >
          {t.repeatEveryWeek}
        </Button>
      </Group>
    </Group>
  );
}
