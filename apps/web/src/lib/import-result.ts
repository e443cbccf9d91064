import { importResult, slipsResult, type ImportResult, type Slip } from '@bank/shared';
import { forgetImportResult, IMPORT_RESULT_KEY as KEY, NEW_SLIPS_KEY } from './import-result-slot';

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
      // Read by the answer's own schema: nothing typed on trust, a stale or edited copy is dropped.
      const stored = importResult.safeParse(JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null'));
      return stored.success ? stored.data : null;
    } catch {
      return null;
    }
  },
  clear: forgetImportResult,
};

/**
 * New sign-in slips (issue 33: a class's or one student's new passwords), kept like the import's
 * answer: in this tab's sessionStorage until the teacher is done, forgotten at sign-out.
 */
export const newSlipsStore = {
  save(slips: Slip[]) {
    window.sessionStorage.setItem(NEW_SLIPS_KEY, JSON.stringify({ slips }));
  },
  load(): Slip[] {
    try {
      const stored = slipsResult.safeParse(
        JSON.parse(window.sessionStorage.getItem(NEW_SLIPS_KEY) ?? 'null'),
      );
      return stored.success ? stored.data.slips : [];
    } catch {
      return [];
    }
  },
  clear() {
    window.sessionStorage.removeItem(NEW_SLIPS_KEY);
  },
};

/** What the Students list passes to the slips screen: its own query (class, search), for Done. */
export interface SlipsFrom {
  studentsSearch: string;
}

/** The Students query to go back to, from a navigation's state; anything else is no query. */
export function studentsSearchOf(state: unknown): string {
  const search = (state as Partial<SlipsFrom> | null)?.studentsSearch;
  return typeof search === 'string' && search.startsWith('?') ? search : '';
}
