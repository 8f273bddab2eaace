import { createFileRoute } from '@tanstack/react-router';
import { ICCID_PATTERN } from '@esim/api/domain';
import { EsimDetailScreen, EsimNotFound } from '../../../../features/esim/esim-detail.tsx';
import { loadNamespaces } from '../../../../lib/i18n.ts';
import { pageHead, tHead } from '../../../../lib/page-meta.ts';

/** /account/esim/{iccid}: one eSIM in full. A malformed ICCID is 'not found' without asking the API. */
export const Route = createFileRoute('/_account/account/esim/$iccid')({
  head: ({ match }) =>
    pageHead(match.pathname, {
      title: tHead('esim:life.meta.detailTitle'),
      description: tHead('esim:life.meta.detailDescription'),
      noindex: true,
    }),
  loader: async ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.trpc.catalog.regions.queryOptions());
    if (ICCID_PATTERN.test(params.iccid))
      void context.queryClient.prefetchQuery(context.trpc.esims.get.queryOptions({ iccid: params.iccid }));
    await loadNamespaces('esim', 'checkout', 'plans', 'destinations');
  },
  component: EsimDetailPage,
});

function EsimDetailPage() {
  const { iccid } = Route.useParams();
  return ICCID_PATTERN.test(iccid) ? <EsimDetailScreen key={iccid} iccid={iccid} /> : <EsimNotFound />;
}
