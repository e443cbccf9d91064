import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';

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
    if (Object.keys(errors).length > 0) return;
    goToStep('confirm');
  });

  return { step, goToStep, review };
}
