// Per-route document title and meta description. Pass translated strings:
//   usePageMeta({ title: t('meta.title'), description: t('meta.description') })
// The title gets the ' | {product}' suffix unless `raw` is set.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageMeta {
  title: string;
  description?: string;
  /** Use the title as-is (the landing page's full title). */
  raw?: boolean;
}

function setDescription(content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = content;
}

/** The last page's meta, written while pre-rendering (effects don't run there); see prerender.tsx. */
export const renderedMeta: { title?: string; description?: string } = {};

export function usePageMeta({ title, description, raw = false }: PageMeta): void {
  const { t } = useTranslation('common');
  const fullTitle = raw ? title : t('meta.titleTemplate', { title });
  const desc = description ?? t('meta.defaultDescription');
  if (import.meta.env.SSR) {
    renderedMeta.title = fullTitle;
    renderedMeta.description = desc;
  }
  useEffect(() => {
    document.title = fullTitle;
    setDescription(desc);
  }, [fullTitle, desc]);
}
