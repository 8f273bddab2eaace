import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RegisterForm } from '../features/auth/register-form.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { usePageMeta } from '../lib/page-meta.ts';

export const Route = createFileRoute('/register')({
  loader: () => loadNamespaces('auth'),
  component: RegisterPage,
});

function RegisterPage() {
  const { t } = useTranslation('auth');
  usePageMeta({ title: t('register.metaTitle'), description: t('register.metaDescription') });
  return <RegisterForm />;
}
