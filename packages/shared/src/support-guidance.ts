/*
 * What the support ticket choices mean (the Support screen): a module of its own, not in
 * messages.ts, because the sign-in page loads messages.ts and would carry these too (issue 22).
 * Every text a person reads is in messages.ts or in one of the modules its opening comment names.
 */

export const supportGuidance = {
  ticketTypeHelp: {
    Bug: 'Something in the bank does not work as it should.',
    'Enhancement Request': 'An idea to make the bank better or easier to use.',
  },
  severityHelp: {
    '1. Blocker': 'You cannot use the bank at all.',
    '2. Critical': 'Something important is broken, such as money or sign-in.',
    '3. Major': 'A feature does not work, but you can still do most things.',
    '4. Minor': 'A small problem that is easy to work around.',
    '5. Trivial': 'A tiny thing, such as a typo or a colour.',
  },
} as const;
