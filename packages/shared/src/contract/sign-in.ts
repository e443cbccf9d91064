/**
 * The sign-in call's method and path, in a module without zod: the web's sign-in page runs before
 * the contract (and zod) has loaded (issue 13) and calls it from here, so the path is still written
 * once. `sessionCalls.login` (./sessions.ts) is the whole entry.
 */
export const signInCall = { method: 'POST', path: '/login' } as const;
