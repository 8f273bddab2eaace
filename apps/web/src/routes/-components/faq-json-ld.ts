// The FAQ page's schema.org FAQPage: every question and its answer (as text) in the page's
// language. Loaded by the route's loader after the 'faq' texts, in its own chunk.
import { ALL_FAQ_ROWS } from '../../features/faq/faq-content.ts';
import { htmlToText } from '../../features/faq/faq-search.ts';
import { tHead } from '../../lib/page-meta.ts';

/** schema.org FAQPage: every question and its answer (as text) in the page's language. */
export function faqPage(): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: ALL_FAQ_ROWS.map(({ id }) => ({
      '@type': 'Question',
      name: tHead(`faq:items.${id}.q`),
      acceptedAnswer: { '@type': 'Answer', text: htmlToText(tHead(`faq:items.${id}.a`)) },
    })),
  };
}
