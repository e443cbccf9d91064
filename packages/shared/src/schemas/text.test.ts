import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { normaliseText, pathText, text, textPattern, textProblem } from './text.js';

describe('textProblem', () => {
  it.each([
    ['NUL', 'a\u0000b', 'control'],
    ['bell', 'a\u0007b', 'control'],
    ['escape', 'a\u001bb', 'control'],
    ['DEL', 'a\u007fb', 'control'],
    ['C1 next line', 'a\u0085b', 'control'],
    ['tab', 'a\tb', 'control'],
    ['line feed', 'a\nb', 'control'],
    ['carriage return', 'a\rb', 'control'],
    ['line separator', 'a\u2028b', 'control'],
    ['paragraph separator', 'a\u2029b', 'control'],
    ['right-to-left override', 'a\u202Eb', 'invisible'],
    ['left-to-right embedding', 'a\u202Ab', 'invisible'],
    ['first-strong isolate', 'a\u2068b', 'invisible'],
    ['pop directional isolate', 'a\u2069b', 'invisible'],
    ['left-to-right mark', 'a\u200Eb', 'invisible'],
    ['Arabic letter mark', 'a\u061Cb', 'invisible'],
    ['zero-width space', 'a\u200Bb', 'invisible'],
    ['zero-width non-joiner', 'a\u200Cb', 'invisible'],
    ['zero-width joiner', 'a\u200Db', 'invisible'],
    ['word joiner', 'a\u2060b', 'invisible'],
    ['byte-order mark', '\uFEFFab', 'invisible'],
    ['soft hyphen', 'a\u00ADb', 'invisible'],
    ['combining grapheme joiner', 'a\u034Fb', 'invisible'],
    ['Hangul filler', '\u3164', 'invisible'],
    ['Hangul choseong filler', '\u115F', 'invisible'],
    ['tag character', 'a\u{E0041}b', 'invisible'],
    ['variation selector 1', 'a\uFE00b', 'invisible'],
    ['lone high surrogate', 'a\uD800b', 'broken'],
    ['lone low surrogate', 'a\uDC00b', 'broken'],
    ['swapped surrogate pair', 'a\uDE00\uD83Db', 'broken'],
    ['replacement character', 'a\uFFFDb', 'broken'],
  ])('refuses %s in a single line', (_name, value, problem) => {
    expect(textProblem(value)).toBe(problem);
  });

  it.each([
    ['plain ASCII', 'Main Campus'],
    ['accents', 'Zoë Ünal-Ça'],
    ['Hebrew and Arabic letters', 'מרכז مركز'],
    ['CJK', '東京支店'],
    ['an emoji with its variation selector', 'I ❤️ saving'],
    ['an emoji with a skin tone', '👍🏽'],
    ['a surrogate pair', '😀'],
    ['NBSP (normalised, not refused)', 'a\u00A0b'],
    ['an empty text', ''],
  ])('accepts %s', (_name, value) => {
    expect(textProblem(value)).toBeNull();
  });

  it('allows tabs and line breaks (LF, CR, line separator) only in multi-line text', () => {
    for (const value of ['a\tb', 'a\nb', 'a\r\nb', 'a\u2028b']) {
      expect(textProblem(value, true)).toBeNull();
      expect(textProblem(value, false)).toBe('control');
    }
    expect(textProblem('a\u0000b', true)).toBe('control');
    expect(textProblem('a\u000bb', true)).toBe('control');
    expect(textProblem('a\u202Eb', true)).toBe('invisible');
  });
});

describe('normaliseText', () => {
  it('stores NFC', () => {
    expect(normaliseText('Cafe\u0301')).toBe('Caf\u00e9');
    expect(normaliseText('Cafe\u0301', true)).toBe('Caf\u00e9');
  });

  it('turns every Unicode space into one plain space in single-line text, and trims', () => {
    for (const space of [
      '\u00A0',
      '\u2002',
      '\u2003',
      '\u2009',
      '\u202F',
      '\u205F',
      '\u3000',
      '  ',
      ' \u00A0 ',
    ]) {
      expect(normaliseText(`Main${space}Campus`)).toBe('Main Campus');
    }
    expect(normaliseText('\u00A0 Main Campus \u3000')).toBe('Main Campus');
  });

  it('keeps line breaks, tabs and runs of spaces in multi-line text, with plain spaces', () => {
    expect(normaliseText('  a\u00A0\u00A0b\n\tc  ', true)).toBe('a  b\n\tc');
  });
});

