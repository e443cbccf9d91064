import { useSyncExternalStore } from 'react';
import type { User } from '@bank/shared';

/** A signed-in session: the bearer token and the user record it belongs to. */
export interface Session {
  token: string;
  user: User;
}

const STORAGE_KEY = 'bank.session';

type Listener = () => void;
const listeners = new Set<Listener>();

function readStorage(): Session | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Session>;
    if (typeof parsed.token !== 'string' || !parsed.user || typeof parsed.user.username !== 'string')
      return null;
    return parsed as Session;
  } catch {
    return null;
  }
}

let current: Session | null = typeof window === 'undefined' ? null : readStorage();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * The one place the session lives. The token is kept in sessionStorage (API.md: tokens expire; a tab
 * closes its session), mirrored in memory so that guards and components read it synchronously.
 */
export const authStore = {
  get(): Session | null {
    return current;
  },
  signIn(session: Session) {
    current = session;
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    emit();
  },
  /** Replaces the user record (after a display name or password change, or a refresh). */
  updateUser(user: User) {
    if (!current) return;
    current = { ...current, user };
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(current));
    emit();
  },
  clear() {
    current = null;
    window.sessionStorage.removeItem(STORAGE_KEY);
    emit();
  },
  /** Re-reads storage; tests use it after seeding a session. */
  reload() {
    current = readStorage();
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): Session | null {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}

/** For screens behind the sign-in guard: the session is there by construction. */
export function useRequiredSession(): Session {
  const session = useSession();
  if (!session) throw new Error('This screen needs a signed-in user.');
  return session;
}
