import { Alert, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { announce } from '../lib/announcer';
import { uiText } from '../lib/ui-text';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { errorMessage } from '../lib/api-client';

export interface StatusMessageProps {
  kind: 'success' | 'failure';
  /** The spec's text ("Failed to process transfer", "Password updated!", ...). */
  title: string;
  /** The server's message, shown under a failure. */
  detail?: string | undefined;
  /** What to do next, in a child's words (issue 33 item 9), under the detail. */
  help?: string | undefined;
}

/** The title colour of a success, AA on the light teal background in both themes (app/theme.ts). */
export const SUCCESS_TITLE_COLOR = 'var(--bank-success-text)';

/**
 * Failure text in red, success text in a confirmation style (spec §8). Screen readers hear it
 * once, through the layout's live region; the box keeps its role (what it is) but is not live itself.
 */
export function StatusMessage({ kind, title, detail, help }: StatusMessageProps) {
  const failure = kind === 'failure';
  useEffect(() => {
    const said = `${failure ? uiText.announceFailure : uiText.announceSuccess} ${title}`;
    announce([said, detail, help].filter(Boolean).join(' '));
  }, [failure, title, detail, help]);
  return (
    <Alert
      color={failure ? 'red' : 'teal'}
      variant="light"
      icon={failure ? <IconAlertCircle aria-hidden /> : <IconCircleCheck aria-hidden />}
      title={title}
      role={failure ? 'alert' : 'status'}
      aria-live="off"
      data-status={kind}
      styles={failure ? undefined : { title: { color: SUCCESS_TITLE_COLOR } }}
    >
      {help ? (
        <Stack gap={4}>
          {detail && <div>{detail}</div>}
          <div>{help}</div>
        </Stack>
      ) : (
        detail
      )}
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
