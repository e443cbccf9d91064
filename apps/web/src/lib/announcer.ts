import { useSyncExternalStore } from 'react';

/**
 * The one polite live region's text (issue 14): every success and failure a screen shows is
 * announced through it, so a screen reader hears each once. A counter makes a repeated text
 * (the same failure twice) a change the reader notices.
 */
let current = { text: '', count: 0 };
const listeners = new Set<() => void>();

export function announce(text: string) {
  current = { text, count: current.count + 1 };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAnnouncement() {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
