import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { economyScreens as t, type BoardJob } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useRequiredSession } from '../../lib/current-user';
import { money } from '../../lib/format';
import { useJobBoard } from './api';

/** Who does a job besides the Student: the classmates named, then how many more hold it. */
function holdersLine(job: BoardJob): string {
  const others = job.holderCount - (job.mine ? 1 : 0);
  if (others === 0) return job.mine ? t.justYou : t.nobodyYet;
  const who = t.namesAndMore(job.holderNames, others - job.holderNames.length);
  return job.mine ? t.withYou(who) : t.doneBy(who);
}

function JobCard({ job }: { job: BoardJob }) {
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid={job.mine ? 'my-job' : 'class-job'}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4">
            {job.name}
          </Title>
          {job.branchId === null && (
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              {t.everyClass}
            </Badge>
          )}
        </Group>
        <Text fw={600}>{t.myJobPays(money(job.wage))}</Text>
        <Text size="sm" c="dimmed">
          {holdersLine(job)}
        </Text>
      </Stack>
    </Paper>
  );
}

function JobCards({ jobs }: { jobs: BoardJob[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {jobs.map((job) => (
        <JobCard key={job.jobId} job={job} />
      ))}
    </SimpleGrid>
  );
}

function Section({ title, jobs, none }: { title: string; jobs: BoardJob[]; none: string }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {jobs.length ? <JobCards jobs={jobs} /> : <Text>{none}</Text>}
    </Stack>
  );
}

/**
 * `jobs/mine` (issue 34): a Student's job board: their jobs first, then the other jobs of their
 * class and of every class, each with its wage and the classmates who do it (names only).
 */
export function MyJobsPage() {
  const { user } = useRequiredSession();
  const board = useJobBoard(user.username);
  return (
    <>
      <PageHeader title={t.myJobsTitle} subtitle={t.myJobsSubtitle} />
      <QueryState query={board} what="the job board">
        {(jobs) => (
          <Stack gap="xl">
            <Section title={t.myJobsHeading} jobs={jobs.filter((job) => job.mine)} none={t.myJobsNone} />
            <Section
              title={t.classJobsHeading}
              jobs={jobs.filter((job) => !job.mine)}
              none={t.classJobsNone}
            />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
