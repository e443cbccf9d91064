import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing pauses before the list asks the server (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search of a long list (issue 20): what is typed, and the debounced search the list asks for.
 * The search is kept in the address (`?q=`), so that Back from a student's deposit or account
 * finds the list as it was left. Writing it replaces the history entry and keeps the scroll.
 */
export function useListSearch() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const inAddress = params.get('q') ?? '';
  useEffect(() => {
    if (inAddress === q) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [q, inAddress, setParams]);
  return { text, setText, q };
}
