// The ten languages the shop speaks (spec §9). `flag` is a flag-icons code (the web app shows
// /flags/4x3/<flag>.svg); emoji flags do not render on every platform.

export interface LanguageOption {
  code: LanguageCode;
  /** Native name, shown as-is in every UI language. */
  name: string;
  /** English name, for aria/search and for logs. */
  englishName: string;
  flag: string;
}

export const LANGUAGE_CODES = ['en', 'es', 'fr', 'de', 'zh', 'ar', 'pt', 'ru', 'ja', 'hi'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export const SUPPORTED_LANGUAGES: readonly LanguageOption[] = [
  { code: 'en', name: 'English', englishName: 'English', flag: 'gb' },
  { code: 'es', name: 'Español', englishName: 'Spanish', flag: 'es' },
  { code: 'fr', name: 'Français', englishName: 'French', flag: 'fr' },
  { code: 'de', name: 'Deutsch', englishName: 'German', flag: 'de' },
  { code: 'zh', name: '中文', englishName: 'Chinese', flag: 'cn' },
  { code: 'ar', name: 'العربية', englishName: 'Arabic', flag: 'sa' },
  { code: 'pt', name: 'Português', englishName: 'Portuguese', flag: 'pt' },
  { code: 'ru', name: 'Русский', englishName: 'Russian', flag: 'ru' },
  { code: 'ja', name: '日本語', englishName: 'Japanese', flag: 'jp' },
  { code: 'hi', name: 'हिन्दी', englishName: 'Hindi', flag: 'in' },
];

export const RTL_LANGUAGES: readonly LanguageCode[] = ['ar'];

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function directionOf(lang: LanguageCode): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
}

/** First supported language among the browser's preferences ('pt-BR' → 'pt'), or null. */
export function matchLanguage(preferences: readonly string[]): LanguageCode | null {
  for (const pref of preferences) {
    const base = pref.toLowerCase().split(/[-_]/)[0];
    if (isLanguageCode(base)) return base;
  }
  return null;
}
