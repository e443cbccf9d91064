import { z } from 'zod';
import { limits } from '../constants.js';
import { messages } from '../messages.js';

/**
 * The one text rule of the bank (API.md "Errors"), used by every free-text field and path parameter
 * (passwords excepted: they are secrets, never shown or stored as text, and must match byte for byte).
 *
 * Refused, with a 400 naming the field:
 * - control characters (Unicode Cc: C0, DEL, C1), except tab and line breaks in multi-line fields;
 *   single-line fields also refuse the Unicode line and paragraph separators;
 * - invisible format characters (Unicode Cf and Default_Ignorable_Code_Point): NUL's quieter cousins —
 *   bidirectional overrides and isolates, zero-width space/joiners, byte-order marks, soft hyphens,
 *   Hangul fillers — which let one text look like another or reorder what a reader sees. The two
 *   emoji variation selectors (U+FE0E, U+FE0F) stay allowed: "❤️" needs one;
 * - lone surrogates (half of a UTF-16 pair), which have no UTF-8 form and no meaning, and the
 *   replacement character U+FFFD, which is what bytes that were not UTF-8 (or a lone surrogate sent
 *   as UTF-8) turn into on the way in: the text was broken before it reached us.
 *
 * Stored: NFC-normalised; every Unicode space (NBSP, em space, ideographic space...) becomes a plain
 * space; in single-line text runs of spaces become one; leading and trailing space is trimmed. So
 * "Main\u00A0Campus" and "Main  Campus" are the same name as "Main Campus".
 */
export type TextProblem = 'broken' | 'control' | 'invisible';

const broken = /[\p{Cs}\uFFFD]/u;
const controlInLine = /[\p{Cc}\u2028\u2029]/u;
const controlInText = /(?![\t\n\r])\p{Cc}/u;
const invisible = /(?![\uFE0E\uFE0F])[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/** What, if anything, makes this text unacceptable. */
export function textProblem(value: string, multiline = false): TextProblem | null {
  if (broken.test(value)) return 'broken';
  if ((multiline ? controlInText : controlInLine).test(value)) return 'control';
  if (invisible.test(value)) return 'invisible';
  return null;
}

/** The stored form of acceptable text: NFC, plain spaces, trimmed (single-line: one space between words). */
export function normaliseText(value: string, multiline = false): string {
  const spaced = value.normalize('NFC').replace(/\p{Zs}/gu, ' ');
  return (multiline ? spaced : spaced.replace(/ {2,}/g, ' ')).trim();
}

export function textProblemMessage(problem: TextProblem, label: string): string {
  switch (problem) {
    case 'broken':
      return messages.textBrokenChars(label);
    case 'control':
      return messages.textControlChars(label);
    case 'invisible':
      return messages.textInvisibleChars(label);
  }
}

export interface TextOptions {
  /** How messages name the field, capitalised: "Branch name". */
  label: string;
  max: number;
  /** The message for a too-long text (default: "{label} must be at most {max} characters."). */
  tooLong?: string;
  /** When set, the field is required and this is the message for missing or blank text. */
  required?: string;
  /** Tabs and line breaks allowed (ticket contents). */
  multiline?: boolean;
}

/**
 * The text rule as one JSON Schema pattern (ECMA-262 with the `u` flag, as JSON Schema reads it),
 * built from the same character classes `textProblem` tests, so the document says what the server
 * refuses: none of the refused characters and, for a required field, at least one that is not a
 * space (blank text is missing text).
 */
export function textPattern(multiline = false, required = false): string {
  const allowed = multiline ? '[\\t\\n\\r\\uFE0E\\uFE0F]' : '[\\uFE0E\\uFE0F]';
  const separators = multiline ? '' : '\\u2028\\u2029';
  const refused = `[${broken.source.slice(1, -1)}\\p{Cc}${separators}\\p{Cf}\\p{Default_Ignorable_Code_Point}]`;
  return `^${required ? '(?=[\\s\\S]*\\S)' : ''}(?:${allowed}|(?!${refused})[\\s\\S])*$`;
}

/**
 * What the document's info says of every text field, beyond its pattern and maxLength (which
 * count the text as sent): the document fuzz reads it to know the refusal is stated.
 */
export const TEXT_STORED_NORMALISED =
  'Text fields are stored NFC-normalised (every space a plain space, trimmed, single-line runs of spaces as one), ' +
  "and a field's maxLength is checked on the stored text: a text within it as sent that grows when normalised " +
  '(a few characters decompose, such as U+0958) is refused with 400 VALIDATION naming the field.';

/** Characters as JSON Schema counts them (code points), not UTF-16 units: an emoji is one. */
export const codePoints = (value: string) => {
  let count = 0;
  for (const _ of value) count++;
  return count;
};

/**
 * A checked, normalised text field (see the rule above). The length that counts is the stored
 * (normalised) text's, in characters (code points), as the database's CHECKs count it: a text
 * that is that long only once normalised (a decomposed letter counts once) is accepted, and one
 * within it as sent that grows when normalised (U+0958 is two code points in NFC) is refused. The
 * document shows the rule as a pattern and the length as maxLength, and says the rest in words
 * (TEXT_STORED_NORMALISED).
 */
export function text(options: TextOptions) {
  const { label, max, required, multiline = false } = options;
  const tooLong = options.tooLong ?? messages.textTooLong(label, max);
  const checked = z
    .string({ error: required ?? messages.textRequired(label) })
    .superRefine((value, ctx) => {
      const problem = textProblem(value, multiline);
      if (problem) ctx.addIssue({ code: 'custom', message: textProblemMessage(problem, label) });
      else if (codePoints(normaliseText(value, multiline)) > max)
        ctx.addIssue({ code: 'custom', message: tooLong });
    })
    .meta({ pattern: textPattern(multiline, required !== undefined), maxLength: max });
  const stored = z.string();
  return checked
    .transform((value) => normaliseText(value, multiline))
    .pipe(required === undefined ? stored : stored.min(1, required));
}

/**
 * Text that names a record (a username, a statement's file name), in a path or a body: the same
 * characters are refused, so a NUL or an override is a 400 naming the field, not a database error.
 * It is checked, never changed: a name identifies something exactly (" statement-….pdf" is not a
 * statement's name), and anything else that cannot exist is the domain's 404 or 400.
 */
export const identifierText = (label: string, max: number = limits.identifierMaxLength) =>
  z
    .string({ error: messages.textRequired(label) })
    .superRefine((value, ctx) => {
      const problem = textProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: textProblemMessage(problem, label) });
      else if (codePoints(value) > max)
        ctx.addIssue({ code: 'custom', message: messages.textTooLong(label, max) });
    })
    .meta({ pattern: textPattern(), maxLength: max });

/** A path parameter that names something by text. */
export const pathText = identifierText;
