import LineBreaker from 'linebreak';
import { runsOf, type Face, type Run, type Weight } from './fonts.js';

type Doc = PDFKit.PDFDocument;

export interface TextStyle {
  weight: Weight;
  size: number;
  characterSpacing?: number;
}

export interface TextBox {
  /** Lines wrap within this width (and align within it); without it the text is one line. */
  width?: number;
  align?: 'left' | 'right';
  /** One line whatever the width: what does not fit is cut and ends with "…". */
  oneLine?: boolean;
}

/**
 * The statement's vertical rhythm, in ems, kept from when it printed in Helvetica (pdfkit's
 * metrics for it), so every block stays where it was designed: the first baseline lies 0.718 em
 * below the top of the text (Noto Sans's capitals, 0.714 em tall, start at the top as Helvetica's
 * did), and lines are 1.156 em apart. One rhythm for every face keeps a line's runs on one baseline
 * whichever font each is in.
 */
const BASELINE = 0.718;
export const LINE_HEIGHT = 1.156;
const ELLIPSIS = '…';

/** Where a line may break (UAX #14, as pdfkit breaks): the text cut into unbreakable pieces. */
function breakablePieces(text: string): string[] {
  const breaker = new LineBreaker(text);
  const pieces: string[] = [];
  let start = 0;
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    pieces.push(text.slice(start, bk.position));
    start = bk.position;
  }
  return pieces;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemesOf = (text: string) => Array.from(graphemes.segment(text), (s) => s.segment);

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Measures, wraps and draws text in runs of the faces that have its characters (fonts.ts), for
 * one PDF document. pdfkit draws each run; the lines are laid out here because pdfkit wraps and
 * measures text in a single font only.
 */
export class TextWriter {
  private readonly registered = new Set<string>();

  constructor(private readonly doc: Doc) {}

  private use(face: Face, style: TextStyle) {
    if (!this.registered.has(face.key)) {
      // pdfkit takes a parsed fontkit font since 0.20 (its CHANGELOG); its types still list files and bytes only.
      this.doc.registerFont(face.key, face.font as unknown as PDFKit.Mixins.PDFFontSource);
      this.registered.add(face.key);
    }
    this.doc.font(face.key).fontSize(style.size);
  }

  private runWidth(run: Run, style: TextStyle): number {
    this.use(run.face, style);
    return this.doc.widthOfString(run.text, { characterSpacing: style.characterSpacing ?? 0 });
  }

  width(text: string, style: TextStyle): number {
    return sum(runsOf(text, style.weight).map((run) => this.runWidth(run, style)));
  }

  /** The lines the text wraps into: at break opportunities, and inside a piece too long for a line. */
  lines(text: string, style: TextStyle, width?: number): string[] {
    if (width === undefined) return [text];
    const fits = (line: string) => this.width(line.trimEnd(), style) <= width;
    const lines: string[] = [];
    let line = '';
    for (const piece of breakablePieces(text)) {
      if (fits(line + piece)) {
        line += piece;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = '';
      for (const part of fits(piece) ? [piece] : graphemesOf(piece)) {
        if (line && !fits(line + part)) {
          lines.push(line.trimEnd());
          line = '';
        }
        line += part;
      }
    }
    lines.push(line.trimEnd());
    return lines;
  }

  /** The text cut to fit one line of the width, ending with "…" when cut. */
  private fitted(text: string, style: TextStyle, width?: number): string {
    if (width === undefined || this.width(text, style) <= width) return text;
    const parts = graphemesOf(text);
    while (parts.length > 0 && this.width(parts.join('').trimEnd() + ELLIPSIS, style) > width) parts.pop();
    return parts.join('').trimEnd() + ELLIPSIS;
  }

  height(text: string, style: TextStyle, width?: number): number {
    return this.lines(text, style, width).length * LINE_HEIGHT * style.size;
  }

  /** Draws the text with its top at y; returns where the text ends below. */
  write(text: string, x: number, y: number, style: TextStyle, box: TextBox = {}): number {
    const lines = box.oneLine ? [this.fitted(text, style, box.width)] : this.lines(text, style, box.width);
    lines.forEach((line, i) => {
      const runs = runsOf(line, style.weight);
      const widths = runs.map((run) => this.runWidth(run, style));
      let runX = box.align === 'right' && box.width !== undefined ? x + box.width - sum(widths) : x;
      const baseline = y + (BASELINE + i * LINE_HEIGHT) * style.size;
      runs.forEach((run, j) => {
        this.use(run.face, style);
        this.doc.text(run.text, runX, baseline, {
          lineBreak: false,
          baseline: 'alphabetic',
          characterSpacing: style.characterSpacing ?? 0,
        });
        runX += widths[j]!;
      });
    });
    return y + lines.length * LINE_HEIGHT * style.size;
  }
}
