import type { ImportResult } from '@bank/shared';

const KEY = 'bank.studentImport';

/**
 * The last roster import's answer, with its temporary passwords, until the admin is done with it
 * (issue 12): kept in this tab's sessionStorage so that a reload or the sign-in slips page does not
 * lose it; never in localStorage; cleared when the admin says done, leaves the import, or signs out.
 */
export const importResultStore = {
  save(result: ImportResult) {
    window.sessionStorage.setItem(KEY, JSON.stringify(result));
  },
  load(): ImportResult | null {
    try {
      const stored = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as ImportResult | null;
      return stored && Array.isArray(stored.created) ? stored : null;
    } catch {
      return null;
    }
  },
  clear() {
    window.sessionStorage.removeItem(KEY);
  },
};
