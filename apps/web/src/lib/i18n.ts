// i18next set-up. Translation files are fetched lazily per language and namespace through
// @esim/i18n's loadNamespace (one chunk per file); English is the fallback for missing keys.
// Routes load the namespaces they need in their loader: `loader: () => loadNamespaces('landing')`.
// English 'common' (header, footer; ~1 kB gzipped) ships inside the initial bundle: every
// language needs it (English is the fallback), and the first render must not wait on a fetch.
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
// Subpaths, not '@esim/i18n': its index also brings destination names and plan texts.
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, isLanguageCode, matchLanguage, type LanguageCode } from '@esim/i18n/languages';
import { loadNamespace } from '@esim/i18n/loader';
import { DEFAULT_NAMESPACE, ENGLISH_ONLY_NAMESPACES, type Namespace } from '@esim/i18n/namespaces';
import enCommon from '@esim/i18n/locales/en/common.json';
import { i18nDefaults } from '../config.ts';
import { STORAGE_KEYS, readStorage } from './storage.ts';

/**
 * Where the browser build keeps the translation files as JSON (vite.config.ts, localeFiles);
 * not defined in the dev server, the tests and the pre-render, which import them.
 */
declare const __LOCALES_URL__: string | undefined;

type Messages = Record<string, unknown>;

async function fetchNamespace(base: string, language: string, namespace: string): Promise<Messages> {
  const response = await fetch(`${base}/${language}/${namespace}.json`);
  // A missing file falls back to English, as loadNamespace's does.
  if (response.status === 404) return {};
  if (!response.ok) throw new Error(`Could not load the ${language} '${namespace}' texts (HTTP ${response.status})`);
  return (await response.json()) as Messages;
}

const readNamespace: (language: string, namespace: string) => Promise<Messages> =
  typeof __LOCALES_URL__ === 'string' ? (language, namespace) => fetchNamespace(__LOCALES_URL__, language, namespace) : loadNamespace;

const lazyFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (language === DEFAULT_LANGUAGE && namespace === DEFAULT_NAMESPACE) {
      callback(null, enCommon);
      return;
    }
    // English-only namespaces (the admin area) have no file in other languages: nothing to
    // fetch, i18next falls back to English.
    if (language !== DEFAULT_LANGUAGE && (ENGLISH_ONLY_NAMESPACES as readonly string[]).includes(namespace)) {
      callback(null, {});
      return;
    }
    readNamespace(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n: I18n = i18next;

/** The stored preference, else the browser's first supported language, else English. */
export function detectLanguage(): LanguageCode {
  const stored = readStorage('local', STORAGE_KEYS.language);
  if (isLanguageCode(stored)) return stored;
  if (typeof navigator !== 'undefined') {
    const match = matchLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

export interface InitI18nOptions {
  lng: LanguageCode;
  /** Preloaded resources (tests); when given, nothing is fetched. */
  resources?: Record<string, Record<string, object>>;
  ns?: Namespace[];
}

/** Initialise the shared instance and wait for the 'common' namespace (header, footer). */
export async function initI18n({ lng, resources, ns = [DEFAULT_NAMESPACE] }: InitI18nOptions): Promise<I18n> {
  if (!resources) i18n.use(lazyFiles);
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGE_CODES],
    ns,
    defaultNS: DEFAULT_NAMESPACE,
    ...(resources ? { resources } : {}),
    interpolation: { escapeValue: false, defaultVariables: i18nDefaults },
    returnNull: false,
    react: { useSuspense: true },
  });
  return i18n;
}

/** Make sure namespaces are loaded for the current language (and English) before rendering. */
export async function loadNamespaces(...namespaces: Namespace[]): Promise<void> {
  await i18n.loadNamespaces(namespaces);
}
