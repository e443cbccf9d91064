import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { errorMessage } from '../lib/api-client';

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

/** A status line of a form or screen: the spec's text, and under a failure the server's reason. */
export interface Status {
  kind: 'success' | 'failure';
  title: string;
  detail?: string | undefined;
}

export function failureStatus(title: string, error: unknown): Status {
  const detail = errorMessage(error);
  // "Branch already exists" from the server under the same title would say it twice.
  return { kind: 'failure', title, detail: detail === title ? undefined : detail };
}

export function StatusLine({ status }: { status: Status | null }) {
  if (!status) return null;
  return <StatusMessage kind={status.kind} title={status.title} detail={status.detail} />;
}
