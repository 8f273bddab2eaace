import { useLanguage } from '../../lib/preferences/index.ts';
import { formatIsoDate } from '../../lib/format-date.ts';

/** An article's ISO date in the UI language ('May 6, 2025', '6 mai 2025'). */
export function useArticleDate(isoDate: string): string {
  const { language } = useLanguage();
  return formatIsoDate(isoDate, language);
}
