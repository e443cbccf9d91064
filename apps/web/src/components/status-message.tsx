import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

export interface StatusMessageProps {
  kind: 'success' | 'failure';
  /** The spec's text ("Failed to process transfer", "Password updated!", ...). */
  title: string;
  /** The server's message, shown under a failure. */
  detail?: string | undefined;
}

/** Failure text in red, success text in a confirmation style (spec §8); announced to screen readers. */
export function StatusMessage({ kind, title, detail }: StatusMessageProps) {
  const failure = kind === 'failure';
  return (
    <Alert
      color={failure ? 'red' : 'teal'}
      variant="light"
      icon={failure ? <IconAlertCircle aria-hidden /> : <IconCircleCheck aria-hidden />}
      title={title}
      role={failure ? 'alert' : 'status'}
      data-status={kind}
    >
      {detail}
    </Alert>
  );
}
