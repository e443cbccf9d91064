/**
 * What an account's table says of a reversal (issue 21): the school year's few texts that a
 * Student's account page shows. Apart from the staff screens' (school-year-screens.ts, which
 * includes them), because that page would otherwise download all of those (issue 22).
 */
export const reversalLabels = {
  reverse: 'Reverse',
  reversedLabel: (reason: string) => `Reversed: ${reason}`,
  reversedNoReason: 'Reversed',
};
