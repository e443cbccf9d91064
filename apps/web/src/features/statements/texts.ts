/** Texts of the Statements screen that the product spec does not define. */
export const statementTexts = {
  title: 'Statements',
  subtitle: 'Your monthly statements, newest first. Select a file name to download it.',
  what: 'your statements',
  listLabel: 'Statement files',
  fileHeader: 'File',
  aboutHeader: 'Month and account',
  empty: 'No statements yet. A statement is issued for each account after every month ends.',
  downloading: (fileName: string) => `Downloading ${fileName}...`,
  downloadFailed: 'The statement could not be downloaded.',
} as const;
