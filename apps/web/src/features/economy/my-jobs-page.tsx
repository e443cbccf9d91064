import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { economyScreens as t, type Job } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useRequiredSession } from '../../lib/current-user';
import { money } from '../../lib/format';
import { useJobsOf } from './api';

function JobCard({ job, me }: { job: Job; me: string }) {
  const others = job.holders.filter((u) => u.toLowerCase() !== me.toLowerCase());
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="my-job">
      <Stack gap={4}>
        <Title order={2} size="h4">
          {job.name}
        </Title>
        <Text fw={600}>{t.myJobPays(money(job.wage))}</Text>
        <Text size="sm" c="dimmed">
          {others.length ? t.withYou(others.join(', ')) : t.justYou}
        </Text>
      </Stack>
    </Paper>
  );
}

/** `jobs/mine` (issue 34): a Student's job board: their jobs, what each pays, who shares it. */
export function MyJobsPage() {
  const { user } = useRequiredSession();
  const jobs = useJobsOf(user.username);
  return (
    <>
      <PageHeader title={t.myJobsTitle} subtitle={t.myJobsSubtitle} />
      <QueryState query={jobs} what="your jobs">
        {(list) =>
          list.length === 0 ? (
            <Text>{t.myJobsNone}</Text>
          ) : (
            <SimpleGrid
              cols={{ base: 1, sm: 2, md: 3 }}
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {list.map((job) => (
                <JobCard key={job.jobId} job={job} me={user.username} />
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
    </>
  );
}
