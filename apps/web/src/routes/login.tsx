import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../features/auth/login-form.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { usePageMeta } from '../lib/page-meta.ts';

const ZLoginSearch = z.object({
  /** 'admin' when /admin sent a guest here (spec §2: go to /admin after an admin logs in). */
  from: z.catch(z.optional(z.literal('admin')), undefined),
  /** The page the account guard protected; checked again before it is followed. */
  redirect: z.catch(z.optional(z.string().check(z.maxLength(512))), undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: ZLoginSearch,
  loader: () => loadNamespaces('auth'),
  component: LoginPage,
});

function LoginPage() {
  const { t } = useTranslation('auth');
  usePageMeta({ title: t('login.metaTitle'), description: t('login.metaDescription') });
  return <LoginForm search={Route.useSearch()} />;
}
