import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { config } from '../config.ts';
import { LegalDocument } from '../features/legal/legal-document.tsx';
import { termsSections } from '../features/legal/terms-content.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';

export const Route = createFileRoute('/terms')({
  head: ({ match }) =>
    pageHead(match.pathname, { title: tHead('legal:terms.metaTitle'), description: tHead('legal:terms.metaDescription') }),
  loader: () => loadNamespaces('legal'),
  component: TermsPage,
});

function TermsPage() {
  const { t } = useTranslation('legal');
  const facts = { product: config.productName };
  const sections = termsSections(facts).map((s) => ({ ...s, heading: t(`terms.sections.${s.id}`) }));
  return <LegalDocument idPrefix="terms" title={t('terms.title')} sections={sections} />;
}
