import { describe, expect, it } from 'vitest';
import { kindWords } from '../src/domain/auth/kind-words/words.js';
import { generateTemporaryPassword } from '../src/domain/auth/temporary-password.js';
import { phrasesFormedBy, profanitiesIn, reasonsAgainst } from './offensive-words.js';

/**
 * Issue 20: a sample of what the generator really hands out, checked whole against the offensive
 * lists (kind-words.test.ts checks every word, pair and ending exhaustively; this checks the generator).
 */
const SAMPLE = 10_000;

/** What is wrong with one temporary password ([] when nothing). */
function problemsOf(password: string): string[] {
  const match = /^([a-z]{3,6})-([a-z]{3,6})-([a-z]{3,6})-[2-9]{2}$/.exec(password);
  if (!match) return ['not word-word-word-NN'];
  const words = match.slice(1, 4) as [string, string, string];
  return [
    ...words.filter((word) => !kindWords.includes(word)).map((word) => `${word} is not on the list`),
    ...words.flatMap(reasonsAgainst),
    // The whole password as printed, and as read aloud with the dashes as pauses.
    ...profanitiesIn(password),
    ...profanitiesIn(password.replaceAll('-', ' ')),
    ...phrasesFormedBy(words[0], words[1]),
    ...phrasesFormedBy(words[1], words[2]),
  ];
}

describe('temporary passwords as generated', () => {
  it(`are kind in a sample of ${SAMPLE.toLocaleString('en')}: the format, list words, nothing offensive`, () => {
    const passwords = Array.from({ length: SAMPLE }, generateTemporaryPassword);
    const bad = passwords
      .map((password) => ({ password, problems: problemsOf(password) }))
      .filter(({ problems }) => problems.length > 0);
    expect(bad).toEqual([]);
    // Drawn at random from about 2^36.8: a repeat among 10,000 has a chance of about 1 in 2,000.
    expect(new Set(passwords).size).toBeGreaterThanOrEqual(SAMPLE - 2);
  });

  it('use most of the list: a sample of 30,000 words misses few of its words', () => {
    const seen = new Set(
      Array.from({ length: SAMPLE }, () => generateTemporaryPassword().split('-').slice(0, 3)).flat(),
    );
    // Each word is missed with chance (1 - 1/n)^30000, about e^-24.6 for n = 1,221.
    expect(seen.size).toBe(kindWords.length);
  });
});
