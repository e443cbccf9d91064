import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The typefaces statements print in (docs/adr/0028-statements-print-in-embedded-noto-fonts.md),
 * Google Fonts' TrueType files as the Expo packages ship them: Noto Sans for Latin (with every
 * accent), Greek and Cyrillic, then Noto Sans SC (Han, kana, CJK punctuation) and Noto Sans KR
 * (Hangul) for what the ones before lack. Each character prints in the first typeface that has it, so a
 * statement without such characters never loads or embeds the large CJK fonts; pdfkit embeds
 * only the glyphs a statement uses.
 */
const TYPEFACES = [
  { package: '@expo-google-fonts/noto-sans', name: 'NotoSans' },
  { package: '@expo-google-fonts/noto-sans-sc', name: 'NotoSansSC' },
  { package: '@expo-google-fonts/noto-sans-kr', name: 'NotoSansKR' },
] as const;

export type Weight = 'regular' | 'bold';
const WEIGHT_FILE: Record<Weight, string> = { regular: '400Regular', bold: '700Bold' };

/**
 * One font file, read and parsed once per process on first use, and shared by every statement:
 * parsing a font's layout tables for each PDF would cost more than drawing the statement.
 * `key` is the name pdfkit knows it by.
 */
export interface Face {
  key: string;
  font: fontkit.Font;
}

/** Printed for a character that no typeface has. */
export const REPLACEMENT = '\uFFFD';

/**
 * Resolved from this module through node_modules, so the files are found from the source and from
 * the built server alike (rolldown leaves npm packages to node_modules).
 */
const requireFromHere = createRequire(import.meta.url);

function fontFile(typeface: (typeof TYPEFACES)[number], weight: Weight): string {
  const style = WEIGHT_FILE[weight];
  return requireFromHere.resolve(`${typeface.package}/${style}/${typeface.name}_${style}.ttf`);
}

const faces = new Map<string, Face>();

function faceOf(index: number, weight: Weight): Face {
  const typeface = TYPEFACES[index]!;
  const key = `${typeface.name}_${WEIGHT_FILE[weight]}`;
  let face = faces.get(key);
  if (!face) {
    face = { key, font: fontkit.create(readFileSync(fontFile(typeface, weight))) as fontkit.Font };
    faces.set(key, face);
  }
  return face;
}

/** The typeface whose characters fill the page: labels, amounts and the fallback character. */
export const primaryFace = (weight: Weight) => faceOf(0, weight);

/** Invisible by definition (joiners, variation selectors, ...): left out when a face lacks them. */
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const has = (face: Face, char: string) => face.font.hasGlyphForCodePoint(char.codePointAt(0)!);

/** A stretch of text printed in one face. */
export interface Run {
  text: string;
  face: Face;
}

/**
 * Where one user-perceived character (a letter with its accents, an emoji sequence) prints: in
 * the first face that has all of it; as REPLACEMENT (U+FFFD) in the primary face when none has
 * all of it; nowhere when it is invisible anyway.
 */
function place(grapheme: string, weight: Weight): Run | undefined {
  const chars = Array.from(grapheme);
  const visible = chars.filter((char) => !IGNORABLE.test(char));
  if (visible.length === 0) return undefined;
  for (let i = 0; i < TYPEFACES.length; i++) {
    const face = faceOf(i, weight);
    if (visible.every((char) => has(face, char)))
      return { face, text: chars.filter((char) => has(face, char)).join('') };
  }
  return { face: primaryFace(weight), text: REPLACEMENT };
}

/**
 * Splits text into runs, each in the first face that has its characters. A space stays in the
 * run it follows, so "王小明 张伟" is one run.
 */
export function runsOf(text: string, weight: Weight): Run[] {
  const runs: Run[] = [];
  for (const { segment } of graphemes.segment(text)) {
    const last = runs.at(-1);
    const placed =
      last && /^\s$/u.test(segment) && has(last.face, segment)
        ? { face: last.face, text: segment }
        : place(segment, weight);
    if (!placed) continue;
    if (last?.face === placed.face) last.text += placed.text;
    else runs.push(placed);
  }
  return runs;
}
