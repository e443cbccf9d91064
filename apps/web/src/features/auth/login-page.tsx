import { Button, Container, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '@bank/shared';
import { StatusMessage } from '../../components/status-message';
import { ApiError } from '../../lib/api-client';
import { startSession } from '../../lib/current-user';
import { paths, safeNext } from '../../lib/paths';
import { uiText } from '../../lib/ui-text';
import { useSignIn, type Credentials } from './api';

/** `login`: User Id and password, both required (spec §2, §5, §8). */
export function LoginPage() {
  useDocumentTitle('Login · School Bank');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();

  const form = useForm<Credentials>({
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (value.trim() ? null : uiText.userIdRequired),
      password: (value) => (value ? null : uiText.passwordRequired),
    },
  });

  const submit = form.onSubmit((values) => {
    if (signIn.isPending) return;
    signIn.mutate(values, {
      onSuccess: async (session) => {
        // Nothing cached from an earlier session may show through.
        queryClient.clear();
        startSession(queryClient, session.token, session.user);
        const target = session.user.mustChangePassword
          ? paths.updatePassword
          : (safeNext(searchParams.get('next')) ?? paths.home);
        await navigate(target, { replace: true });
      },
    });
  });

  const failure = signIn.error;
  // A wrong password answers 401 with a generic text; anything else (throttling, no connection) says why.
  const detail = failure instanceof ApiError && failure.status === 401 ? undefined : failure?.message;

  return (
    <Container size={420} py={{ base: 'md', sm: 40 }} px={0}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h2" tabIndex={-1} data-page-heading>
              Login
            </Title>
            {failure && <StatusMessage kind="failure" title={messages.loginFailed} detail={detail} />}
            {!failure && searchParams.get('expired') && (
              <StatusMessage kind="failure" title={uiText.sessionExpired} />
            )}
            <TextInput
              label="User Id"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              data-autofocus
              data-page-focus
              autoFocus
              {...form.getInputProps('username')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Button type="submit" disabled={signIn.isPending} fullWidth>
              {signIn.isPending ? messages.loggingIn : 'Login'}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
