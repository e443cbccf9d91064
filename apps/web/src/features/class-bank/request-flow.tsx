import { Paper } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  participationScreenText as m,
  type BankerRequest,
  type Classmate,
  type CreateRequestBody,
  type RequestPreview,
} from '@bank/shared';
import { failureStatus, StatusLine } from '../../components/status-message';
import { ApiError } from '../../lib/api-client';
import { focusFirstInvalid } from '../../lib/page-focus';
import { usePreviewRequest, useSendRequest } from './api';
import { EMPTY_REQUEST, RequestEntry, requestBody, requestErrors, type RequestValues } from './request-entry';
import { RequestReview, RequestSent } from './request-review';

type Step =
  | { name: 'entry' }
  | {
      name: 'review';
      preview: RequestPreview;
      body: CreateRequestBody;
      account: Classmate['accounts'][number];
    }
  | { name: 'sent'; request: BankerRequest };

/** The server's field messages (a 400) on the form's own fields. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const { amount, memo } = error.fields;
  return { ...(amount ? { amount } : {}), ...(memo ? { memo } : {}) };
}

/** Entry → review (POST preview) → sent (POST, Idempotency-Key), as the money flows go (spec §4). */
function useRequestFlow() {
  const preview = usePreviewRequest();
  const send = useSendRequest();
  // Editing the form clears a failed check's message.
  const form = useForm<RequestValues>({
    initialValues: EMPTY_REQUEST,
    onValuesChange: () => preview.reset(),
  });
  const [classmate, setClassmate] = useState<Classmate | null>(null);
  const [step, setStep] = useState<Step>({ name: 'entry' });

  const chooseClassmate = (next: Classmate | null) => {
    setClassmate(next);
    preview.reset();
    // One account: it is the one. Several: the banker chooses.
    form.setFieldValue('accountId', next?.accounts.length === 1 ? next.accounts[0]!.accountId : '');
    form.clearFieldError('classmate');
  };

  const review = form.onSubmit((values) => {
    const errors = requestErrors(classmate, values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return focusFirstInvalid();
    const body = requestBody(values);
    // The classmate's accounts came with the picker (requestErrors checked the choice is one).
    const account = classmate?.accounts.find((a) => a.accountId === body.accountId);
    if (!account) return;
    preview.mutate(body, {
      onSuccess: (answer) => setStep({ name: 'review', preview: answer, body, account }),
      onError: (error) => form.setErrors(fieldErrorsOf(error)),
    });
  });

  const submit = (body: CreateRequestBody) => {
    if (send.isPending) return;
    send.mutate(body, { onSuccess: (request) => setStep({ name: 'sent', request }) });
  };

  const restart = () => {
    form.reset();
    chooseClassmate(null);
    send.reset();
    setStep({ name: 'entry' });
  };

  const back = () => {
    send.reset();
    setStep({ name: 'entry' });
  };
  return { form, classmate, chooseClassmate, step, review, submit, restart, back, preview, send };
}

/** A class banker asks for a classmate's account: the form, its review, the answer. */
export function RequestFlow({ username }: { username: string }) {
  const flow = useRequestFlow();
  const { step } = flow;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={640}>
      {step.name === 'entry' && (
        <>
          {flow.preview.isError && <StatusLine status={failureStatus(m.previewFailed, flow.preview.error)} />}
          <RequestEntry
            username={username}
            form={flow.form}
            classmate={flow.classmate}
            onClassmate={flow.chooseClassmate}
            checking={flow.preview.isPending}
            onReview={flow.review}
          />
        </>
      )}
      {step.name === 'review' && (
        <RequestReview
          preview={step.preview}
          body={step.body}
          account={step.account}
          sending={flow.send.isPending}
          error={flow.send.error}
          onBack={flow.back}
          onSend={() => flow.submit(step.body)}
        />
      )}
      {step.name === 'sent' && <RequestSent request={step.request} onAnother={flow.restart} />}
    </Paper>
  );
}
