/**
 * A fresh Idempotency-Key (API.md: a repeat with the same key moves no money). `crypto.randomUUID`
 * exists only in secure contexts; a bank served over plain HTTP on a LAN address falls back to
 * getRandomValues, which is available everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const PENDING_PREFIX = 'bank.pending.';

/**
 * The Idempotency-Key of a submission that has had no answer yet, kept in sessionStorage until one
 * comes back: the same submission after a lost answer, even after a reload of the page, carries
 * the same key and so moves money once. A different submission (another body) gets a new key.
 */
export const pendingSubmissions = {
  keyFor(kind: string, body: unknown): string {
    const fingerprint = JSON.stringify(body);
    try {
      const stored = JSON.parse(window.sessionStorage.getItem(PENDING_PREFIX + kind) ?? 'null') as {
        key?: unknown;
        fingerprint?: unknown;
      } | null;
      if (stored && typeof stored.key === 'string' && stored.fingerprint === fingerprint) return stored.key;
    } catch {
      // An unreadable entry is replaced below.
    }
    const key = newIdempotencyKey();
    window.sessionStorage.setItem(PENDING_PREFIX + kind, JSON.stringify({ key, fingerprint }));
    return key;
  },
  /** The server answered (success or refusal): the next submission is a new request. */
  answered(kind: string) {
    window.sessionStorage.removeItem(PENDING_PREFIX + kind);
  },
  /** At sign-out: the next user of this tab never sends a key of the previous one. */
  clear() {
    for (const key of Object.keys(window.sessionStorage)) {
      if (key.startsWith(PENDING_PREFIX)) window.sessionStorage.removeItem(key);
    }
  },
};
