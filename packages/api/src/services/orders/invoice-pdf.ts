// The invoice and each credit note as a PDF (issue 31: "download as PDF (rendered locally), in the
// order's language, and print well"). Drawn here with pdfkit from exactly what getInvoice returns
// (the facts frozen at issue), with the labels of the 'invoice' texts in the order's language
// (packages/i18n, the ones the invoice page prints) and the shop's money formatter.
//   - Scripts: Noto Sans for Latin and Cyrillic, Noto Sans Arabic, Devanagari, JP and SC, read on
//     the first PDF that needs them (invoice-pdf-fonts.ts) and kept in memory; a character the
//     language's font lacks (a Latin VAT ID in an Arabic invoice, a Japanese company name in an
//     English one) is drawn with the first loaded font that has it.
//   - Right to left: the page is mirrored for Arabic (labels at the right, table columns from the
//     right) and every line is put in visual order by the bidi algorithm (domain/pdf-lines.ts);
//     fontkit shapes Arabic (joined forms) and Devanagari (conjuncts, matras) from OpenType tables.
//   - A4, one page per document; text stays text (a screen reader or search finds it), the fonts
//     embedded as subsets.
import PDFDocument from 'pdfkit';
import type { Db } from '@esim/db';
import arInvoice from '@esim/i18n/locales/ar/invoice.json';
import deInvoice from '@esim/i18n/locales/de/invoice.json';
import enInvoice from '@esim/i18n/locales/en/invoice.json';
import esInvoice from '@esim/i18n/locales/es/invoice.json';
import frInvoice from '@esim/i18n/locales/fr/invoice.json';
import hiInvoice from '@esim/i18n/locales/hi/invoice.json';
import jaInvoice from '@esim/i18n/locales/ja/invoice.json';
import ptInvoice from '@esim/i18n/locales/pt/invoice.json';
import ruInvoice from '@esim/i18n/locales/ru/invoice.json';
import zhInvoice from '@esim/i18n/locales/zh/invoice.json';
import { AppError } from '../../errors.ts';
import { shopLanguage, textDirection, type ShopLanguage } from '../../domain/language.ts';
import { formatMoney } from '../../domain/money.ts';
import { visualRuns } from '../../domain/pdf-lines.ts';
import { readPdfFont, type PdfFontKey } from './invoice-pdf-fonts.ts';
import { getInvoice, type CreditNoteView, type InvoiceAccess, type InvoiceView } from './invoice-views.ts';

type InvoiceTexts = typeof enInvoice;
const TEXTS: Record<ShopLanguage, InvoiceTexts> = {
  en: enInvoice,
  es: esInvoice as InvoiceTexts,
  fr: frInvoice as InvoiceTexts,
  de: deInvoice as InvoiceTexts,
  zh: zhInvoice as InvoiceTexts,
  ar: arInvoice as InvoiceTexts,
  pt: ptInvoice as InvoiceTexts,
  ru: ruInvoice as InvoiceTexts,
  ja: jaInvoice as InvoiceTexts,
  hi: hiInvoice as InvoiceTexts,
};

// ── fonts ───────────────────────────────────────────────────────────────────────────────────────

const fontBytes = new Map<PdfFontKey, Promise<Uint8Array>>();

