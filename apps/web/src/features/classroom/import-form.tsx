import { Anchor, Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  classroomText as t,
  type Branch,
  type ImportCheck,
  type ImportResult,
  type ImportRow,
} from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { StatusMessage } from '../../components/status-message';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useImportCheck, useImportStudents } from './api';

/** The sample file of the screen: the header and three students. */
export const SAMPLE_CSV =
  'username,name,branch,accounts\r\nmaya.chen,Maya Chen,Main Campus,CHECKING;SAVINGS\r\nleo.park,Leo Park,Main Campus,CHECKING\r\nava.diaz,Ava Diaz,North Campus,\r\n';
const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`;

function rowColumns(branches: Branch[]): Column<ImportRow>[] {
  return [
    { header: 'Line', cell: (r) => r.line },
    { header: 'User Id', cell: (r) => r.username },
    { header: 'Name', cell: (r) => r.name },
    { header: 'Branch', cell: (r) => branches.find((b) => b.branchId === r.branchId)?.branchName ?? '' },
    { header: 'Accounts', cell: (r) => r.accounts.join(', ') || '—' },
    {
      header: 'Problem',
      cell: (r) =>
        r.error ? (
          <Text size="sm" c="red.9" fw={600}>
            {r.error}
          </Text>
        ) : (
          'OK'
        ),
    },
  ];
}

/** The rows with the import's refusals (`fields` keyed `rows.{line}`) beside their lines. */
function withServerErrors(check: ImportCheck, error: unknown): ImportCheck {
  if (!(error instanceof ApiError) || !error.fields) return check;
  const fields = error.fields;
  return { ok: false, rows: check.rows.map((r) => ({ ...r, error: fields[`rows.${r.line}`] ?? r.error })) };
}

function CheckOutcome({ check, branches }: { check: ImportCheck; branches: Branch[] }) {
  const bad = check.rows.filter((r) => r.error).length;
  return (
    <Stack gap="sm">
      {check.ok ? (
        <StatusMessage kind="success" title={t.checkOk(check.rows.length)} />
      ) : (
        <StatusMessage kind="failure" title={t.checkProblems(bad)} />
      )}
      <DataTable
        label="Checked rows"
        columns={rowColumns(branches)}
        rows={check.rows}
        rowKey={(r) => r.line}
        emptyText=""
        minWidth={720}
        rowTestId="import-row"
      />
    </Stack>
  );
}

/** Upload a .csv file (its text goes into the box) or download the sample. */
function SourceButtons({ onText }: { onText: (text: string) => void }) {
  const upload = (file: File | null) => void file?.text().then(onText);
  return (
    <Group gap="sm" wrap="wrap">
      <FileButton onChange={upload} accept=".csv,text/csv">
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
            {t.uploadCsv}
          </Button>
        )}
      </FileButton>
      <Anchor href={sampleHref} download="students-sample.csv" size="sm">
        <Group gap={4} component="span">
          <IconDownload size={16} aria-hidden />
          {t.downloadSample}
        </Group>
      </Anchor>
    </Group>
  );
}

/** Paste or upload, Check (the dry run), fix and check again, then Create Students. */
export function ImportForm({
  branches,
  onCreated,
}: {
  branches: Branch[];
  onCreated: (r: ImportResult) => void;
}) {
  const [csv, setCsv] = useState('');
  const [checked, setChecked] = useState<{ text: string; check: ImportCheck } | null>(null);
  const dryRun = useImportCheck();
  const create = useImportStudents();
  const current = checked?.text === csv;
  const runCheck = () => dryRun.mutate(csv, { onSuccess: (check) => setChecked({ text: csv, check }) });
  const runCreate = () =>
    create.mutate(csv, {
      onSuccess: onCreated,
      onError: (error) => checked && setChecked({ text: csv, check: withServerErrors(checked.check, error) }),
    });
  const failure = dryRun.error ?? create.error;
  return (
    <Stack>
      <Textarea
        label={t.rosterLabel}
        description={t.rosterDescription}
        rows={8}
        resize="vertical"
        value={csv}
        onChange={(e) => setCsv(e.currentTarget.value)}
        styles={{ input: { fontFamily: 'monospace' } }}
        spellCheck={false}
      />
      <SourceButtons onText={setCsv} />
      {failure && (
        <StatusMessage
          kind="failure"
          title={dryRun.error ? t.checkFailed : t.createFailed}
          detail={errorMessage(failure)}
        />
      )}
      {checked && !current && <Text size="sm">{t.recheckNeeded}</Text>}
      {checked && <CheckOutcome check={checked.check} branches={branches} />}
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={runCheck}
          disabled={!csv.trim() || dryRun.isPending || create.isPending}
        >
          {dryRun.isPending ? t.checking : t.check}
        </Button>
        <Button onClick={runCreate} disabled={!current || !checked?.check.ok || create.isPending}>
          {create.isPending ? t.creatingStudents : t.createStudents}
        </Button>
      </Group>
    </Stack>
  );
}
