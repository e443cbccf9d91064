import { Anchor, Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import {
  classroomText as t,
  teacherText,
  type Branch,
  type ImportCheck,
  type ImportResult,
  type ImportRow,
} from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { StatusMessage } from '../../components/status-message';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useImportCheck, useImportStudents } from './api';
import { BELOW_HEADER, reveal } from './reveal';
import { SignInAddressNote, useSignInAddress } from './sign-in-address';

/** The sample file of the screen: the header and three students. */
export const SAMPLE_CSV =
  'username,name,branch,accounts\r\nmaya.chen,Maya Chen,Main Campus,CHECKING;SAVINGS\r\nleo.park,Leo Park,Main Campus,CHECKING\r\nava.diaz,Ava Diaz,North Campus,\r\n';
const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`;

/** A cell as it was typed; an empty one as a dash. */
const typed = (cell: string) => cell || '—';

/** Each row as it was typed (`written`), so a refused cell shows what to fix, and its problem. */
function rowColumns(branches: Branch[], newBranches: string[]): Column<ImportRow>[] {
  const fresh = new Set(newBranches.map((name) => name.toLowerCase()));
  const branchName = (r: ImportRow) =>
    branches.find((b) => b.branchId === r.branchId)?.branchName ??
    (fresh.has(r.written.branch.toLowerCase()) ? teacherText.newClass(r.written.branch) : undefined);
  return [
    { header: 'Line', cell: (r) => r.line },
    { header: 'User Id', cell: (r) => typed(r.written.username) },
    { header: 'Name', cell: (r) => typed(r.written.name) },
    // The branch's name when the cell names one (it may be its id), else the cell as typed.
    { header: 'Branch', cell: (r) => branchName(r) ?? typed(r.written.branch) },
    { header: 'Accounts', cell: (r) => typed(r.written.accounts) },
    {
      header: 'Problem',
      cell: (r) =>
        r.error ? (
          // The theme's error colour: AA on the page and on striped rows in both themes.
          <Text size="sm" c="var(--mantine-color-error)" fw={600}>
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
  return {
    ...check,
    ok: false,
    rows: check.rows.map((r) => ({ ...r, error: fields[`rows.${r.line}`] ?? r.error })),
  };
}

/**
 * The classes the roster names that do not exist yet (issue 33): the import offers to create them
 * with the students, instead of refusing every row of a new class; once chosen, it says which.
 */
function NewClasses({
  names,
  creating,
  busy,
  onCreate,
}: {
  names: string[];
  creating: boolean;
  busy: boolean;
  onCreate: () => void;
}) {
  if (names.length === 0) return null;
  if (creating)
    return (
      <Text size="sm" fw={600} data-testid="new-classes">
        {teacherText.classesWillBeCreated(names)}
      </Text>
    );
  return (
    <Group gap="sm" justify="space-between" data-testid="new-classes">
      <Text size="sm">{teacherText.newClassesFound(names)}</Text>
      <Button variant="default" onClick={onCreate} disabled={busy}>
        {teacherText.createClassesToo(names.length)}
      </Button>
    </Group>
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

/** What the last Check (or a refused Create) found: a failure, or the summary of its rows. */
function CheckSummary({
  failure,
  checked,
  stale,
}: {
  failure: { title: string; error: unknown } | null;
  checked: ImportCheck | null;
  stale: boolean;
}) {
  const bad = checked?.rows.filter((r) => r.error).length ?? 0;
  return (
    <>
      {failure && <StatusMessage kind="failure" title={failure.title} detail={errorMessage(failure.error)} />}
      {stale && <Text size="sm">{t.recheckNeeded}</Text>}
      {checked &&
        (checked.ok ? (
          <StatusMessage kind="success" title={t.checkOk(checked.rows.length)} />
        ) : (
          <StatusMessage kind="failure" title={t.checkProblems(bad)} />
        ))}
    </>
  );
}

/**
 * Check (the dry run) and Create, and what each answered. `shown` counts the answers: each one
 * moves the focus to the summary (ImportForm).
 */
function useImportSteps(csv: string, onCreated: (r: ImportResult) => void) {
  const [checked, setChecked] = useState<{ text: string; check: ImportCheck } | null>(null);
  const [shown, setShown] = useState(0);
  // Create the classes the roster names that do not exist yet (offered by the check, issue 33).
  const [createBranches, setCreateBranches] = useState(false);
  const dryRun = useImportCheck();
  const create = useImportStudents();
  const answered = () => setShown((n) => n + 1);
  const check = (creating: boolean) =>
    dryRun.mutate(
      { csv, createBranches: creating },
      { onSuccess: (result) => setChecked({ text: csv, check: result }), onSettled: answered },
    );
  const runCheck = () => check(createBranches);
  const createClasses = () => {
    setCreateBranches(true);
    check(true);
  };
  const runCreate = () =>
    create.mutate(
      { csv, createBranches },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (checked) setChecked({ text: csv, check: withServerErrors(checked.check, error) });
          answered();
        },
      },
    );
  const failure = dryRun.error
    ? { title: t.checkFailed, error: dryRun.error }
    : create.error
      ? { title: t.createFailed, error: create.error }
      : null;
  const busy = dryRun.isPending || create.isPending;
  return {
    checked,
    shown,
    failure,
    runCheck,
    runCreate,
    dryRun,
    create,
    busy,
    createBranches,
    createClasses,
  };
}

/** The example in the box: the sample file's rows. */
const EXAMPLE = SAMPLE_CSV.replaceAll('\r\n', '\n').trim();

/** The roster's CSV, typed or pasted, with the sample's rows as its example. */
function RosterBox({ value, onChange }: { value: string; onChange: (csv: string) => void }) {
  return (
    <Textarea
      label={t.rosterLabel}
      description={t.rosterDescription}
      placeholder={EXAMPLE}
      rows={8}
      resize="vertical"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      // The example in the theme's dimmed text, AA in both themes (Mantine's placeholder grey is not).
      styles={{
        input: { fontFamily: 'monospace', '--input-placeholder-color': 'var(--mantine-color-dimmed)' },
      }}
      spellCheck={false}
    />
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
  const steps = useImportSteps(csv, onCreated);
  const { checked, failure } = steps;
  const current = checked?.text === csv;
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (steps.shown > 0) reveal(summary.current);
  }, [steps.shown]);
  return (
    <Stack>
      <SignInAddressNote address={useSignInAddress()} />
      <RosterBox value={csv} onChange={setCsv} />
      <SourceButtons onText={setCsv} />
      {(failure || checked) && (
        <Stack
          gap="sm"
          ref={summary}
          tabIndex={-1}
          data-testid="check-summary"
          style={{ scrollMarginTop: BELOW_HEADER }}
        >
          <CheckSummary
            failure={failure}
            checked={checked?.check ?? null}
            stale={Boolean(checked && !current)}
          />
          {checked && current && (
            <NewClasses
              names={checked.check.newBranches}
              creating={steps.createBranches}
              busy={steps.busy}
              onCreate={steps.createClasses}
            />
          )}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={steps.runCheck} disabled={!csv.trim() || steps.busy}>
          {steps.dryRun.isPending ? t.checking : t.check}
        </Button>
        <Button onClick={steps.runCreate} disabled={!current || !checked?.check.ok || steps.busy}>
          {steps.create.isPending ? t.creatingStudents : t.createStudents}
        </Button>
      </Group>
      {checked && (
        <DataTable
          label="Checked rows"
          columns={rowColumns(branches, checked.check.newBranches)}
          rows={checked.check.rows}
          rowKey={(r) => r.line}
          emptyText=""
          minWidth={720}
          rowTestId="import-row"
        />
      )}
    </Stack>
  );
}