/** A build or an install without the font files: the REST route answers 503 'PDF not available'. */
export class PdfFontsMissing extends Error {
  constructor(key: PdfFontKey, cause: unknown) {
    super(`the invoice PDF font '${key}' cannot be read: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'PdfFontsMissing';
  }
}

/** A font's bytes, read once per process (a failed read is forgotten, so a later PDF tries again). */
function loadFont(key: PdfFontKey): Promise<Uint8Array> {
  let p = fontBytes.get(key);
  if (!p) {
    p = readPdfFont(key).catch((e: unknown) => {
      fontBytes.delete(key);
      throw new PdfFontsMissing(key, e);
    });
    fontBytes.set(key, p);
  }
  return p;
}

/** The fonts already read (for the figures: which ones a process holds). */
export function loadedPdfFonts(): PdfFontKey[] {
  return [...fontBytes.keys()];
}

type Weight = 'regular' | 'bold';
const REGULAR: Record<'latin' | 'arabic' | 'devanagari' | 'japanese' | 'chinese', PdfFontKey> = {
  latin: 'latin',
  arabic: 'arabic',
  devanagari: 'devanagari',
  japanese: 'japanese',
  chinese: 'chinese',
};
const BOLD: Record<keyof typeof REGULAR, PdfFontKey> = {
  latin: 'latinBold',
  arabic: 'arabicBold',
  devanagari: 'devanagariBold',
  japanese: 'japanese',
  chinese: 'chinese',
};
type Family = keyof typeof REGULAR;

const LANGUAGE_FAMILY: Record<ShopLanguage, Family> = {
  en: 'latin',
  es: 'latin',
  fr: 'latin',
  de: 'latin',
  pt: 'latin',
  ru: 'latin',
  ar: 'arabic',
  hi: 'devanagari',
  ja: 'japanese',
  zh: 'chinese',
};

/** The families a document needs: its language's, Latin (numbers, IDs, e-mail), and any script its free text holds. */
export function familiesFor(lang: ShopLanguage, texts: readonly string[]): Family[] {
  const out = new Set<Family>([LANGUAGE_FAMILY[lang], 'latin']);
  const all = texts.join(' ');
  if (/[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/.test(all)) out.add('arabic');
  if (/[\u0900-\u097f\ua8e0-\ua8ff]/.test(all)) out.add('devanagari');
  if (/[\u3040-\u30ff\u31f0-\u31ff]/.test(all)) out.add('japanese');
  if (/[\u3400-\u9fff\uf900-\ufaff]/.test(all) && !out.has('japanese')) out.add(lang === 'ja' ? 'japanese' : 'chinese');
  return [...out];
}

// ── drawing ─────────────────────────────────────────────────────────────────────────────────────

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const INNER = PAGE.width - 2 * PAGE.margin;
const INK = '#1f2328';
const MUTED = '#57606a';
const RULE = '#d0d7de';

interface FontFace {
  name: string;
  has(codePoint: number): boolean;
}

/**
 * How pdfkit lays a run out. Without `features` it shapes word by word (each word cached) and
 * joins the words left to right: right for left-to-right runs, and fast (Noto Sans's kerning is
 * costly to apply afresh). A right-to-left run must be shaped whole (fontkit reverses the run it is
 * given, so word by word would put the words in the wrong order): `features` makes pdfkit do that.
 */
const WORD_BY_WORD = {};
const WHOLE_RUN = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] };
const shaping = (rtl: boolean) => (rtl ? WHOLE_RUN : WORD_BY_WORD);

/** Numbers, amounts, IDs and e-mail addresses read left to right inside any line (as the page's <bdi dir="ltr">). */
function ltr(text: string): string {
  return `\u2066${text}\u2069`;
}

/** Free text (names, addresses, plan names) in its own direction, by its first strong letter (as <bdi>). */
function auto(text: string): string {
  return `\u2068${text}\u2069`;
}

/** pdfkit's font object holds the fontkit font (pdfkit exposes no public glyph check). */
type FontkitFont = { hasGlyphForCodePoint?: (cp: number) => boolean };
type FontkitHolder = { font?: FontkitFont };

/** The fontkit fonts parsed so far, one per font file, shared by every PDF of the process. */
const parsedFonts = new Map<PdfFontKey, FontkitFont>();

class Writer {
  readonly doc: PDFKit.PDFDocument;
  private readonly faces: Record<Weight, FontFace[]>;
  readonly rtl: boolean;

  constructor(doc: PDFKit.PDFDocument, faces: Record<Weight, FontFace[]>, rtl: boolean) {
    this.doc = doc;
    this.faces = faces;
    this.rtl = rtl;
  }

  private fontFor(weight: Weight) {
    const list = this.faces[weight];
    return (cp: number): string | null => {
      for (const f of list) if (f.has(cp)) return f.name;
      return null;
    };
  }

  private readonly widths = new Map<string, number>();

  /** The width of one line of text (remembered: wrapping measures the same prefixes again). */
  width(text: string, size: number, weight: Weight = 'regular'): number {
    const key = `${size}|${weight}|${text}`;
    const known = this.widths.get(key);
    if (known !== undefined) return known;
    let w = 0;
    for (const run of visualRuns(text, this.rtl ? 'rtl' : 'ltr', this.fontFor(weight))) {
      this.doc.font(run.font).fontSize(size);
      w += this.doc.widthOfString(run.text, shaping(run.rtl));
    }
    this.widths.set(key, w);
    return w;
  }

  /**
   * One line at the logical box (start, width): `align` 'start' is the reading start (left in
   * LTR, right in RTL), 'end' the other side. `start` is measured from the reading start's margin.
   */
  line(
    text: string,
    y: number,
    o: { start?: number; width?: number; size?: number; weight?: Weight; align?: 'start' | 'end'; color?: string } = {},
  ): void {
    const size = o.size ?? 10;
    const weight = o.weight ?? 'regular';
    const boxStart = o.start ?? 0;
    const boxWidth = o.width ?? INNER - boxStart;
    const left = this.rtl ? PAGE.margin + INNER - boxStart - boxWidth : PAGE.margin + boxStart;
    const runs = visualRuns(text, this.rtl ? 'rtl' : 'ltr', this.fontFor(weight));
    const widths = runs.map((r) => {
      this.doc.font(r.font).fontSize(size);
      return this.doc.widthOfString(r.text, shaping(r.rtl));
    });
    const total = widths.reduce((a, b) => a + b, 0);
    const atRight = (o.align === 'end') !== this.rtl;
    let x = atRight ? left + boxWidth - total : left;
    this.doc.fillColor(o.color ?? INK);
    runs.forEach((r, i) => {
      this.doc.font(r.font).fontSize(size);
      this.doc.text(r.text, x, y, { ...shaping(r.rtl), lineBreak: false });
      x += widths[i] ?? 0;
    });
  }

  /** Text wrapped at spaces to `width` (a word longer than the width stays whole); returns the lines. */
  wrap(text: string, width: number, size = 10, weight: Weight = 'regular'): string[] {
    const out: string[] = [];
    for (const para of text.split(/\r?\n/)) {
      const words = para.split(/ +/);
      let cur = '';
      for (const w of words) {
        const next = cur === '' ? w : `${cur} ${w}`;
        if (cur !== '' && this.width(next, size, weight) > width) {
          out.push(cur);
          cur = w;
        } else cur = next;
      }
      out.push(cur);
    }
    return out;
  }

  /** Wrapped text from y; returns the y below it. */
  para(text: string, y: number, o: { start?: number; width?: number; size?: number; weight?: Weight; color?: string } = {}): number {
    const size = o.size ?? 10;
    const width = o.width ?? INNER - (o.start ?? 0);
    let at = y;
    // An isolate around the whole text (auto(), ltr()) goes around each of its lines.
    const iso = /^([\u2066\u2068])([^]*)\u2069$/.exec(text);
    const [open, body] = iso ? [iso[1], iso[2] ?? ''] : ['', text];
    for (const l of this.wrap(body, width, size, o.weight)) {
      this.line(open ? `${open}${l}\u2069` : l, at, { ...o, width, size });
      at += size * 1.45;
    }
    return at;
  }

  rule(y: number, color = RULE): void {
    this.doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + INNER, y)
      .lineWidth(0.75)
      .strokeColor(color)
      .stroke();
  }
}

function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
}

function formatDay(iso: string, locale: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

function percent(bp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);
}

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Label and value rows (the document's facts); returns the y below them. */
function facts(w: Writer, rows: [string, string][], y: number, start = 0, width = INNER): number {
  const labelWidth = Math.min(150, width * 0.45);
  let at = y;
  for (const [label, value] of rows) {
    w.line(label, at, { start, width: labelWidth, size: 9, color: MUTED });
    at = Math.max(at + 13, w.para(value, at, { start: start + labelWidth, width: width - labelWidth, size: 10 }) - 1);
  }
  return at;
}

function parties(w: Writer, inv: InvoiceView, t: InvoiceTexts, lang: string, y: number): number {
  const col = (INNER - 24) / 2;
  // Seller
  let a = y;
  w.line(t.seller.toUpperCase(), a, { width: col, size: 8.5, weight: 'bold', color: MUTED });
  a += 15;
  a = w.para(auto(inv.seller.companyName), a, { width: col, weight: 'bold' });
  for (const l of inv.seller.address) a = w.para(auto(l), a, { width: col, size: 9.5 });
  a = facts(
    w,
    [
      [t.companyNumber, ltr(inv.seller.companyNumber)],
      ...(inv.seller.vatNumber ? [[t.vatNumber, ltr(inv.seller.vatNumber)] as [string, string]] : []),
    ],
    a + 2,
    0,
    col,
  );
  // Buyer
  const s = col + 24;
  let b = y;
  w.line(t.buyer.toUpperCase(), b, { start: s, width: col, size: 8.5, weight: 'bold', color: MUTED });
  b += 15;
  const biz = inv.buyer.business;
  if (biz) {
    b = w.para(auto(biz.companyName), b, { start: s, width: col, weight: 'bold' });
    if (biz.address) b = w.para(auto(biz.address), b, { start: s, width: col, size: 9.5 });
    if (biz.country) b = w.para(countryName(biz.country, lang), b, { start: s, width: col, size: 9.5 });
    if (biz.vatId) b = w.para(`${t.vatId}: ${ltr(biz.vatId)} (${t.vatStatus[biz.vatStatus]})`, b, { start: s, width: col, size: 9.5 });
  } else if (inv.buyer.name) {
    b = w.para(auto(inv.buyer.name), b, { start: s, width: col, weight: 'bold' });
  }
  b = w.para(ltr(inv.buyer.email), b, { start: s, width: col, size: 9.5 });
  return Math.max(a, b);
}

function heading(w: Writer, title: string, rows: [string, string][]): number {
  w.line(title, PAGE.margin, { size: 22, weight: 'bold' });
  const y = facts(w, rows, PAGE.margin + 38, 0, 330);
  w.rule(y + 6);
  return y + 20;
}

function drawInvoice(w: Writer, inv: InvoiceView, t: InvoiceTexts, lang: string): void {
  const money = (m: number) => ltr(formatMoney(m, inv.currency, lang));
  const rate = ltr(percent(inv.vat.rateBp, lang));
  let y = heading(w, t.title, [
    [t.number, ltr(inv.number)],
    [t.issued, formatDay(inv.issuedAt, lang)],
    [t.order, ltr(inv.orderId)],
  ]);
  y = parties(w, inv, t, lang, y) + 18;
  // The lines: description, then net | rate | VAT | gross as right-aligned (end-aligned) columns.
  const cols = [
    { start: 0, width: INNER - 4 * 82 },
    { start: INNER - 4 * 82, width: 78 },
    { start: INNER - 3 * 82, width: 78 },
    { start: INNER - 2 * 82, width: 78 },
    { start: INNER - 82, width: 82 },
  ];
  const row = (cells: string[], at: number, weight: Weight, size = 10, color = INK) => {
    let bottom = at + size * 1.45;
    cells.forEach((c, i) => {
      const box = cols[i] ?? { start: 0, width: INNER };
      if (i === 0) bottom = Math.max(bottom, w.para(c, at, { ...box, width: box.width - 8, size, weight, color }));
      else w.line(c, at, { ...box, size, weight, align: 'end', color });
    });
    return bottom;
  };
  y = row([t.description, t.net, t.rate, t.vat, t.gross], y, 'bold', 9, MUTED) + 2;
  w.rule(y);
  y += 8;
  for (const line of inv.totals.lines) {
    y =
      row(
        [
          line.kind === 'points' ? t.pointsLine : auto(line.description),
          money(line.netMinor),
          rate,
          money(line.vatMinor),
          money(line.grossMinor),
        ],
        y,
        'regular',
      ) + 6;
  }
  w.rule(y - 2, INK);
  y += 6;
  y = row([t.total, money(inv.totals.netMinor), rate, money(inv.totals.vatMinor), money(inv.totals.grossMinor)], y, 'bold', 11) + 16;
  if (inv.creditNotes.length > 0) {
    y =
      w.para(`${t.creditNotes}: ${inv.creditNotes.map((n) => ltr(n.number)).join(', ')} · ${t.kept}: ${money(inv.keptMinor)}`, y, {
        size: 9.5,
      }) + 4;
  }
  if (inv.vat.basis === 'not_registered') {
    y = w.para(interpolate(t.notRegistered, { country: countryName(inv.vat.country, lang) }), y, { size: 9.5 }) + 4;
  }
  w.para(t.pricesInclude, y, { size: 8.5, color: MUTED });
}

function drawCreditNote(w: Writer, inv: InvoiceView, note: CreditNoteView, t: InvoiceTexts, lang: string): void {
  const money = (m: number) => ltr(`−${formatMoney(m, inv.currency, lang)}`);
  let y = heading(w, t.creditTitle, [
    [t.creditNumber, ltr(note.number)],
    [t.issued, formatDay(note.issuedAt, lang)],
    [t.order, ltr(inv.orderId)],
  ]);
  y = w.para(interpolate(t.refersTo, { number: ltr(inv.number) }), y, { weight: 'bold', size: 11 }) + 10;
  y = parties(w, inv, t, lang, y) + 18;
  w.rule(y - 6);
  facts(
    w,
    [
      [t.net, money(note.netMinor)],
      [`${t.vat} (${ltr(percent(inv.vat.rateBp, lang))})`, money(note.vatMinor)],
      [t.gross, money(note.grossMinor)],
    ],
    y + 4,
    0,
    330,
  );
}

const ARABIC_LETTERS = /^[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]+$/;

/**
 * The glyph-to-text table (ToUnicode) made right for text extraction (copy, search, a screen
 * reader, the tests' pdf.js):
 *   - a glyph the shaper made that stands for no character of its own gets U+200B (pdfkit writes an
 *     empty entry, which extractors turn into stray control characters);
 *   - an Arabic ligature (لا, a letter joined with the next) is listed in visual order: extractors
 *     reverse a right-to-left line character by character, so the logical order would come out
 *     backwards inside the ligature.
 * pdfkit keeps its fonts and their tables in fields it does not document (_fontFamilies, unicode).
 */
function fixToUnicode(doc: PDFKit.PDFDocument): void {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { unicode?: number[][] }> })._fontFamilies ?? {};
  // One font can be listed under several keys (its name and its PostScript name): fix each once.
  for (const font of new Set(Object.values(families))) {
    const table = font.unicode;
    if (!Array.isArray(table)) continue;
    for (let gid = 1; gid < table.length; gid++) {
      const cps = table[gid];
      if (!Array.isArray(cps)) continue;
      if (cps.length === 0) table[gid] = [0x200b];
      else if (cps.length > 1 && ARABIC_LETTERS.test(String.fromCodePoint(...cps))) table[gid] = [...cps].reverse();
    }
  }
}

export type PdfDocumentRef = { kind: 'invoice' } | { kind: 'credit-note'; number: string };

/** The document as PDF bytes. `now` sets the PDF's creation date (tests make it fixed). */
export async function renderInvoicePdf(inv: InvoiceView, which: PdfDocumentRef, now: Date = new Date()): Promise<Uint8Array> {
  const lang = shopLanguage(inv.language);
  const t = TEXTS[lang];
  const note = which.kind === 'credit-note' ? inv.creditNotes.find((n) => n.number === which.number) : undefined;
  if (which.kind === 'credit-note' && !note) throw new AppError('NOT_FOUND', 'This invoice has no credit note with this number.');
  const free = [
    inv.seller.companyName,
    ...inv.seller.address,
    inv.buyer.name ?? '',
    inv.buyer.business?.companyName ?? '',
    inv.buyer.business?.address ?? '',
    ...inv.totals.lines.map((l) => l.description),
  ];
  const families = familiesFor(lang, free);
  const keys = new Set<PdfFontKey>(families.flatMap((f) => [REGULAR[f], BOLD[f]]));
  const bytes = new Map<PdfFontKey, Uint8Array>();
  await Promise.all([...keys].map(async (k) => bytes.set(k, await loadFont(k))));

  const title = note ? `${t.creditTitle} ${note.number}` : `${t.title} ${inv.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    // No default font: pdfkit's default (Helvetica) would be read from a file beside pdfkit, which a
    // bundle does not have; every run names its font.
    font: null as unknown as string,
    lang,
    displayTitle: true,
    info: { Title: title, Author: inv.seller.companyName, Subject: title, CreationDate: now, ModDate: now },
    autoFirstPage: true,
    bufferPages: false,
  });
  const faces = (weight: Weight): FontFace[] =>
    // The language's family first, then Latin, then the rest.
    [LANGUAGE_FAMILY[lang], 'latin' as Family, ...families]
      .filter((f, i, all) => all.indexOf(f) === i)
      .map((f) => {
        const key = (weight === 'bold' ? BOLD : REGULAR)[f];
        const name = `${key}`;
        const data = bytes.get(key) as Uint8Array;
        doc.registerFont(name, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
        doc.font(name);
        // The parsed font (its layout tables decoded on first use: most of a render's time) is
        // kept for the next PDFs: the document's own copy is swapped for it. Safe to share: a
        // render's drawing is synchronous, and glyph ids are the same in both copies.
        const holder = (doc as unknown as { _font: FontkitHolder })._font;
        const kept = parsedFonts.get(key);
        if (kept) holder.font = kept;
        else if (holder.font) parsedFonts.set(key, holder.font);
        const fk = holder.font;
        return { name, has: (cp: number) => fk?.hasGlyphForCodePoint?.(cp) ?? false };
      });
  const w = new Writer(doc, { regular: faces('regular'), bold: faces('bold') }, textDirection(lang) === 'rtl');
  if (note) drawCreditNote(w, inv, note, t, lang);
  else drawInvoice(w, inv, t, lang);

  fixToUnicode(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

export interface InvoicePdf {
  filename: string;
  bytes: Uint8Array;
  /** The order's public id (the REST route checks a guest's link names this order). */
  orderId: string;
}

/**
 * The invoice (or one of its credit notes) of an order as a PDF, for whoever may read the invoice
 * (getInvoice's rule: owner or link holder, else 404; unpaid: 409); `orderId`, when given, must be the
 * order the access reaches (a link holder naming an order). Fonts that cannot be read: PdfFontsMissing.
 */
export async function invoicePdf(db: Db, access: InvoiceAccess, which: PdfDocumentRef, orderId?: string): Promise<InvoicePdf> {
  const inv = await getInvoice(db, access);
  // A link names one order: asking it for another order's invoice finds nothing.
  if (orderId !== undefined && inv.orderId !== orderId)
    throw new AppError('NOT_FOUND', 'There is no order with this number behind this link.');
  const bytes = await renderInvoicePdf(inv, which);
  const number = which.kind === 'invoice' ? inv.number : which.number;
  const filename = `${which.kind === 'invoice' ? 'invoice' : 'credit-note'}-${number}.pdf`;
  return { filename, bytes, orderId: inv.orderId };
}
