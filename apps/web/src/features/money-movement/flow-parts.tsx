import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { loadingMessages, mayMoveMoney, type Branch, type MoneyAction } from '@bank/shared';
import { QueryState } from '../../components/query-state';
import { StatusMessage } from '../../components/status-message';
import { SummaryTable } from '../../components/summary-table';
import { useRequiredSession } from '../../lib/current-user';
import { useBankSettings } from '../../lib/queries';
import { uiText } from '../../lib/ui-text';
import { BLANK_BRANCH } from './flow-accounts';

/**
 * A teller sees a flow only when the bank settings allow it (spec §6); the server checks too.
 * Settings that failed to load show their error with Retry, not a refusal (issue 14).
 */
export function TellerPermissionGate({ flow, children }: { flow: MoneyAction; children: ReactNode }) {
  const { user } = useRequiredSession();
  const settings = useBankSettings(user.bankId, user.userRole === 'TELLER');
  if (user.userRole !== 'TELLER') return <>{children}</>;
  return (
    <QueryState query={settings} what={loadingMessages.settingsWhat}>
      {(loaded) =>
        mayMoveMoney(user.userRole, loaded, flow) ? (
          children
        ) : (
          <StatusMessage kind="failure" title={uiText.tellerNotAllowed} />
        )
      }
    </QueryState>
  );
}

export function BranchPicker({
  branches,
  value,
  error,
  onChange,
}: {
  branches: Branch[];
  value: string;
  error?: ReactNode;
  onChange: (branchId: string) => void;
}) {
  return (
    <NativeSelect
      label="Branch"
      description="Choose the branch first; it filters the accounts."
      data={[
        { value: BLANK_BRANCH, label: 'Select a branch' },
        ...branches.map((b) => ({ value: String(b.branchId), label: b.branchName })),
      ]}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** The confirm view: what will happen, then Back or Submit (spec §4: entry → confirm → submitted). */
export function ConfirmView({
  rows,
  intro,
  pending,
  failure,
  submitLabel,
  processingLabel,
  onBack,
  onSubmit,
}: {
  rows: [string, ReactNode][];
  /** Under the heading: nothing has moved yet, and which button does what (issue 33 item 9). */
  intro?: string | undefined;
  pending: boolean;
  failure: ReactNode;
  submitLabel: string;
  processingLabel: string;
  onBack: () => void;
  onSubmit: () => void;
}) {
  // The confirm view opens with focus on its heading (issue 14).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack>
      <Title order={2} size="h4" tabIndex={-1} ref={heading}>
        Please check the details, then submit.
      </Title>
      {intro && <Text size="sm">{intro}</Text>}
      <SummaryTable rows={rows} testId="confirm-summary" />
      {failure}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button onClick={onSubmit} disabled={pending}>
          {pending ? processingLabel : submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

export function FlowPaper({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={640}>
      {children}
    </Paper>
  );
}
