/**
 * `q` as a LIKE pattern that matches it literally, anywhere: % and _ in a name are letters, not
 * wildcards (the lists' searches: students, users, accounts).
 */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
