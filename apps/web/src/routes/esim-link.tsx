import { createFileRoute } from '@tanstack/react-router';
import { EsimLinkPage } from '../features/esim/esim-link-page.tsx';
import { pageHead, tHead } from '../lib/page-meta.ts';

/**
 * /esim-link?token=…: the 'Manage your eSIM' link of the order e-mails (issue 26), no account
 * needed; /esim-link?gift=…: a gift's claim link (issue 29). No account
 * needed. Kept to the least in the shop's initial chunk (its budget): no loader — the page loads
 * its texts itself (EsimLinkPage), and the head has no description of its own (noindex anyway).
 */
export const Route = createFileRoute('/esim-link')({
  head: ({ match }) => pageHead(match.pathname, { title: tHead('esim:link.meta.title'), noindex: true }),
  // ?gift=…: a gift e-mail's claim link (issue 29), claimed on this same guest page.
  validateSearch: (search: Record<string, unknown>): { token?: string; gift?: string } => ({
    ...(typeof search.token === 'string' && search.token ? { token: search.token } : {}),
    ...(typeof search.gift === 'string' && search.gift ? { gift: search.gift } : {}),
  }),
  component: EsimLinkRoute,
});

function EsimLinkRoute() {
  const { token, gift } = Route.useSearch();
  return <EsimLinkPage key={`${token ?? ''}|${gift ?? ''}`} token={token} gift={gift} />;
}
