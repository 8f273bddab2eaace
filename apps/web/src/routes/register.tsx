import { createFileRoute, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RegisterForm } from '../features/auth/register-form.tsx';
import { emailFromFragment } from '../features/auth/register-prefill.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';

/** #email=… pre-fills the address (features/auth/register-prefill.ts says why the fragment). */
export const Route = createFileRoute('/register')({
  head: ({ match }) =>
    pageHead(match.pathname, { title: tHead('auth:register.metaTitle'), description: tHead('auth:register.metaDescription') }),
  loader: () => loadNamespaces('auth'),
  component: RegisterPage,
});

function RegisterPage() {
  const { t } = useTranslation('auth');
  const email = emailFromFragment(useLocation({ select: (l) => l.hash }));
  return <RegisterForm key={email ?? ''} email={email} />;
}
