import { Button, Paper, Stack } from '@mantine/core';
import { economyScreens as t, economyText, type Job, type Student } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { allOf, QueryState } from '../../components/query-state';
import { StatusLine, StatusMessage } from '../../components/status-message';
import { money } from '../../lib/format';
import { useJobs } from './api';
import { ClassSelect, useClassChoice } from './class-choice';
import { NewButton, useEditing } from './form-actions';
import { JobForm } from './job-form';

/** "Ana Lee, Ben Ode": holders by name where the class list knows them, else by User Id. */
export function holderNames(holders: string[], students: Student[]): string {
  const names = new Map(students.map((s) => [s.username.toLowerCase(), s.name]));
  return holders.map((u) => names.get(u.toLowerCase()) ?? u).join(', ');
}

function jobColumns(students: Student[], onEdit: (job: Job) => void): Column<Job>[] {
  return [
    { header: t.jobColumn, cell: (j) => j.name },
    { header: t.wageLabel, align: 'right', cell: (j) => money(j.wage) },
    {
      header: t.holdersColumn,
      cell: (j) => (j.holders.length ? holderNames(j.holders, students) : t.noHolders),
    },
    {
      header: 'Edit',
      action: true,
      cell: (j) => (
        <Button size="compact-sm" variant="default" onClick={() => onEdit(j)} aria-label={t.editJob(j.name)}>
          Edit
        </Button>
      ),
    },
  ];
}

/** The jobs a class sees: its own and the whole bank's (an admin's without a class: all). */
const ofClass = (jobs: Job[], branchId: number | null) =>
  branchId === null ? jobs : jobs.filter((j) => j.branchId === null || j.branchId === branchId);

/** `{bankId}/jobs` (issue 34): the class jobs, their wages and holders; make, change and delete them. */
export function JobsPage() {
  const klass = useClassChoice();
  const jobs = useJobs(klass.bankId);
  const { students } = klass;
  const e = useEditing<Job>();
  return (
    <>
      <PageHeader
        title={t.jobsTitle}
        subtitle={t.jobsSubtitle}
        actions={<NewButton label={t.newJob} open={() => e.open('new')} off={e.editing === 'new'} />}
      />
      <Stack gap="md">
        <ClassSelect {...klass} onChange={klass.setChosen} />
        {e.editing && (
          <JobForm
            key={e.editing === 'new' ? 'new' : e.editing.jobId}
            job={e.editing === 'new' ? undefined : e.editing}
            branchId={e.editing === 'new' ? klass.branchId : e.editing.branchId}
            students={students.data ?? []}
            onClose={e.close}
            onDone={e.done}
          />
        )}
        <StatusLine status={e.status} />
        {klass.branchId === null ? (
          <StatusMessage kind="failure" title={economyText.jobNoClass} />
        ) : (
          <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
            <QueryState query={allOf(jobs, students)} what="the jobs">
              {([list, roster]) => (
                <DataTable
                  label={t.jobsTable}
                  columns={jobColumns(roster, e.open)}
                  rows={ofClass(list, klass.branchId)}
                  rowKey={(j) => j.jobId}
                  emptyText={t.noJobs}
                  minWidth={560}
                  rowTestId="job-row"
                />
              )}
            </QueryState>
          </Paper>
        )}
      </Stack>
    </>
  );
}
