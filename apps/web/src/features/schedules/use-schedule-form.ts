import { useForm } from '@mantine/form';
import { useState } from 'react';
import { schoolYearScreens as t, type BankSettings, type Schedule } from '@bank/shared';
import { failureStatus, type Status } from '../../components/status-message';
import { ApiError } from '../../lib/api-client';
import { focusFirstInvalid } from '../../lib/page-focus';
import { useCreateSchedule, usePreviewTerms, useUpdateSchedule } from './api';
import { bodyOf, changeOf, errorsOf, formFieldOf, type ScheduleValues } from './schedule-form-model';

export interface ScheduleFormOptions {
  settings: BankSettings;
  initial: ScheduleValues;
  /** The schedule being edited; absent for a new one. */
  schedule?: Schedule | undefined;
  onDone: (status: Status) => void;
}

/** A refused save names its fields (API `fields`): shown at the form's own fields. */
function serverErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(
    Object.entries(error.fields).map(([field, message]) => [formFieldOf(field), message]),
  );
}

/**
 * The schedule form's state: values, the preview of the next run (asked of the server with the
 * form's terms), and the save, offered only while the preview shows what would be saved.
 */
export function useScheduleForm({ settings, initial, schedule, onDone }: ScheduleFormOptions) {
  const form = useForm<ScheduleValues>({ initialValues: initial });
  const preview = usePreviewTerms();
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const [previewedBody, setPreviewedBody] = useState<string | null>(null);
  const body = bodyOf(form.getValues());
  const current = JSON.stringify(body);
  const stale = previewedBody !== null && previewedBody !== current;

  const requestPreview = form.onSubmit((values) => {
    const errors = errorsOf(values, settings.timeZone, schedule?.startDate);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return focusFirstInvalid();
    const asked = bodyOf(values);
    create.reset();
    update.reset();
    preview.mutate(asked, {
      onSuccess: () => setPreviewedBody(JSON.stringify(asked)),
      onError: (error) => form.setErrors(serverErrors(error)),
    });
  });

  const onSaveError = (error: unknown) => form.setErrors(serverErrors(error));
  const save = () => {
    if (stale || previewedBody === null) return;
    if (schedule) {
      update.mutate(
        { scheduleId: schedule.scheduleId, body: changeOf(body) },
        {
          onSuccess: (saved) => onDone({ kind: 'success', title: t.scheduleSaved(saved.name) }),
          onError: onSaveError,
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: (saved) => onDone({ kind: 'success', title: t.scheduleCreated(saved.name) }),
      onError: onSaveError,
    });
  };

  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;
  const failure = saveError ? failureStatus(t.saveFailed, saveError) : null;
  return {
    form,
    preview,
    previewed: previewedBody !== null && !stale,
    stale,
    save,
    saving,
    failure,
    requestPreview,
  };
}
