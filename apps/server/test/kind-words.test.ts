import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { kindWords } from '../src/domain/auth/kind-words/words.js';
import { temporaryPasswordBits } from '../src/domain/auth/temporary-password.js';
import {
  notForChildrenCategory,
  phrasesFormedWithin,
  profanitiesIn,
  reasonsAgainst,
} from './offensive-words.js';
import { serverDir } from './server-process.js';

/** Issue 20: the words of temporary passwords are chosen for children (kind-words/README.md). */
const DIGITS = '23456789';

/**
 * Word indexes in an order where every ordered pair (a, b), a word with itself too, stands side by
 * side exactly once (a de Bruijn sequence of order 2, from the Lyndon words a and ab with a < b):
 * n * n + 1 words check all n * n pairs in one text.
 */
function everyOrderedPair(n: number): number[] {
  const order: number[] = [];
  for (let a = 0; a < n; a++) {
    order.push(a);
    for (let b = a + 1; b < n; b++) order.push(a, b);
  }
  order.push(0);
  return order;
}

describe('the temporary-password word list', () => {
  it('has at least 1,024 distinct words of 3-6 plain letters, among them the example maple-tiger-river-42', () => {
    expect(kindWords.length).toBeGreaterThanOrEqual(1024);
    expect(new Set(kindWords).size).toBe(kindWords.length);
    expect(kindWords.filter((word) => !/^[a-z]{3,6}$/.test(word))).toEqual([]);
    expect(kindWords).toEqual(expect.arrayContaining(['maple', 'tiger', 'river']));
  });

  it('gives at least 36 bits: 3 words and 2 digits from 2-9, counted from the length of the list', () => {
    const bits = 3 * Math.log2(kindWords.length) + 2 * Math.log2(DIGITS.length);
    expect(temporaryPasswordBits).toBeCloseTo(bits, 10);
    expect(temporaryPasswordBits).toBeGreaterThanOrEqual(36);
  });

  it('has no word on obscenity’s or LDNOOBW’s English list or on the project’s list of words not for children', () => {
    const refused = kindWords
      .map((word) => ({ word, reasons: reasonsAgainst(word) }))
      .filter(({ reasons }) => reasons.length > 0);
    expect(refused).toEqual([]);
  });

  it('refuses the words a teacher found on printed slips, each as not for children', () => {
    const found = [
      'moaner',
      'maimed',
      'feeble',
      'grope',
      'thong',
      'rectal',
      'opium',
      'maggot',
      'gory',
      'hate',
    ];
    for (const word of found) {
      expect(notForChildrenCategory(word), word).toBeDefined();
      expect(kindWords, word).not.toContain(word);
    }
    // The lists themselves still catch plain profanity: a check that cannot refuse would prove nothing.
    expect(reasonsAgainst('shit')).toEqual(expect.arrayContaining(['obscenity: shit', 'LDNOOBW']));
  });

  it('forms no rude word across two adjacent words as printed, for every ordered pair of words', () => {
    const n = kindWords.length;
    const order = everyOrderedPair(n);
    const pairs = new Uint8Array(n * n);
    for (let i = 1; i < order.length; i++) pairs[order[i - 1]! * n + order[i]!] = 1;
    expect(pairs.every((seen) => seen === 1)).toBe(true);
    // In pieces of 2,000 words that overlap by one (obscenity slows down on one text of 8 MB).
    const found: string[] = [];
    for (let start = 0; start < order.length - 1; start += 2000) {
      const printed = order.slice(start, start + 2001).map((i) => kindWords[i]);
      found.push(...profanitiesIn(printed.join('-')));
    }
    expect(found).toEqual([]);
  });

  it('lets no two words read as a rude or unkind two-word phrase, in either order', () => {
    expect(phrasesFormedWithin(kindWords)).toEqual([]);
  });

  it('forms no rude word from the last word and any two digits (which obscenity also reads as leetspeak)', () => {
    const numbers = [...DIGITS].flatMap((a) => [...DIGITS].map((b) => a + b));
    const found = kindWords.flatMap((word) => {
      const endings = numbers.map((number) => `${word}-${number}`).join(' ');
      return profanitiesIn(endings).map((profanity) => `${word}: ${profanity}`);
    });
    expect(found).toEqual([]);
  });

  it('is the list the committed review makes from its sources (scripts/build-kind-words.ts --check)', async () => {
    const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');
    await expect(
      promisify(execFile)(tsx, ['scripts/build-kind-words.ts', '--check'], { cwd: serverDir }),
    ).resolves.toBeDefined();
  });
});
