// The UI language: the URL's (English at '/', the others under '/<lang>/', lib/locale-path.ts),
// persisted as localStorage 'preferredLanguage', mirrored onto <html lang dir> and Mantine's
// direction (RTL for Arabic). With the app's router, choosing a language loads the same page
// under that language's URL; the root route's beforeLoad (adoptUrlLanguage) sets i18next's
// language from the URL, and this provider follows i18next's 'languageChanged'.
import { createContext, use, useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useDirection } from '@mantine/core';
import type { AnyRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, directionOf, isLanguageCode, type LanguageCode, type LanguageOption } from '@esim/i18n/languages';
import { i18n as i18next } from '../i18n.ts';
import { languageOfHref, localizeHref } from '../locale-path.ts';
import { STORAGE_KEYS, writeStorage } from '../storage.ts';

export interface LanguageContextValue {
  language: LanguageCode;
  dir: 'ltr' | 'rtl';
  languages: readonly LanguageOption[];
  /** Switch language; the new texts appear as soon as their files have loaded. */
  setLanguage: (code: LanguageCode) => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/** Apply a language to the document before React renders (main.tsx) and on every change. */
export function applyDocumentLanguage(language: LanguageCode): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
}

/**
 * The URL's language becomes the UI language and the stored preference, once per document before
 * its router loads (main.tsx, the pre-render, the tests' renderApp): a page keeps its language for
 * its life. Not a root beforeLoad or loader: those hold back the whole page, header included,
 * until every nested route's beforeLoad (the account's session check) has finished.
 */
export function adoptUrlLanguage(publicHref: string): Promise<unknown> | undefined {
  const language = languageOfHref(publicHref);
  writeStorage('local', STORAGE_KEYS.language, language);
  return i18next.language === language ? undefined : i18next.changeLanguage(language);
}

/**
 * The same page under another language's URL, loaded as a new document (a new history entry):
 * a page keeps one language for its life (router.tsx), and the new one arrives pre-rendered.
 */
export function goToLanguage(
  router: AnyRouter,
  language: LanguageCode,
  go: (href: string) => void = (href) => window.location.assign(href),
): void {
  writeStorage('local', STORAGE_KEYS.language, language);
  go(localizeHref(router.latestLocation.href, language));
}

export interface LanguageProviderProps {
  /**
   * How a choice of language takes effect: with the app's router, `goToLanguage(router, code)`.
   * Without it (components rendered alone) the language switches in place.
   */
  onLanguageChange?: ((code: LanguageCode) => void) | undefined;
  children: ReactNode;
}

export function LanguageProvider({ onLanguageChange, children }: LanguageProviderProps) {
  const { i18n } = useTranslation();
  const [language, setLanguageState] = useState<LanguageCode>(() => (isLanguageCode(i18n.language) ? i18n.language : 'en'));
  const { setDirection } = useDirection();
  const dir = directionOf(language);

  useEffect(() => {
    const follow = (lng: string) => {
      if (isLanguageCode(lng)) setLanguageState(lng);
    };
    follow(i18n.language);
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, [i18n]);

  useLayoutEffect(() => {
    applyDocumentLanguage(language);
    setDirection(dir);
  }, [language, dir, setDirection]);

  const setLanguage = useCallback(
    (code: LanguageCode) => {
      if (!isLanguageCode(code)) return;
      if (onLanguageChange) {
        onLanguageChange(code);
        return;
      }
      writeStorage('local', STORAGE_KEYS.language, code);
      setLanguageState(code);
      void i18n.changeLanguage(code);
    },
    [i18n, onLanguageChange],
  );

  const value = useMemo<LanguageContextValue>(
    () => ({ language, dir, languages: SUPPORTED_LANGUAGES, setLanguage }),
    [language, dir, setLanguage],
  );
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

export function useLanguage(): LanguageContextValue {
  const ctx = use(LanguageContext);
  if (!ctx) throw new Error('useLanguage must be used within a LanguageProvider');
  return ctx;
}
