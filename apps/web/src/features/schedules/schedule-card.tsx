import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { schoolYearScreens as t, type Schedule } from '@bank/shared';
import { DeleteButton } from '../../components/delete-button';
import type { Status } from '../../components/status-message';
import { bankDayTime } from '../../lib/bank-time';
import type { PaydayToReverse } from './reverse-payday-dialog';
import { RunHistory } from './run-history';
import { runSummary } from './run-summary';
import { scheduleLine, type LineContext } from './schedule-line';
import { useScheduleActions } from './use-schedule-actions';

export interface ScheduleCardProps {
  schedule: Schedule;
  context: LineContext;
  /** This user may change it (a teller needs the bank's permission for its kind). */
  mayChange: boolean;
  onEdit: (schedule: Schedule) => void;
  onStatus: (status: Status) => void;
  onReverse?: ((payday: PaydayToReverse) => void) | undefined;
}

function CardButtons(
  props: ScheduleCardProps & {
    a: ReturnType<typeof useScheduleActions>;
    historyOpen: boolean;
    toggleHistory: () => void;
  },
) {
  const { schedule, mayChange, onEdit, a, historyOpen, toggleHistory } = props;
  const label = (action: string) => t.actionsFor(action, schedule.name);
  // A stopped schedule's Resume is beside its reason (StoppedNote), not here a second time.
  const stopped = schedule.pausedReason !== null;
  return (
    <Group gap="xs" justify="flex-end" align="flex-start">
      <Button
        variant="default"
        size="compact-md"
        onClick={toggleHistory}
        aria-expanded={historyOpen}
        aria-label={label(historyOpen ? t.hideHistory : t.history)}
      >
        {historyOpen ? t.hideHistory : t.history}
      </Button>
      {mayChange && (
        <>
          <Button
            variant="default"
            size="compact-md"
            onClick={() => onEdit(schedule)}
            disabled={a.busy}
            aria-label={label(t.edit)}
          >
            {t.edit}
          </Button>
          {!stopped && (
            <Button
              variant="default"
              size="compact-md"
              onClick={() => a.setActive(!schedule.active)}
              disabled={a.busy}
              aria-label={label(schedule.active ? t.pause : t.resume)}
            >
              {a.update.isPending
                ? schedule.active
                  ? t.pausing
                  : t.resuming
                : schedule.active
                  ? t.pause
                  : t.resume}
            </Button>
          )}
          <Button
            variant="default"
            size="compact-md"
            onClick={a.run}
            disabled={a.busy}
            aria-label={label(t.runNow)}
          >
            {a.runNow.isPending ? t.running : t.runNow}
          </Button>
          <DeleteButton
            size="compact-md"
            onClick={a.del}
            disabled={a.busy}
            aria-label={label(t.deleteSchedule)}
          >
            {a.remove.isPending ? t.deletingSchedule : t.deleteSchedule}
          </DeleteButton>
        </>
      )}
    </Group>
  );
}

/**
 * A schedule that stopped on its own (its run failed, or its maker may no longer pay): why, since
 * when, and Resume for whoever may change it. Nothing runs until then.
 */
function StoppedNote(props: {
  schedule: Schedule;
  zone: string;
  mayChange: boolean;
  a: ReturnType<typeof useScheduleActions>;
}) {
  const { schedule, zone, mayChange, a } = props;
  if (schedule.pausedReason === null) return null;
  return (
    <Alert
      color="red"
      variant="light"
      p="sm"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={t.stoppedBecause(schedule.pausedReason)}
      data-testid="schedule-stopped"
    >
      <Group justify="space-between" align="center" gap="xs">
        {schedule.stoppedAt && <Text size="sm">{t.stoppedSince(bankDayTime(schedule.stoppedAt, zone))}</Text>}
        {mayChange && (
          <Button
            size="compact-md"
            onClick={() => a.setActive(true)}
            disabled={a.busy}
            aria-label={t.actionsFor(t.resume, schedule.name)}
          >
            {a.update.isPending ? t.resuming : t.resume}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** One schedule: its line, why it stopped (if it did), its last run, its buttons and its history. */
export function ScheduleCard(props: ScheduleCardProps) {
  const { schedule, context, onStatus, onReverse } = props;
  const [historyOpen, setHistoryOpen] = useState(false);
  const a = useScheduleActions(schedule, onStatus, () => setHistoryOpen(true));
  const last = schedule.lastRun;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid="schedule"
      data-active={schedule.active}
    >
      <Stack gap="xs">
        <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {scheduleLine(schedule, context)}
        </Title>
        <StoppedNote schedule={schedule} zone={context.zone} mayChange={props.mayChange} a={a} />
        <Text size="sm" c="dimmed">
          {last ? t.lastRun(bankDayTime(last.runAt, context.zone), runSummary(last)) : t.neverRan}
        </Text>
        <CardButtons
          {...props}
          a={a}
          historyOpen={historyOpen}
          toggleHistory={() => setHistoryOpen((o) => !o)}
        />
        {historyOpen && <RunHistory schedule={schedule} zone={context.zone} onReverse={onReverse} />}
      </Stack>
      {a.modal}
    </Paper>
  );
}
