import { schoolYearScreens as t, type Schedule } from '@bank/shared';
import { useConfirmAction } from '../../components/use-confirm-action';
import { failureStatus, type Status } from '../../components/status-message';
import { useDeleteSchedule, useRunNow, useUpdateSchedule } from './api';
import { runSummary } from './run-summary';

/** The page's heading takes the focus when the schedule that had it is gone. */
const focusHeading = () =>
  window.setTimeout(() => document.querySelector<HTMLElement>('[data-page-heading]')?.focus(), 0);

/**
 * Pause or resume, Run now and Delete of one schedule. Run now and Delete move money or end the
 * schedule, so each asks first (Confirm Action); every outcome is a status line on the page.
 */
export function useScheduleActions(
  schedule: Schedule,
  onStatus: (status: Status) => void,
  onRan: () => void,
) {
  const { ask, modal } = useConfirmAction();
  const update = useUpdateSchedule();
  const runNow = useRunNow();
  const remove = useDeleteSchedule();
  const { scheduleId, name } = schedule;

  const setActive = (active: boolean) =>
    update.mutate(
      { scheduleId, body: { active } },
      {
        onSuccess: () =>
          onStatus({ kind: 'success', title: active ? t.scheduleResumed(name) : t.schedulePaused(name) }),
        onError: (error) => onStatus(failureStatus(t.changeFailed, error)),
      },
    );

  const run = () =>
    ask({
      message: t.confirmRunNow(name),
      confirmLabel: t.runNow,
      onConfirm: () =>
        runNow.mutate(scheduleId, {
          onSuccess: (result) => {
            onStatus({ kind: 'success', title: t.ranNow(name), detail: runSummary(result) });
            onRan();
          },
          onError: (error) => onStatus(failureStatus(t.runFailed, error)),
        }),
    });

  const del = () =>
    ask({
      message: t.confirmDelete(name),
      confirmLabel: t.deleteSchedule,
      danger: true,
      onConfirm: () =>
        remove.mutate(scheduleId, {
          onSuccess: () => {
            onStatus({ kind: 'success', title: t.scheduleDeleted(name) });
            focusHeading();
          },
          onError: (error) => onStatus(failureStatus(t.changeFailed, error)),
        }),
    });

  const busy = update.isPending || runNow.isPending || remove.isPending;
  return { modal, setActive, run, del, busy, update, runNow, remove };
}
