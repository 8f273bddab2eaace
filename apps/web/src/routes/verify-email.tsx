import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../features/auth/verify-email-page.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';

/** The link from the verification e-mail: /verify-email?token=… (hand-written check: route files are in the initial bundle). */
export const Route = createFileRoute('/verify-email')({
  head: ({ match }) => pageHead(match.pathname, { title: tHead('auth:verify.metaTitle'), noindex: true }),
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token.length <= 200 ? { token: search.token } : {},
  loader: () => loadNamespaces('auth'),
  component: function VerifyEmailRoute() {
    return <VerifyEmailPage token={Route.useSearch().token} />;
  },
});
