import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { focusFirstInvalid } from '../../lib/page-focus';

export type FlowStep = 'entry' | 'confirm';

/**
 * The entry → confirm steps every money form shares (spec §4). The Idempotency-Key of the
 * submission is the mutation's business (`useMoneyMutation`).
 */
export function useReviewStep<Values>(
  form: UseFormReturnType<Values>,
  validate: (values: Values) => Record<string, string>,
  resetStatus: () => void,
) {
  const [step, setStep] = useState<FlowStep>('entry');

  // The status text resets when the confirm state changes (spec §4).
  const goToStep = (next: FlowStep) => {
    resetStatus();
    setStep(next);
  };

  const review = form.onSubmit((values) => {
    const errors = validate(values);
    form.setErrors(errors);
    // A refused review takes focus to the first field to fix (issue 14).
    if (Object.keys(errors).length > 0) return focusFirstInvalid();
    goToStep('confirm');
  });

  return { step, goToStep, review };
}
