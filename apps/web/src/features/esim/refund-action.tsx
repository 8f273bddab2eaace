// 'Refund' for one order (the eSIM's own, or a top-up still queued): while the refund is possible
// (refund.eligible) a button that asks first — the question shows what comes back (orders.
// refundQuote), what is kept for points this order earned that were already used, the points taken
// off the balance and the achievements the refund would revoke with their points — then calls
// orders.refund once with the deduction shown (a larger one is refused: the quote is read again).
// The button is disabled while the call runs, so a second click sends nothing. Otherwise the
// reason it is no longer possible and a link to support. Afterwards a message says what came back.
import { Suspense, useState } from 'react';
import { Alert, Anchor, Button, Group, List, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconReceiptRefund } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { isolated } from '../../components/bidi.tsx';
import { formatMinor } from '../../lib/format.ts';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import { formatPoints } from '../rewards/rewards-model.ts';
import { Points, useRewardsText } from '../rewards/rewards-text.tsx';
import { formatDay } from './esim-format.ts';
import type { Refund } from './esim-types.ts';

type RefundResult = RouterOutputs['orders']['refund'];
type RefundQuote = RouterOutputs['orders']['refundQuote'];

export interface RefundActionProps {
  orderId: string;
  refund: Refund;
  /** What is refunded, for the button's name and the question ('Japan 1 GB – 7 days', 'top-up 1 GB'). */
  subject: string;
  /** The eSIM's own refund (the whole eSIM is canceled) or a queued top-up's. */
  kind: 'esim' | 'topup';
}