describe('text()', () => {
  const branchName = text({
    label: 'Branch name',
    max: 10,
    tooLong: messages.branchNameTooLong,
    required: messages.branchNameBlank,
  });

  it('answers the normalised text', () => {
    expect(branchName.parse(' Main\u00A0Cafe\u0301 ')).toBe('Main Caf\u00e9');
  });

  it('names the problem in the field’s own words', () => {
    const issue = (value: unknown) => branchName.safeParse(value).error?.issues[0]?.message;
    expect(issue('a\u0000b')).toBe('Branch name must not contain control characters.');
    expect(issue('a\u202Eb')).toBe(messages.textInvisibleChars('Branch name'));
    expect(issue('a\uD800b')).toBe(messages.textBrokenChars('Branch name'));
    expect(issue('   ')).toBe(messages.branchNameBlank);
    expect(issue(undefined)).toBe(messages.branchNameBlank);
    expect(issue(42)).toBe(messages.branchNameBlank);
    expect(issue('x'.repeat(11))).toBe(messages.branchNameTooLong);
  });

  it('measures the length after normalisation (a decomposed letter counts once)', () => {
    expect(branchName.parse('e\u0301'.repeat(10))).toBe('\u00e9'.repeat(10));
  });

  it('measures the stored text, as the database counts it: one that grows when normalised can be too long', () => {
    // U+0958 is one code point as sent and two in NFC (a composition exclusion).
    expect(branchName.safeParse('\u0958'.repeat(6)).error?.issues[0]?.message).toBe(
      messages.branchNameTooLong,
    );
    expect(branchName.parse('\u0958'.repeat(5))).toHaveLength(10);
  });

  it('optional text may be empty', () => {
    expect(text({ label: 'Display name', max: 5 }).parse('  ')).toBe('');
  });

  it('path parameters follow the same rule', () => {
    expect(pathText('User Id').safeParse('kid\u0000').error?.issues[0]?.message).toBe(
      messages.textControlChars('User Id'),
    );
    expect(pathText('User Id').parse('kid')).toBe('kid');
    expect(pathText('User Id').safeParse('kid\u202E').error?.issues[0]?.message).toBe(
      messages.textInvisibleChars('User Id'),
    );
  });

  it('path parameters are checked, never changed: a name identifies something exactly', () => {
    expect(pathText('File name').parse(' statement.pdf')).toBe(' statement.pdf');
    expect(pathText('User Id').parse('Cafe\u0301')).toBe('Cafe\u0301');
  });
});

describe('textPattern()', () => {
  // Every kind of character the rule names, and some it allows.
  const samples = [
    'plain',
    'Zoë Ñúñez',
    '王小明',
    '❤️',
    'a\tb',
    'a\nb',
    'a\r\nb',
    '\u0000',
    '\u0007',
    '\u007F',
    '\u0085',
    '\u00AD',
    '\u034F',
    '\u061C',
    '\u115F',
    '\u180E',
    '\u200B',
    '\u200D',
    '\u202E',
    '\u2028',
    '\u2066',
    '\uFEFF',
    '\uFFFD',
    '\uD800',
    '\uDC00x',
    '\u{E0001}',
    '\u{1F600}',
    '   ',
    ' \u00A0 ',
    '',
  ];

  it('accepts exactly what the rule accepts, single-line and multi-line, required or not', () => {
    for (const multiline of [false, true]) {
      for (const required of [false, true]) {
        const pattern = new RegExp(textPattern(multiline, required), 'u');
        for (const sample of samples) {
          const accepted = textProblem(sample, multiline) === null && (!required || sample.trim() !== '');
          expect(pattern.test(sample), JSON.stringify({ sample, multiline, required })).toBe(accepted);
        }
      }
    }
  });
});
