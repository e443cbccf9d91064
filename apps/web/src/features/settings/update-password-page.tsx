import { Alert, Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages, newPasswordProblem } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../lib/api-client';
import { useRequiredSession } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { uiText } from '../../lib/ui-text';
import { useUpdatePassword } from './api';

type Update = ReturnType<typeof useUpdatePassword>;

/** The forced-change notice and the answer of the last try. */
function PasswordStatus({
  forced,
  askCurrent,
  update,
}: {
  forced: boolean;
  askCurrent: boolean;
  update: Update;
}) {
  return (
    <>
      {forced && (
        <Alert
          color="yellow"
          variant="light"
          title={uiText.mustChangePassword}
          role="note"
          // Mantine's yellow title on its light yellow fails contrast (axe); the text colour passes in both schemes.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        />
      )}
      {forced && !askCurrent && <Text size="sm">{uiText.noNeedForTemporary}</Text>}
      {update.isSuccess && <StatusMessage kind="success" title={messages.passwordUpdated} />}
      {update.isError && (
        <StatusMessage
          kind="failure"
          title={messages.passwordUpdateFailed}
          detail={errorMessage(update.error)}
        />
      )}
    </>
  );
}

/** Go to Home after a change, Cancel unless the change is forced, and the submit button. */
function PasswordButtons({
  forced,
  update,
  complete,
}: {
  forced: boolean;
  update: Update;
  complete: boolean;
}) {
  return (
    <Group justify="flex-end">
      {update.isSuccess && (
        <Button component={Link} to={paths.home} variant="default">
          Go to Home
        </Button>
      )}
      {!forced && !update.isSuccess && (
        <Button component={Link} to={paths.settings} variant="default">
          Cancel
        </Button>
      )}
      <Button type="submit" disabled={!complete || update.isPending}>
        {update.isPending ? 'Updating Password...' : 'Change Password'}
      </Button>
    </Group>
  );
}

interface PasswordValues {
  current: string;
  next: string;
  confirm: string;
}

/** `settings/updatePassword`: current, new and confirmation (spec §2, §4, §5, §8). */
export function UpdatePasswordPage() {
  const { user } = useRequiredSession();
  const update = useUpdatePassword(user.username);
  const form = useForm<PasswordValues>({ initialValues: { current: '', next: '', confirm: '' } });
  const { current, next, confirm } = form.getValues();
  const forced = user.mustChangePassword;
  // Just signed in with the temporary password: the session proves it (issue 33). Asked after all
  // when the server says the current password is needed (the proof lasts a while only).
  const [askCurrent, setAskCurrent] = useState(!forced);
  // The form tracks whether the new passwords match (spec §4).
  const mismatch = confirm.length > 0 && next !== confirm;
  const complete = (!askCurrent || current.length > 0) && next.length > 0 && next === confirm;

  const submit = form.onSubmit((values) => {
    if (update.isPending || values.next !== values.confirm) return;
    // The shared rule, minus the common-password list (the server checks that one and says so).
    const problem = newPasswordProblem(values.next, {
      userId: user.username,
      currentPassword: values.current,
    });
    if (problem) {
      form.setFieldError('next', problem);
      return;
    }
    update.mutate(
      { current: askCurrent ? values.current : '', next: values.next },
      {
        onSuccess: () => form.reset(),
        onError: (error) => {
          if (errorMessage(error) === messages.currentPasswordWrong) setAskCurrent(true);
        },
      },
    );
  });

  return (
    <>
      <PageHeader title="Change Password" />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={520}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <PasswordStatus forced={forced} askCurrent={askCurrent} update={update} />
            {askCurrent && (
              <PasswordInput
                label="Current Password"
                autoComplete="current-password"
                required
                {...form.getInputProps('current')}
              />
            )}
            <PasswordInput
              label="New Password"
              description="At least 8 characters; not only spaces, not your User Id, not your current password and not a common password."
              autoComplete="new-password"
              required
              {...form.getInputProps('next')}
            />
            <PasswordInput
              label="Confirm New Password"
              autoComplete="new-password"
              required
              {...form.getInputProps('confirm')}
              error={mismatch ? messages.passwordsDoNotMatch : undefined}
            />
            <PasswordButtons forced={forced} update={update} complete={complete} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
