import { Button, Code, CopyButton, Group, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { screenMessages } from '@bank/shared';

const adminText = screenMessages.admin;

/**
 * A temporary password shown once (after Create User or Reset Password), large and selectable,
 * with a Copy button that takes the focus so the admin can copy it at once.
 */
export function TemporaryPassword({ password }: { password: string }) {
  const copyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => copyButton.current?.focus(), [password]);
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={600} component="span">
        {adminText.temporaryPasswordLabel}:
      </Text>
      <Code
        fz="lg"
        fw={700}
        px="sm"
        py={4}
        data-testid="temporary-password"
        style={{ userSelect: 'all', letterSpacing: '0.05em' }}
      >
        {password}
      </Code>
      <CopyButton value={password} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            ref={copyButton}
            size="compact-sm"
            variant="default"
            leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            onClick={copy}
          >
            {copied ? adminText.copied : adminText.copyPassword}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
