import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import type { Account } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../lib/api-client';
import { useRequiredSession } from '../../lib/current-user';
import { useUserAccounts } from '../../lib/queries';
import { usePhone } from '../../lib/use-phone';
import { useDownloadStatement, useStatements } from './api';
import { describeStatement } from './statement-name';
import { statementTexts as texts } from './texts';

type Download = ReturnType<typeof useDownloadStatement>;

interface StatementRow {
  fileName: string;
  /** The id of the month-and-account text that describes the file's button. */
  descriptionId: string;
}

/** The file name is the button; a click downloads it, and no second download starts meanwhile. */
function FileButton({ row, download }: { row: StatementRow; download: Download }) {
  const phone = usePhone();
  const busy = download.isPending && download.variables === row.fileName;
  return (
    <Group wrap="nowrap" gap="sm">
      <ThemeIcon variant="light" size="lg" aria-hidden visibleFrom="xs">
        <IconFileTypePdf size={20} />
      </ThemeIcon>
      <Button
        variant="subtle"
        // Smaller on a phone, so that a whole file name fits on one line.
        size={phone ? 'compact-sm' : 'compact-md'}
        px={4}
        rightSection={<IconDownload size={16} aria-hidden />}
        onClick={() => download.mutate(row.fileName)}
        disabled={download.isPending}
        aria-describedby={row.descriptionId}
        // On one line where there is room; a phone's card breaks a long name rather than spill.
        styles={{
          label: { whiteSpace: phone ? 'normal' : 'nowrap', overflowWrap: 'anywhere', textAlign: 'left' },
        }}
        h="auto"
        mih={32}
      >
        {busy ? texts.downloading(row.fileName) : row.fileName}
      </Button>
    </Group>
  );
}

const columns = (download: Download, accounts: Account[] | undefined): Column<StatementRow>[] => [
  { header: texts.fileHeader, action: true, cell: (row) => <FileButton row={row} download={download} /> },
  {
    header: texts.aboutHeader,
    // On one line, so that the file name beside it has the room to stay on one line too.
    wrap: 'nowrap',
    cell: (row) => (
      <Text size="sm" c="dimmed" id={row.descriptionId} span>
        {describeStatement(row.fileName, accounts)}
      </Text>
    ),
  },
];

/** The files, newest first: a table on a wide screen, one card per file on a phone. */
function StatementTable({ fileNames, download }: { fileNames: string[]; download: Download }) {
  const { user } = useRequiredSession();
  // Only for the friendly "October 2026 · CHECKING **2345" next to each name; the list does not wait for it.
  const accounts = useUserAccounts(user.username);
  const rows = fileNames.map((fileName, index) => ({
    fileName,
    descriptionId: `statement-${index}-description`,
  }));
  return (
    <DataTable
      label={texts.listLabel}
      columns={columns(download, accounts.data)}
      rows={rows}
      rowKey={(row) => row.fileName}
      emptyText={texts.empty}
      minWidth={520}
      rowTestId="statement-item"
    />
  );
}

function EmptyState() {
  return (
    <Paper withBorder p="lg" radius="md">
      <Text c="dimmed" data-testid="statements-empty">
        {texts.empty}
      </Text>
    </Paper>
  );
}

/** `documents/statements`: the Student's statement files, newest first; one click downloads one (spec §2). */
export function StatementsPage() {
  const { user } = useRequiredSession();
  const statements = useStatements(user.username);
  const download = useDownloadStatement();
  return (
    <>
      <PageHeader title={texts.title} subtitle={texts.subtitle} />
      <Stack gap="md" maw={720}>
        {download.isError && (
          <StatusMessage
            kind="failure"
            title={texts.downloadFailed}
            detail={`${download.variables ?? ''}: ${errorMessage(download.error)}`}
          />
        )}
        <QueryState query={statements} what={texts.what}>
          {(fileNames) =>
            fileNames.length === 0 ? (
              <EmptyState />
            ) : (
              <Paper withBorder radius="md" p={{ base: 0, xs: 'xs' }}>
                <StatementTable fileNames={fileNames} download={download} />
              </Paper>
            )
          }
        </QueryState>
      </Stack>
    </>
  );
}
