/**
 * Where the last roster import's answer and the last new sign-in slips wait in this tab
 * (import-result.ts). Apart from the stores, which read them by their schemas, so that signing out
 * (app/session.ts), which forgets them, does not bring zod to every signed-in screen (issue 22).
 */
export const IMPORT_RESULT_KEY = 'bank.studentImport';
/** New sign-in slips of Students (issue 33), until the teacher has printed them. */
export const NEW_SLIPS_KEY = 'bank.newSlips';

export function forgetImportResult() {
  window.sessionStorage.removeItem(IMPORT_RESULT_KEY);
}

/** At sign-out: both, since they carry passwords. */
export function forgetIssuedPasswords() {
  forgetImportResult();
  window.sessionStorage.removeItem(NEW_SLIPS_KEY);
}
