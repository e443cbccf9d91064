import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { classroomText as t, userCalls } from '@bank/shared';
import { api } from '../../lib/api-client';
import { paths } from '../../lib/paths';

/** Host names that mean "this computer": a student's device reaching them reaches itself. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}

export interface SignInAddress {
  /** False until the server has said whether it has a PUBLIC_URL. */
  ready: boolean;
  /** The sign-in page's address as the slips print it, e.g. "http://bank.school.example:3000/login". */
  url: string;
  /** Taken from the server's PUBLIC_URL (else the address of this browser). */
  fromSetting: boolean;
  /** The host when it is a loopback one (127.0.0.1, localhost, ::1), which students cannot reach. */
  unreachableHost: string | null;
}

/**
 * Where students sign in (issue 20): the server's PUBLIC_URL (`GET /admin/signInAddress`), else the
 * address this browser opened the bank at. A failed call falls back to the browser's address too.
 */
export function useSignInAddress(): SignInAddress {
  const query = useQuery({
    queryKey: ['sign-in-address'],
    queryFn: ({ signal }) => api.call(userCalls.signInAddress, { signal }),
    // The setting changes only with a restart of the server.
    staleTime: Infinity,
  });
  const publicUrl = query.data?.publicUrl ?? null;
  const base = publicUrl ?? window.location.origin;
  const host = new URL(base).hostname;
  return {
    ready: !query.isPending,
    url: `${base}${paths.login}`,
    fromSetting: publicUrl !== null,
    unreachableHost: isLoopback(host) ? host : null,
  };
}

/**
 * Which address the slips will print and how to change it; a warning when students cannot reach it
 * (the bank opened at 127.0.0.1 and no PUBLIC_URL set).
 */
export function SignInAddressNote({ address }: { address: SignInAddress }) {
  if (!address.ready) return null;
  const said = (
    <Text size="sm">
      {t.signInAddressIs(address.url)} {t.signInAddressReach}
    </Text>
  );
  if (address.unreachableHost)
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        data-testid="sign-in-address-note"
        data-warning
      >
        <Stack gap={4}>
          <Text size="sm" fw={700}>
            {t.signInAddressUnreachable(address.unreachableHost)}
          </Text>
          {said}
          <Text size="sm">{t.signInAddressFix}</Text>
        </Stack>
      </Alert>
    );
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="sign-in-address-note">
      <IconPrinter size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Stack gap={2}>
        {said}
        <Text size="sm" c="dimmed">
          {address.fromSetting ? t.signInAddressFromSetting : t.signInAddressHowToChange}
        </Text>
      </Stack>
    </Group>
  );
}
