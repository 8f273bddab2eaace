import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';

/** 'Forgot password?' on /login: a reset link by e-mail. */
export const Route = createFileRoute('/forgot-password')({
  head: ({ match }) =>
    pageHead(match.pathname, { title: tHead('auth:forgot.metaTitle'), description: tHead('auth:forgot.metaDescription') }),
  loader: () => loadNamespaces('auth'),
  component: ForgotPasswordForm,
});
