import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../features/auth/login-form.tsx';
import { FindOrderDisclosure } from '../features/find-order/find-order.tsx';
import type { LoginSearch } from '../features/auth/redirect.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';

/**
 * ?from=admin (spec §2: /admin after an admin logs in) and ?redirect=<path> (checked again
 * before it is followed); unknown values read as absent. Hand-written, not zod: route
 * definitions are in the initial bundle.
 */
function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const out: LoginSearch = {};
  if (search.from === 'admin') out.from = 'admin';
  if (typeof search.redirect === 'string' && search.redirect.length <= 512) out.redirect = search.redirect;
  return out;
}

export const Route = createFileRoute('/login')({
  head: ({ match }) => pageHead(match.pathname, { title: tHead('auth:login.metaTitle'), description: tHead('auth:login.metaDescription') }),
  validateSearch: validateLoginSearch,
  loader: () => loadNamespaces('auth'),
  component: LoginPage,
});

function LoginPage() {
  const { t } = useTranslation('auth');
  const search = Route.useSearch();
  return (
    <>
      <LoginForm search={search} />
      {/* A guest who bought without an account (issue 26); not on the back office's sign-in. */}
      {search.from === 'admin' ? null : (
        <Container size={480} mt={{ base: -16, sm: -40 }} pb={{ base: 40, sm: 72 }}>
          <FindOrderDisclosure question={t('login.guestQuestion')} action={t('login.guestFindOrder')} />
        </Container>
      )}
    </>
  );
}
