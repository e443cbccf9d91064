import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';
import ldnoobw from 'naughty-words/en.json';
import { notForChildren, unkindPhrases } from '../src/domain/auth/kind-words/not-for-children.js';

/**
 * The offensive lists a temporary password is checked against (kind-words/README.md "Tests"):
 * obscenity's English profanity matcher (maintained, with variants and look-alike spellings),
 * LDNOOBW's English list (the naughty-words package), and the project's words not for children.
 */
const profanity = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** The profanities obscenity finds in a text, by their dictionary word ([] when none). */
export function profanitiesIn(text: string): string[] {
  return profanity
    .getAllMatches(text)
    .map((match) => englishDataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord ?? '?');
}

const ldnoobwWords = new Set(ldnoobw.filter((entry) => !entry.includes(' ')));
const projectWords = new Map(
  Object.entries(notForChildren).flatMap(([category, words]) =>
    words.map((word) => [word, category] as const),
  ),
);
/** LDNOOBW may hold a word as it is or as its plural ("balls"). */
const spellings = (word: string) => [word, `${word}s`, `${word}es`];

/**
 * The project's category for a word that is not for children, if it is one. Our list means each
 * entry exactly: "buns" and "ashes" are refused, "bun" and "ash" are not.
 */
export const notForChildrenCategory = (word: string): string | undefined => projectWords.get(word);

/** Why one word may not be in a temporary password: the lists it is on ([] when none). */
export function reasonsAgainst(word: string): string[] {
  const reasons = profanitiesIn(word).map((found) => `obscenity: ${found}`);
  if (spellings(word).some((form) => ldnoobwWords.has(form))) reasons.push('LDNOOBW');
  const category = notForChildrenCategory(word);
  if (category) reasons.push(`not for children: ${category}`);
  return reasons;
}

/** Two-word phrases of LDNOOBW and the project (e.g. "blue waffle", "jungle bunny"). */
const phrases = [...ldnoobw, ...unkindPhrases]
  .filter((entry) => /^[a-z]+ [a-z]+$/.test(entry))
  .map((entry) => entry.split(' ') as [string, string]);
const spells = (listed: string, word: string) => spellings(word).includes(listed);

/** The rude or unkind phrases that two adjacent words read as ([] when none). */
export const phrasesFormedBy = (first: string, second: string): string[] =>
  phrases.filter(([a, b]) => spells(a, first) && spells(b, second)).map((p) => p.join(' '));

/** The phrases that some two words of a list can form, in either order: every pair at once. */
export function phrasesFormedWithin(words: readonly string[]): string[] {
  const onList = (listed: string) => words.some((word) => spells(listed, word));
  return phrases.filter(([a, b]) => onList(a) && onList(b)).map((p) => p.join(' '));
}
