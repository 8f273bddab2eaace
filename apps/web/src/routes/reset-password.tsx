import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordForm } from '../features/auth/reset-password-form.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';

/** The link from the reset e-mail: /reset-password?token=… (hand-written check: route files are in the initial bundle). */
export const Route = createFileRoute('/reset-password')({
  head: ({ match }) => pageHead(match.pathname, { title: tHead('auth:reset.metaTitle'), noindex: true }),
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token.length <= 200 ? { token: search.token } : {},
  loader: () => loadNamespaces('auth'),
  component: function ResetPasswordRoute() {
    return <ResetPasswordForm token={Route.useSearch().token} />;
  },
});
