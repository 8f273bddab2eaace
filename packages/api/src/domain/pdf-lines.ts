// One line of text as a PDF writes it (issue 31's invoice PDFs, services/orders/invoice-pdf.ts):
// runs of characters that share a font, in VISUAL order (left to right on the page). A PDF has no
// notion of reading direction: whatever draws the text must reorder it. The Unicode Bidirectional
// Algorithm (UAX #9, bidi-js) gives each character an embedding level; mirrored characters are
// swapped at odd levels ('(' becomes ')'); the runs are reversed from the highest level down to the
// lowest odd one (UAX #9 rule L2). Inside a right-to-left run the characters must also be reversed:
// the shaper (fontkit) does that itself for scripts it knows run right to left (Arabic, which it
// must see in logical order to join the letters), so such runs are handed over as they are and
// marked `shaperReverses`; any other right-to-left run (spaces, ':' between Arabic words) is
// reversed here. Bidi control marks (which Intl inserts in Arabic dates and amounts) are dropped
// after the levels are known: the fonts have no glyphs for them.
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

export interface VisualRun<F> {
  /** The characters to hand to the shaper. */
  text: string;
  font: F;
  /** Odd embedding level: this run reads right to left. */
  rtl: boolean;
}

/** Marks that steer bidi and draw nothing (LRM, RLM, ALM, embeddings, overrides, isolates). */
const CONTROLS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;
/** Scripts the shaper lays out right to left on its own (Arabic and its supplements, Hebrew, Syriac, Thaana). */
const SHAPER_RTL = /[\u0590-\u07bf\u0860-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/**
 * `text` as runs in visual order. `fontFor` picks the font for a code point (null: no font has it,
 * the character is left out); whitespace keeps the font of the character before it.
 */
export function visualRuns<F>(text: string, base: 'ltr' | 'rtl', fontFor: (codePoint: number) => F | null): VisualRun<F>[] {
  if (text === '') return [];
  const { levels } = bidi.getEmbeddingLevels(text, base);
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  // Logical runs: same level and same font.
  const runs: { chars: string[]; font: F; level: number }[] = [];
  let lastFont: F | null = null;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    const ch = mirrored.get(i) ?? String.fromCodePoint(cp);
    const level = levels[i] ?? 0;
    i += width;
    if (CONTROLS.test(ch)) continue;
    const font: F | null = /\s/.test(ch) && lastFont !== null ? lastFont : fontFor(cp);
    if (font === null) continue;
    lastFont = font;
    const last = runs[runs.length - 1];
    if (last && last.level === level && last.font === font) last.chars.push(ch);
    else runs.push({ chars: [ch], font, level });
  }
  // L2: from the highest level to the lowest odd level, reverse every maximal sequence of runs at that level or higher.
  const max = Math.max(0, ...runs.map((r) => r.level));
  const minOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : Number.POSITIVE_INFINITY)));
  for (let level = max; level >= minOdd && Number.isFinite(minOdd); level--) {
    for (let i = 0; i < runs.length; ) {
      if ((runs[i]?.level ?? 0) < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && (runs[j]?.level ?? 0) >= level) j++;
      const reversed = runs.slice(i, j).reverse();
      runs.splice(i, j - i, ...reversed);
      i = j;
    }
  }
  return runs.map((r) => {
    const rtl = r.level % 2 === 1;
    const joined = r.chars.join('');
    // Right to left but not a script the shaper reverses: reverse the characters here.
    const text = rtl && !SHAPER_RTL.test(joined) ? [...r.chars].reverse().join('') : joined;
    return { text, font: r.font, rtl };
  });
}

/** Whether the shaper will lay `text` out right to left by itself (it holds Arabic-like letters). */
export function shaperReverses(text: string): boolean {
  return SHAPER_RTL.test(text);
}
