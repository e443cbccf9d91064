/**
 * Where the last roster import's answer waits in this tab (import-result.ts). Apart from the store,
 * which reads the answer by its schema, so that signing out (app/session.ts), which forgets it, does
 * not bring zod to every signed-in screen (issue 22).
 */
export const IMPORT_RESULT_KEY = 'bank.studentImport';

export function forgetImportResult() {
  window.sessionStorage.removeItem(IMPORT_RESULT_KEY);
}
