import { List, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { createJobBody, economyLimits, economyScreens as t, type Job, type Student } from '@bank/shared';
import { FormPanel } from '../../components/form-panel';
import { failureStatus, StatusLine, type Status } from '../../components/status-message';
import { useConfirmAction } from '../../components/use-confirm-action';
import { parseAmountInput } from '../../lib/format';
import { schemaErrors } from '../../lib/validation';
import { useCreateJob, useDeleteJob, useUpdateJob } from './api';
import { refusalLines } from './class-choice';
import { FormActions } from './form-actions';

export interface JobFormProps {
  /** The job to edit; absent, a new job of `branchId`. */
  job?: Job | undefined;
  branchId: number | null;
  /** Who may hold it: the Students of its class. */
  students: Student[];
  onDone: (status: Status) => void;
  onClose: () => void;
}

/** The job form's values, checks and calls (create then holders, update, delete behind Confirm Action). */
function useJobForm({ job, branchId, onDone }: JobFormProps) {
  const create = useCreateJob();
  const update = useUpdateJob();
  const remove = useDeleteJob();
  const { ask, modal } = useConfirmAction();
  const [name, setName] = useState(job?.name ?? '');
  const [wage, setWage] = useState(job ? job.wage.toFixed(2) : '');
  const [holders, setHolders] = useState<string[]>(job?.holders ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ status: Status; lines: string[] } | null>(null);
  const busy = create.isPending || update.isPending || remove.isPending;

  const failed = (title: string) => (error: unknown) =>
    setFailure({ status: failureStatus(title, error), lines: refusalLines(error) });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = { name: name.trim(), wage: parseAmountInput(wage) as number };
    const found = schemaErrors(createJobBody, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const saved = (after: Job) => onDone({ kind: 'success', title: t.jobSaved(after.name) });
    if (job) {
      update.mutate(
        { jobId: job.jobId, body: { ...body, holders } },
        { onSuccess: saved, onError: failed(t.jobSaveFailed) },
      );
      return;
    }
    create.mutate(
      { ...body, ...(branchId === null ? {} : { branchId }) },
      {
        onSuccess: (made) => {
          if (holders.length === 0) return saved(made);
          // A new job's holders are its second call: a refusal leaves the job made, and says why.
          update.mutate(
            { jobId: made.jobId, body: { holders } },
            { onSuccess: saved, onError: failed(t.jobSaveFailed) },
          );
        },
        onError: failed(t.jobSaveFailed),
      },
    );
  };

  const requestDelete = (current: Job) =>
    ask({
      message: t.confirmDeleteJob(current.name),
      confirmLabel: t.deleteJob,
      danger: true,
      onConfirm: () =>
        remove.mutate(current.jobId, {
          onSuccess: () => onDone({ kind: 'success', title: t.jobDeleted(current.name) }),
          onError: failed(t.jobDeleteFailed),
        }),
    });

  const values = { name, setName, wage, setWage, holders, setHolders };
  return { ...values, errors, failure, busy, submit, requestDelete, modal };
}

/** Every Student of the class, and any holder no longer listed (another class now), so saving drops nobody unseen. */
function holderOptions(students: Student[], holders: string[]) {
  const options = students.map((s) => ({ value: s.username, label: `${s.name} (${s.username})` }));
  for (const username of holders)
    if (!options.some((o) => o.value === username)) options.push({ value: username, label: username });
  return options;
}

/** The server's refusal, and each reason it named ("Cy Park already has 3 jobs"). */
function Refusal({ failure }: { failure: { status: Status; lines: string[] } | null }) {
  if (!failure) return null;
  return (
    <>
      <StatusLine status={failure.status} />
      {failure.lines.length > 0 && (
        <List size="sm" c="var(--mantine-color-error)" data-testid="job-refusals">
          {failure.lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </>
  );
}

/** Create or edit a job: its name, wage and holders; delete it behind Confirm Action. */
export function JobForm(props: JobFormProps) {
  const { job, students, onClose } = props;
  const f = useJobForm(props);
  const { name, setName, wage, setWage, holders, setHolders, errors } = f;
  return (
    <FormPanel title={job ? t.editJobTitle(job.name) : t.createJobTitle}>
      <form onSubmit={f.submit} noValidate>
        <Stack gap="sm">
          <Refusal failure={f.failure} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t.jobNameLabel}
              description={t.jobNameDescription}
              withAsterisk
              autoComplete="off"
              maxLength={economyLimits.jobNameMaxLength}
              value={name}
              error={errors.name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <TextInput
              label={t.wageLabel}
              description={t.wageDescription}
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              leftSection="$"
              value={wage}
              error={errors.wage}
              onChange={(e) => setWage(e.currentTarget.value)}
            />
          </SimpleGrid>
          <MultiSelect
            label={t.holdersLabel}
            description={t.holdersDescription}
            placeholder={t.holdersPlaceholder}
            searchable
            hidePickedOptions
            comboboxProps={{ withinPortal: false }}
            withScrollArea={false}
            limit={12}
            data={holderOptions(students, holders)}
            value={holders}
            onChange={setHolders}
          />
          <FormActions
            deleteLabel={job ? t.deleteJob : null}
            onDelete={() => job && f.requestDelete(job)}
            busy={f.busy}
            onClose={onClose}
            submitLabel={f.busy ? t.savingJob : job ? t.saveJob : t.createJob}
          />
        </Stack>
      </form>
      {f.modal}
    </FormPanel>
  );
}
