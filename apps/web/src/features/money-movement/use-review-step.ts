import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency';

export type FlowStep = 'entry' | 'confirm';

/**
 * The entry → confirm steps every money form shares (spec §4), with its Idempotency-Key: one key
 * per submission, made when the confirm view opens. After a failure the server answered, the next
 * try is a new request with a new key; with no answer (a lost response) it keeps the key, so a
 * retry cannot move money twice.
 */
export function useReviewStep<Values>(
  form: UseFormReturnType<Values>,
  validate: (values: Values) => Record<string, string>,
  resetStatus: () => void,
) {
  const [step, setStep] = useState<FlowStep>('entry');
  const [idempotencyKey, setIdempotencyKey] = useState<string | null>(null);

  // The status text resets when the confirm state changes (spec §4).
  const goToStep = (next: FlowStep) => {
    resetStatus();
    setStep(next);
  };

  const review = form.onSubmit((values) => {
    const errors = validate(values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setIdempotencyKey(newIdempotencyKey());
    goToStep('confirm');
  });

  const onSubmitError = (error: unknown) => {
    if (error instanceof ApiError && error.answered) setIdempotencyKey(newIdempotencyKey());
  };

  return { step, goToStep, review, idempotencyKey, onSubmitError };
}
