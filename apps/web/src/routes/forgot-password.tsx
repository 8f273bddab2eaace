import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form.tsx';
import { loadNamespaces } from '../lib/i18n.ts';

/** 'Forgot password?' on /login: a reset link by e-mail. */
export const Route = createFileRoute('/forgot-password')({
  loader: () => loadNamespaces('auth'),
  component: ForgotPasswordForm,
});
