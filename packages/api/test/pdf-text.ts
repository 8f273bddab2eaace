// The text a PDF holds, as a reader's copy or search finds it: pdf.js (Mozilla's viewer, legacy
// build for Node) reads the page's text objects through each font's ToUnicode table and puts
// right-to-left runs back in logical order. Node 20 lacks two things pdf.js 6 calls
// (Promise.withResolvers, ArrayBuffer.prototype.transferToFixedLength): small polyfills here.
const P = Promise as unknown as { withResolvers?: () => unknown };
P.withResolvers ??= () => {
  let resolve: unknown;
  let reject: unknown;
  const promise = new Promise((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
};
const AB = ArrayBuffer.prototype as unknown as { transferToFixedLength?: (len?: number) => ArrayBuffer };
AB.transferToFixedLength ??= function (this: ArrayBuffer, len = this.byteLength) {
  const n = new ArrayBuffer(len);
  new Uint8Array(n).set(new Uint8Array(this, 0, Math.min(len, this.byteLength)));
  return n;
};

export interface PdfFacts {
  pages: number;
  /** Each text item's string, in the order the page draws them, joined by '|'. */
  text: string;
  title: string | undefined;
  language: string | undefined;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfFacts> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 });
  const doc = await task.promise;
  try {
    const parts: string[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      for (const item of content.items) if ('str' in item && item.str.trim() !== '') parts.push(item.str);
    }
    const meta = await doc.getMetadata();
    const info = meta.info as { Title?: string; Language?: string };
    return { pages: doc.numPages, text: parts.join('|'), title: info.Title, language: info.Language };
  } finally {
    await task.destroy();
  }
}
