/** linebreak (UAX #14, the line breaker pdfkit itself uses) ships no types; this is the part statements use. */
declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string);
    /** The next place a line may (or, when required, must) break, as an index into the text; null at the end. */
    nextBreak(): { position: number; required: boolean } | null;
  }
}
