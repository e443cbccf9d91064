import { Alert, Button, Group, Stack } from '@mantine/core';
import {
  schoolYearScreens as t,
  type BankSettings,
  type BatchKind,
  type Branch,
  type Schedule,
  type Student,
} from '@bank/shared';
import { FormPanel } from '../../components/form-panel';
import { StatusLine, StatusMessage, type Status } from '../../components/status-message';
import { errorMessage } from '../../lib/api-client';
import { ShortfallField, WhatFields, WhenFields, WhoFields } from './schedule-form-fields';
import type { ScheduleValues } from './schedule-form-model';
import { SchedulePreviewBlock } from './schedule-preview';
import { useScheduleForm } from './use-schedule-form';

export interface ScheduleFormProps {
  settings: BankSettings;
  initial: ScheduleValues;
  schedule?: Schedule | undefined;
  /** The kinds this user may schedule (a teller's by the bank's permissions). */
  kinds: BatchKind[];
  branches: Branch[];
  students: Student[];
  onDone: (status: Status) => void;
  onCancel: () => void;
}

/** Preview (always), then Save once the preview shows the form as it is. */
function FormButtons({
  s,
  editing,
  onCancel,
}: {
  s: ReturnType<typeof useScheduleForm>;
  editing: boolean;
  onCancel: () => void;
}) {
  const busy = s.saving || s.preview.isPending;
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {t.cancel}
      </Button>
      <Button type="submit" variant={s.previewed ? 'default' : 'filled'} disabled={busy}>
        {s.preview.isPending ? t.previewing : t.previewButton}
      </Button>
      {s.previewed && (
        <Button onClick={s.save} disabled={busy}>
          {s.saving ? t.saving : editing ? t.saveButton : t.createButton}
        </Button>
      )}
    </Group>
  );
}

/**
 * Create or edit a schedule: what, who, when, and for a bill what happens to a student who cannot
 * pay. The next run is previewed (by the server, with these terms) before it can be saved.
 */
export function ScheduleForm(props: ScheduleFormProps) {
  const { settings, schedule, kinds, branches, students, onCancel } = props;
  const s = useScheduleForm(props);
  const values = s.form.getValues();
  return (
    <FormPanel title={schedule ? t.editTitle(schedule.name) : t.createTitle} maw={960}>
      <form onSubmit={s.requestPreview} noValidate>
        <Stack gap="md">
          <WhatFields
            form={s.form}
            kinds={schedule ? [schedule.kind] : kinds}
            kindFixed={Boolean(schedule)}
          />
          <WhoFields form={s.form} settings={settings} branches={branches} students={students} />
          <WhenFields form={s.form} zone={settings.timeZone} />
          {values.kind === 'withdrawal' && <ShortfallField form={s.form} />}
          {s.preview.isError && (
            <StatusMessage kind="failure" title={t.previewFailed} detail={errorMessage(s.preview.error)} />
          )}
          {s.stale && (
            <Alert color="yellow" variant="light">
              {t.previewAgain}
            </Alert>
          )}
          {s.previewed && s.preview.data && (
            <SchedulePreviewBlock preview={s.preview.data} zone={settings.timeZone} />
          )}
          <StatusLine status={s.failure} />
          <FormButtons s={s} editing={Boolean(schedule)} onCancel={onCancel} />
        </Stack>
      </form>
    </FormPanel>
  );
}
