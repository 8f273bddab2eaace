// The UI language: persisted as localStorage 'preferredLanguage', mirrored onto <html lang dir>
// and Mantine's direction (RTL for Arabic).
import { createContext, use, useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, directionOf, isLanguageCode, type LanguageCode, type LanguageOption } from '@esim/i18n';
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

export function LanguageProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [language, setLanguageState] = useState<LanguageCode>(() => (isLanguageCode(i18n.language) ? i18n.language : 'en'));
  const { setDirection } = useDirection();
  const dir = directionOf(language);

  useLayoutEffect(() => {
    applyDocumentLanguage(language);
    setDirection(dir);
  }, [language, dir, setDirection]);

  const setLanguage = useCallback(
    (code: LanguageCode) => {
      if (!isLanguageCode(code)) return;
      writeStorage('local', STORAGE_KEYS.language, code);
      setLanguageState(code);
      void i18n.changeLanguage(code);
    },
    [i18n],
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
