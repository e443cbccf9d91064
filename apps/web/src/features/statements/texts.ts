import { studentText } from '@bank/shared';

/** Texts of the Statements screen that the product spec does not define. */
export const statementTexts = {
  title: 'Statements',
  subtitle: studentText.statementsIntro,
  what: 'your statements',
  listLabel: 'Statement files',
  fileHeader: 'File',
  aboutHeader: 'Month and account',
  empty: studentText.statementsEmpty,
  downloading: (fileName: string) => `Downloading ${fileName}...`,
  downloadFailed: 'The statement could not be downloaded.',
} as const;
