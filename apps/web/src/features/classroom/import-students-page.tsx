import { Button, Code, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useBlocker } from 'react-router';
import { classroomText as t, type Branch, type ImportResult, type ImportedStudent } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { StatusMessage } from '../../components/status-message';
import { useRequiredSession } from '../../lib/current-user';
import { importResultStore } from '../../lib/import-result';
import { paths } from '../../lib/paths';
import { useBranches } from '../../lib/queries';
import { accountShort } from './payday-rows';
import { ImportForm } from './import-form';
import { BELOW_HEADER, reveal } from './reveal';
import { SignInAddressNote, useSignInAddress } from './sign-in-address';

function createdColumns(branches: Branch[]): Column<ImportedStudent>[] {
  return [
    { header: 'Name', cell: (s) => s.name },
    { header: 'User Id', cell: (s) => s.username },
    { header: 'Branch', cell: (s) => branches.find((b) => b.branchId === s.branchId)?.branchName ?? '' },
    {
      header: 'Temporary password',
      cell: (s) => (
        <Code fz="sm" style={{ userSelect: 'all' }}>
          {s.temporaryPassword}
        </Code>
      ),
    },
    { header: 'Accounts', cell: (s) => s.accounts.map(accountShort).join(', ') || '—' },
  ];
}

/** Leaving the result by a link or Back asks first: the passwords are shown nowhere else. */
function LeaveGuard({ bankId, onLeave }: { bankId: number; onLeave: () => void }) {
  const blocker = useBlocker(({ nextLocation }) => nextLocation.pathname !== paths.signInSlips(bankId));
  const open = blocker.state === 'blocked';
  return (
    <Modal
      opened={open}
      onClose={() => blocker.reset?.()}
      title={t.leaveImportTitle}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text mb="lg">{t.leaveImportMessage}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {t.stay}
        </Button>
        <Button
          color="red"
          onClick={() => {
            onLeave();
            blocker.proceed?.();
          }}
        >
          {t.leave}
        </Button>
      </Group>
    </Modal>
  );
}

/** The created students, their passwords, and the way to the slips. */
function ImportResultView({
  result,
  branches,
  bankId,
  justCreated,
  onDone,
}: {
  result: ImportResult;
  branches: Branch[];
  bankId: number;
  /** Just now (not back from the slips): focus to the message, which comes into view. */
  justCreated: boolean;
  onDone: () => void;
}) {
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justCreated) reveal(message.current);
  }, [justCreated]);
  return (
    <Stack>
      <Stack
        gap="sm"
        ref={message}
        tabIndex={-1}
        data-testid="created-message"
        style={{ scrollMarginTop: BELOW_HEADER }}
      >
        <StatusMessage kind="success" title={t.created(result.created.length)} detail={t.createdNote} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t.doneWithImport}
          </Button>
          <Button
            component={Link}
            to={paths.signInSlips(bankId)}
            leftSection={<IconPrinter size={16} aria-hidden />}
          >
            {t.printSlips}
          </Button>
        </Group>
      </Stack>
      <SignInAddressNote address={useSignInAddress()} />
      <DataTable
        label="Created students"
        columns={createdColumns(branches)}
        rows={result.created}
        rowKey={(s) => s.username}
        emptyText=""
        minWidth={720}
        rowTestId="created-row"
      />
      <LeaveGuard bankId={bankId} onLeave={importResultStore.clear} />
    </Stack>
  );
}

/** `{bankId}/admin/users/import`: a class of Students from one CSV (issue 12). */
export function ImportStudentsPage() {
  const { user } = useRequiredSession();
  const branches = useBranches(user.bankId);
  const [result, setResult] = useState<ImportResult | null>(() => importResultStore.load());
  const [justCreated, setJustCreated] = useState(false);
  const created = (next: ImportResult) => {
    importResultStore.save(next);
    setResult(next);
    setJustCreated(true);
  };
  const done = () => {
    importResultStore.clear();
    setResult(null);
    setJustCreated(false);
  };
  return (
    <>
      <PageHeader
        title={t.importTitle}
        subtitle={t.importSubtitle}
        actions={
          <Button component={Link} to={paths.adminUsers(user.bankId)} variant="default">
            Manage Users
          </Button>
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={1000}>
        <QueryState query={branches} what="the branches">
          {(list) =>
            result ? (
              <ImportResultView
                result={result}
                branches={list}
                bankId={user.bankId}
                justCreated={justCreated}
                onDone={done}
              />
            ) : (
              <ImportForm branches={list} onCreated={created} />
            )
          }
        </QueryState>
      </Paper>
    </>
  );
}
