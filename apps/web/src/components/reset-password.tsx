import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { IconPrinter } from '@tabler/icons-react';
import { messages, screenMessages, teacherCalls, teacherText, userCalls, type User } from '@bank/shared';
import { api } from '../lib/api-client';
import { useConfirmAction } from './use-confirm-action';
import { failureStatus, StatusLine, SUCCESS_TITLE_COLOR, type Status } from './status-message';
import { TemporaryPassword } from './temporary-password';

const adminText = screenMessages.admin;

/** The password in the server's "Temporary password: {password}" answer. */
export const passwordOfReset = (text: string) => /Temporary password:\s*(\S+)\s*$/.exec(text)?.[1] ?? null;

/** Whose call resets: an admin's (any user, Manage Users) or a teacher's (a Student of their class). */
export type ResetCall = 'admin' | 'teacher';

/**
 * POST /admin/users/{userId}/resetPassword, or a teacher's POST /teller/users/{username}/resetPassword
 * (issue 33). The answer carries a password, so the mutation keeps nothing once the component lets
 * go of it (gcTime 0).
 */
function useResetPassword(via: ResetCall) {
  return useMutation({
    mutationFn: async (userId: string) =>
      via === 'admin'
        ? api.call(userCalls.resetPassword, { params: { userId } })
        : api.call(teacherCalls.resetPassword, { params: { username: userId } }),
    gcTime: 0,
  });
}

/**
 * A password just issued (a new user's, or a reset's): shown once, with a Copy button and what to do
 * with it. Manage Users, Students and Reset Password share it.
 */
export function IssuedPasswordAlert({
  title,
  password,
  note,
  lead,
  fallback,
}: {
  title: string;
  password: string | null;
  note: string;
  /** A line above the password. */
  lead?: ReactNode;
  /** What shows when the answer carried no password (the server's whole text). */
  fallback?: string;
}) {
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconCircleCheck aria-hidden />}
      title={title}
      role="status"
      data-status="success"
      styles={{ title: { color: SUCCESS_TITLE_COLOR } }}
    >
      {password === null ? (
        <Text size="sm">{fallback}</Text>
      ) : (
        <Stack gap="xs">
          {lead}
          <TemporaryPassword password={password} />
          <Text size="sm">{note}</Text>
        </Stack>
      )}
    </Alert>
  );
}

/**
 * Reset Password in Edit User: after a confirm, the user gets a new temporary password (shown here
 * once, with a Copy button), is signed out everywhere and must choose a new password at the next
 * sign-in. For a student who forgot their password or let it slip.
 */
export function ResetPasswordSection({
  user,
  onConfirmingChange,
  via = 'admin',
  onPrintSlip,
}: {
  user: Pick<User, 'userId' | 'name'>;
  /** Whether its Confirm Action dialog is open: a dialog around this one leaves Escape to it. */
  onConfirmingChange?: (confirming: boolean) => void;
  via?: ResetCall;
  /** A reset prints a sign-in slip too (issue 33): given the new password, opens the slips. */
  onPrintSlip?: ((password: string) => void) | undefined;
}) {
  const reset = useResetPassword(via);
  const [password, setPassword] = useState<string | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const { ask, modal, opened } = useConfirmAction();
  useEffect(() => onConfirmingChange?.(opened), [opened, onConfirmingChange]);

  const requestReset = () =>
    ask({
      message: adminText.resetPasswordConfirm(user.userId, user.name),
      confirmLabel: adminText.resetPassword,
      danger: true,
      onConfirm: () => {
        setStatus(null);
        setPassword(null);
        reset.mutate(user.userId, {
          onSuccess: (text) => {
            const temporary = passwordOfReset(text);
            if (temporary) setPassword(temporary);
            else setStatus({ kind: 'success', title: adminText.passwordReset, detail: text });
          },
          onError: (error) => setStatus(failureStatus(adminText.resetPasswordFailed, error)),
        });
      },
    });

  return (
    <Stack gap="xs" mt="sm">
      {password && (
        <IssuedPasswordAlert
          title={adminText.passwordReset}
          password={password}
          note={adminText.resetPasswordNote}
        />
      )}
      {password && onPrintSlip && (
        <Group justify="flex-end">
          <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => onPrintSlip(password)}>
            {teacherText.printResetSlip}
          </Button>
        </Group>
      )}
      <StatusLine status={status} />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {adminText.resetPasswordHint}
        </Text>
        <Button
          variant="default"
          leftSection={<IconKey size={16} aria-hidden />}
          onClick={requestReset}
          disabled={reset.isPending}
        >
          {reset.isPending ? messages.resettingPassword : adminText.resetPassword}
        </Button>
      </Group>
      {modal}
    </Stack>
  );
}
