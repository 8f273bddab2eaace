import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordForm } from '../features/auth/reset-password-form.tsx';
import { loadNamespaces } from '../lib/i18n.ts';

/** The link from the reset e-mail: /reset-password?token=… (hand-written check: route files are in the initial bundle). */
export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token.length <= 200 ? { token: search.token } : {},
  loader: () => loadNamespaces('auth'),
  component: function ResetPasswordRoute() {
    return <ResetPasswordForm token={Route.useSearch().token} />;
  },
});