/** The achievements the refund would revoke, each with the points it takes back, named in the UI language. */
function EndedAchievements({ achievements }: { achievements: RefundQuote['achievementsEnded'] }) {
  const { t } = useTranslation('esim');
  const x = useRewardsText();
  return (
    <Stack gap={2} data-testid="refund-achievements">
      <Text size="sm">{t('life.refund.quoteAchievements')}</Text>
      <List size="sm" spacing={2}>
        {achievements.map((a) => (
          <List.Item key={a.key}>
            <bdi>{x.achievementName(a)}</bdi> (<Points value={-a.points} />)
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * The eSIM's top-ups a full refund takes with it, each with what comes back in its own currency
 * (a top-up bought in another currency is not in the total above, which is one sum of money).
 */
export function RefundTopUps({ topUps }: { topUps: RefundQuote['topUps'] }) {
  const { t } = useTranslation('esim');
  const { language } = useLanguage();
  if (topUps.length === 0) return null;
  return (
    <Stack gap={2} data-testid="refund-top-ups">
      <Text size="sm">{t('life.refund.quoteTopUps')}</Text>
      <List size="sm" spacing={2}>
        {topUps.map((u) => (
          <List.Item key={u.orderId}>
            {isolated({ order: u.orderId, amount: formatMinor(u.refundMinor, u.currency, language) }, (v) =>
              t('life.refund.quoteTopUpItem', v),
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function RefundAction({ orderId, refund, subject, kind }: RefundActionProps) {
  const { t } = useTranslation('esim');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<RefundResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const quote = useQuery({ ...trpc.orders.refundQuote.queryOptions({ orderId }), enabled: asking, staleTime: 0 });
  const mutation = useMutation(
    trpc.orders.refund.mutationOptions({
      onSuccess: (result) => {
        setDone(result);
        setAsking(false);
        toast({ title: t('life.refund.doneTitle'), description: t('life.refund.doneToast') });
        void queryClient.invalidateQueries({ queryKey: trpc.esims.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.orders.list.queryKey() });
      },
      onError: (err) => {
        const e = callError(err);
        if (e.code === 'CONFLICT' && e.details.reason === 'quote_changed') {
          // What is kept for spent points grew meanwhile: read it again, and ask again.
          setError(t('life.refund.quoteChanged'));
          void quote.refetch();
          return;
        }
        // Refused (installed or activated meanwhile): the eSIM, fetched again, shows why.
        setError(e.code === 'CONFLICT' ? t('life.refund.refused') : t('life.refund.failed'));
        setAsking(false);
        void queryClient.invalidateQueries({ queryKey: trpc.esims.pathKey() });
      },
    }),
  );

  if (done) {
    const money = done.amountRefundedMinor > 0 ? formatMinor(done.amountRefundedMinor, done.currency, language) : null;
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconReceiptRefund size={18} aria-hidden />}
        title={t('life.refund.doneTitle')}
        role="status"
      >
        <Stack gap={4}>
          {money ? <Text size="sm">{isolated({ amount: money }, (v) => t('life.refund.doneMoney', v))}</Text> : null}
          {done.cashDeductedMinor > 0 ? (
            <Text size="sm">
              {isolated({ kept: formatMinor(done.cashDeductedMinor, done.currency, language) }, (v) => t('life.refund.doneKept', v))}
            </Text>
          ) : null}
          {done.pointsReturned > 0 ? <Text size="sm">{t('life.refund.donePoints', { count: done.pointsReturned })}</Text> : null}
          <Text size="sm">{kind === 'esim' ? t('life.refund.doneEsim') : t('life.refund.doneTopUp')}</Text>
        </Stack>
      </Alert>
    );
  }

  const errorAlert = error ? (
    <Alert color="red" variant="light" role="alert" p="xs">
      <Text size="sm">{error}</Text>
    </Alert>
  ) : null;

  if (!refund.eligible) {
    return (
      <Stack gap={6}>
        {errorAlert}
        <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="refund-unavailable">
          <IconInfoCircle size={18} aria-hidden color="var(--mantine-color-gray-7)" style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            {t(`life.refund.reasons.${refund.reason}`)}{' '}
            <Anchor component={Link} to="/support" size="sm" fw={600}>
              {t('life.refund.contactSupport')}
            </Anchor>
          </Text>
        </Group>
      </Stack>
    );
  }

  const until = formatDay(refund.until, language, 'long');
  const pending = mutation.isPending;
  const ask = () => {
    setError(null);
    setAsking(true);
  };
  const q = quote.data;
  const confirm = () => {
    if (mutation.isPending || !q || q.blocked) return;
    setError(null);
    mutation.mutate({ orderId, expectedCashDeductedMinor: q.cashDeductedMinor });
  };
  return (
    <Stack gap={6} data-testid={`refund-${orderId}`}>
      <Group gap="sm" wrap="wrap" align="center">
        <Button
          variant="default"
          color="red.9"
          leftSection={<IconReceiptRefund size={16} aria-hidden />}
          onClick={ask}
          loading={pending}
          disabled={pending}
          aria-label={`${t('life.refund.button')} – ${subject}`}
        >
          {t('life.refund.button')}
        </Button>
        {until ? (
          <Text size="sm" c="dimmed">
            {kind === 'esim' ? t('life.refund.until', { date: until }) : t('life.refund.untilTopUp', { date: until })}
          </Text>
        ) : null}
      </Group>
      {errorAlert}
      <Modal
        opened={asking}
        onClose={() => (pending ? undefined : setAsking(false))}
        title={kind === 'esim' ? t('life.refund.confirmTitle') : t('life.refund.confirmTopUpTitle')}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': t('orderModal.close') }}
        styles={{ title: { fontWeight: 750 } }}
      >
        <Stack gap="md">
          <Text>
            {isolated({ plan: subject }, (v) => (kind === 'esim' ? t('life.refund.confirmBody', v) : t('life.refund.confirmTopUpBody', v)))}
          </Text>
          <Stack gap={4} data-testid="refund-quote" aria-live="polite">
            {!q ? (
              <Text size="sm" c="dimmed">
                {quote.isError ? t('life.refund.failed') : t('life.refund.quoteLoading')}
              </Text>
            ) : q.blocked ? (
              <Text size="sm" c="red.9">
                {t('life.refund.quoteBlocked')}
              </Text>
            ) : (
              <>
                <Text size="sm" fw={600}>
                  {isolated({ amount: formatMinor(q.refundMinor, q.currency, language) }, (v) => t('life.refund.quoteRefund', v))}
                </Text>
                {q.cashDeductedMinor > 0 ? (
                  <Text size="sm">
                    {isolated({ kept: formatMinor(q.cashDeductedMinor, q.currency, language), points: String(q.pointsInCash) }, (v) =>
                      t('life.refund.quoteKept', v),
                    )}
                  </Text>
                ) : null}
                {q.pointsTaken > 0 ? (
                  <Text size="sm" data-testid="refund-points-taken">
                    {isolated({ points: formatPoints(q.pointsTaken, language) }, (v) => t('life.refund.quotePointsTaken', v))}
                  </Text>
                ) : null}
                <RefundTopUps topUps={q.topUps} />
                {q.achievementsEnded.length > 0 ? (
                  // Their names are the rewards texts: loaded when a refund would end one.
                  <Suspense fallback={<Skeleton height={16} width="60%" />}>
                    <EndedAchievements achievements={q.achievementsEnded} />
                  </Suspense>
                ) : null}
              </>
            )}
          </Stack>
          {asking ? errorAlert : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)} disabled={pending} data-autofocus>
              {t('life.refund.keep')}
            </Button>
            <Button color="red.9" onClick={confirm} loading={pending} disabled={pending || !q || q.blocked}>
              {t('life.refund.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
