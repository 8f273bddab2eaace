import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { config } from '../config.ts';
import { LegalDocument } from '../features/legal/legal-document.tsx';
import { privacySections } from '../features/legal/privacy-content.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';

export const Route = createFileRoute('/privacy')({
  head: ({ match }) =>
    pageHead(match.pathname, { title: tHead('legal:privacy.metaTitle'), description: tHead('legal:privacy.metaDescription') }),
  loader: () => loadNamespaces('legal'),
  component: PrivacyPage,
});

function PrivacyPage() {
  const { t } = useTranslation('legal');
  const facts = { product: config.productName };
  const sections = privacySections(facts).map((s) => ({ ...s, heading: t(`privacy.sections.${s.id}`) }));
  return <LegalDocument idPrefix="privacy" title={t('privacy.title')} sections={sections} />;
}
