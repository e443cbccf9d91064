import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { displayNameText, limits, studentText } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../lib/api-client';
import { useRequiredSession } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { uiText } from '../../lib/ui-text';
import { schemaErrors } from '../../lib/validation';
import { useUpdateDisplayName } from './api';

/** `settings/editDisplayName`: create or edit the display name (no rule in the spec; the server's limits apply). */
export function EditDisplayNamePage() {
  const { user } = useRequiredSession();
  const navigate = useNavigate();
  const update = useUpdateDisplayName(user.username);
  const form = useForm({
    initialValues: { displayName: user.displayName ?? '' },
    validate: {
      displayName: (value) => schemaErrors(displayNameText, value).form ?? null,
    },
  });

  const submit = form.onSubmit(({ displayName }) => {
    if (update.isPending) return;
    update.mutate(displayName, {
      onSuccess: async () => {
        notifications.show({ color: 'teal', message: uiText.displayNameSaved });
        await navigate(paths.settings);
      },
    });
  });

  return (
    <>
      <PageHeader title={user.displayName ? 'Edit Display Name' : 'Create Display Name'} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={520}>
        <form onSubmit={submit} noValidate>
          <Stack>
            {update.isError && <StatusMessage kind="failure" title={errorMessage(update.error)} />}
            <TextInput
              label="Display Name"
              description={studentText.displayNameFieldHint}
              maxLength={limits.displayNameMaxLength}
              data-autofocus
              {...form.getInputProps('displayName')}
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => void navigate(paths.settings)}
                disabled={update.isPending}
              >
                Cancel
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save Display Name'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
