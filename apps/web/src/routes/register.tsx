import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RegisterForm } from '../features/auth/register-form.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';

export const Route = createFileRoute('/register')({
  head: ({ match }) =>
    pageHead(match.pathname, { title: tHead('auth:register.metaTitle'), description: tHead('auth:register.metaDescription') }),
  loader: () => loadNamespaces('auth'),
  component: RegisterPage,
});

function RegisterPage() {
  const { t } = useTranslation('auth');
  return <RegisterForm />;
}
