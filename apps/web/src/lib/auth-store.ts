/*
 * Without React (the hook is `useStoredAuth` in current-user.ts): the bootstrap (boot.ts) reads the
 * session before React has downloaded (issue 22).
 */

/**
 * What this tab holds of a sign-in: the bearer token and whose it is. The user record itself lives
 * in the query cache (`lib/current-user.ts`), so there is one copy of it and it stays fresh.
 */
export interface StoredAuth {
  token: string;
  username: string;
}

const STORAGE_KEY = 'bank.session';

type Listener = () => void;
const listeners = new Set<Listener>();

function readStorage(): StoredAuth | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredAuth>;
    if (typeof parsed.token !== 'string' || typeof parsed.username !== 'string') return null;
    return { token: parsed.token, username: parsed.username };
  } catch {
    return null;
  }
}

let current: StoredAuth | null = typeof window === 'undefined' ? null : readStorage();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * The one place the token lives. It is kept in sessionStorage (API.md: tokens expire; a tab closes
 * its session), mirrored in memory so that guards and the HTTP client read it synchronously.
 */
export const authStore = {
  get(): StoredAuth | null {
    return current;
  },
  signIn(auth: StoredAuth) {
    current = auth;
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(auth));
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
