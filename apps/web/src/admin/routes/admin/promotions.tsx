// /admin/promotions: the owner's promo codes (issue 29): the list with each code's figures, a
// new code, edit, pause and resume. The catalogue role reads it; the server lets only the owner
// change codes (admin.promotions.*), and audits each change. Below: the referrals (issue 29).
import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PromoCodeModal, type AdminPromoCode } from '../../../features/admin/promotions/promo-code-form.tsx';
import { PromoCodesTable } from '../../../features/admin/promotions/promo-codes-table.tsx';
import { ReferralsSection } from '../../../features/admin/referrals/referrals-table.tsx';
import { AdminPage, ApiErrorAlert } from '../../../features/admin/ui/index.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { tHead } from '../../../lib/page-meta.ts';
import { useTRPC } from '../../../lib/trpc.ts';

export const Route = createFileRoute('/admin/promotions')({
  loader: async ({ context }) => {
    await loadNamespaces('admin', 'promotions', 'referrals', 'promo-limits');
    if (!context.isAdmin) return {};
    await context.queryClient.ensureQueryData(context.trpc.admin.promotions.list.queryOptions());
    return { adminTitle: tHead('promotions:admin.title') };
  },
  component: PromotionsPage,
});

function PromotionsPage() {
  const { t } = useTranslation('promotions');
  const trpc = useTRPC();
  const codes = useQuery(trpc.admin.promotions.list.queryOptions());
  const [editing, setEditing] = useState<AdminPromoCode | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <AdminPage
      title={t('admin.title')}
      description={t('admin.description')}
      actions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
          data-testid="promo-code-new"
        >
          {t('admin.new')}
        </Button>
      }
    >
      {codes.error ? <ApiErrorAlert error={codes.error} onRetry={() => void codes.refetch()} /> : null}
      {codes.data ? (
        <PromoCodesTable
          codes={codes.data}
          onEdit={(c) => {
            setEditing(c);
            setOpen(true);
          }}
        />
      ) : null}
      <PromoCodeModal code={editing} opened={open} onClose={() => setOpen(false)} />
      {/* Issue 29: the referrals, with the reason where no reward was given (the owner's). */}
      <ReferralsSection />
    </AdminPage>
  );
}
