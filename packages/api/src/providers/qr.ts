// QR codes rendered by the app itself (never a public QR service): PNG for e-mail and <img>,
// SVG for pages. Error correction M, quiet zone 2 modules, about 300 px.
import QRCode from 'qrcode';

export interface QrOptions {
  /** Pixel width (PNG) or nominal width (SVG); default 300. */
  width?: number;
  /** Quiet zone in modules; default 2. */
  margin?: number;
}

const base = (o: QrOptions) => ({ errorCorrectionLevel: 'M' as const, margin: o.margin ?? 2, width: o.width ?? 300 });

/** PNG bytes of a QR code for `text`. */
export async function qrPng(text: string, options: QrOptions = {}): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...base(options), type: 'png' });
}

/** An SVG document of a QR code for `text`. */
export async function qrSvg(text: string, options: QrOptions = {}): Promise<string> {
  return QRCode.toString(text, { ...base(options), type: 'svg' });
}
