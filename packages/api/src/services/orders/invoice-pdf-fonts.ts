// Where the invoice PDFs' fonts come from (issue 31): Google's Noto Sans families and IBM Plex
// Sans Arabic as the @expo-google-fonts packages ship them (TrueType, SIL Open Font License 1.1).
// Arabic is IBM Plex, not Noto: Noto Sans Arabic draws letters as a shared skeleton plus separate
// dot glyphs, so a PDF's glyph-to-text table cannot tell ب from ت from ي and copied text comes out
// wrong; Plex has a glyph per letter form. Read from
// node_modules: in tests and in apps/server/dist (apps/server depends on the packages too, so the
// bundle resolves them beside itself). Only regular and bold of the small families; Japanese and
// Chinese have regular only (5 and 10 MB each). The release binary has no node_modules:
// scripts/release.mjs swaps this module for one that reads the same files embedded as SEA assets
// named 'font-<key>.ttf' (keep the two in step). Nothing is fetched from anywhere at run time.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export const PDF_FONT_FILES = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  latinBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  arabic: '@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf',
  arabicBold: '@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf',
  devanagari: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  devanagariBold: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
  japanese: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  chinese: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
} as const;

export type PdfFontKey = keyof typeof PDF_FONT_FILES;

/** The font's bytes. Throws when the file cannot be found or read. */
export async function readPdfFont(key: PdfFontKey): Promise<Uint8Array> {
  return readFile(createRequire(import.meta.url).resolve(PDF_FONT_FILES[key]));
}
