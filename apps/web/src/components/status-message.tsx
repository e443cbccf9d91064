import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

export interface StatusMessageProps {
  kind: 'success' | 'failure';
  /** The spec's text ("Failed to process transfer", "Password updated!", ...). */
  title: string;
  /** The server's message, shown under a failure. */
  detail?: string | undefined;
}

/**
 * The title colour of a success: Mantine's teal-9 on the light teal background is 4.3:1, below
 * WCAG AA; this darker teal is 4.9:1.
 */
export const SUCCESS_TITLE_COLOR = '#077556';

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
      styles={failure ? undefined : { title: { color: SUCCESS_TITLE_COLOR } }}
    >
      {detail}
    </Alert>
  );
}
