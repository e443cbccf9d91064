import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing pauses before the list asks the server (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search of a long list (issue 20): what is typed, and the debounced search the list asks for.
 * The search is kept in the address (`?q=`), so that Back from a student's deposit or account
 * finds the list as it was left. Writing it replaces the history entry and keeps the scroll.
 *
 * The address is written as the text changes, never later: a write left waiting for the pause
 * could land after a click on View had moved the router on, and put `?q=` on the account page.
 * A navigation that starts first simply supersedes a search still being written.
 */
export function useListSearch() {
  const [params, setParams] = useSearchParams();
  const [text, setTextState] = useState(() => params.get('q') ?? '');
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const setText = useCallback(
    (typed: string) => {
      setTextState(typed);
      const search = typed.trim();
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (search) next.set('q', search);
          else next.delete('q');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  return { text, setText, q };
}
