import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { schoolYearScreens as t, type Schedule, type ScheduleRun } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { LoadMore, QueryState } from '../../components/query-state';
import { bankDayTime } from '../../lib/bank-time';
import { useScheduleRuns } from './api';
import type { PaydayToReverse } from './reverse-payday-dialog';
import { cutLines, leftOutLines, runSummary } from './run-summary';

function LinesUnder({ heading, lines }: { heading: string; lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {heading}
      </Text>
      <List size="sm" spacing={2}>
        {lines.map((line, i) => (
          <List.Item key={i}>{line}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

function columns(schedule: Schedule, zone: string, onReverse?: (p: PaydayToReverse) => void) {
  const list: Column<ScheduleRun>[] = [
    {
      header: 'Run',
      cell: (run) => (
        <Stack gap={0}>
          <Text size="sm">{bankDayTime(run.runAt, zone)}</Text>
          <Text size="xs" c="dimmed">
            {run.extra ? t.ranBy(run.ranBy ?? '—') : t.onSchedule}
          </Text>
        </Stack>
      ),
    },
    { header: 'Paid', cell: (run) => runSummary(run) },
    {
      header: 'Left out or cut',
      cell: (run) =>
        run.leftOutCount + run.cutCount === 0 ? (
          '—'
        ) : (
          <Stack gap="xs">
            <LinesUnder heading={t.leftOutHeading} lines={leftOutLines(run)} />
            <LinesUnder heading={t.cutHeading} lines={cutLines(run)} />
          </Stack>
        ),
    },
  ];
  if (!onReverse) return list;
  const memo = schedule.memo ?? schedule.name;
  return [
    ...list,
    {
      header: t.reverse,
      action: true,
      cell: (run: ScheduleRun) => (
        <ReverseButtons run={run} schedule={schedule} zone={zone} memo={memo} onReverse={onReverse} />
      ),
    },
  ];
}

/** A run's payday to reverse; a run of a big branch paid as several, each reversed on its own. */
function ReverseButtons(props: {
  run: ScheduleRun;
  schedule: Schedule;
  zone: string;
  memo: string;
  onReverse: (p: PaydayToReverse) => void;
}) {
  const { run, schedule, zone, memo, onReverse } = props;
  const parts = run.batchIds.length;
  if (parts === 0) return null;
  const what = `${t.reverse}: ${schedule.name}, ${bankDayTime(run.runAt, zone)}`;
  return (
    <Group gap={4} wrap="wrap">
      {run.batchIds.map((batchId, i) => (
        <Button
          key={batchId}
          size="compact-sm"
          variant="default"
          aria-label={parts > 1 ? `${what}, ${t.partOf(i + 1, parts)}` : what}
          onClick={() => onReverse({ batchId, memo, createdAt: run.runAt })}
        >
          {parts > 1 ? t.reversePart(i + 1, parts) : t.reverseEllipsis}
        </Button>
      ))}
    </Group>
  );
}

/** Every run of a schedule, newest first: when, what it paid, and who was left out or cut and why. */
export function RunHistory(props: {
  schedule: Schedule;
  zone: string;
  /** Admins reverse a run's payday from here. */
  onReverse?: ((payday: PaydayToReverse) => void) | undefined;
}) {
  const { schedule, zone, onReverse } = props;
  const runs = useScheduleRuns(schedule.scheduleId);
  return (
    <Stack gap="xs" data-testid="run-history">
      <Title order={3} size="h5">
        {t.runsTitle(schedule.name)}
      </Title>
      <QueryState query={runs} what="the runs">
        {(data) => (
          <DataTable
            label={t.runsTableLabel(schedule.name)}
            columns={columns(schedule, zone, onReverse)}
            rows={data}
            rowKey={(run) => `${run.runAt}-${run.batchId ?? ''}`}
            emptyText={t.noRuns}
            minWidth={640}
            rowTestId="run-row"
          />
        )}
      </QueryState>
      <LoadMore pages={runs} what="the runs" />
    </Stack>
  );
}
