// The account's monthly subscriptions (subscriptions.list): plan, price per month, status, the
// next renewal ('Renews on' / 'Cancels on' / 'Ended on'), a notice when a renewal failed, and the
// eSIM it renews. 'Cancel subscription' asks first, then cancels at the end of the paid month
// (subscriptions.cancel); 'Resume' undoes that before the month ends (subscriptions.resume).
// Renders nothing for a user without any.
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { formatMinor } from '../../lib/format.ts';
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { usePlanTexts } from '../catalog/use-plan-texts.ts';

type Subscription = RouterOutputs['subscriptions']['list'][number] & {
  /** When the next month is charged and its data added; null when none is due. */
  nextRenewalAt?: string | null;
  /** The last renewal's charge failed (it is retried). */
  renewalFailedAt?: string | null;
  /** The eSIM the renewals top up. */
  esimIccid?: string | null;
};

const STATUS_COLOR: Record<string, string> = { active: 'green', incomplete: 'yellow', past_due: 'red', canceled: 'gray' };
const STATUSES = ['incomplete', 'active', 'past_due', 'canceled'] as const;

function day(iso: string | null, locale: string): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(d);
}

export function SubscriptionsPanel() {
  const { t } = useTranslation('esim');
  const trpc = useTRPC();
  const subs = useQuery(trpc.subscriptions.list.queryOptions());
  const [confirming, setConfirming] = useState<Subscription | null>(null);
  if (subs.isPending) return null;
  if (subs.isError) {
    return (
      <Alert color="red" variant="light" title={t('subscriptions.loadFailed')}>
        <Button mt="xs" size="xs" variant="default" onClick={() => void subs.refetch()}>
          {t('subscriptions.retry')}
        </Button>
      </Alert>
    );
  }
  if (subs.data.length === 0) return null;
  return (
    <section aria-labelledby="subscriptions-heading" data-testid="subscriptions">
      <Title order={2} fz="xl" id="subscriptions-heading">
        {t('subscriptions.heading')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('subscriptions.intro')}
      </Text>
      <Stack gap="sm">
        {subs.data.map((s) => (
          <SubscriptionRow key={s.id} sub={s} onCancel={() => setConfirming(s)} />
        ))}
      </Stack>
      <CancelDialog sub={confirming} onClose={() => setConfirming(null)} />
    </section>
  );
}

function SubscriptionRow({ sub, onCancel }: { sub: Subscription; onCancel: () => void }) {
  const { t } = useTranslation('esim');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const resume = useMutation(
    trpc.subscriptions.resume.mutationOptions({
      onSuccess: (updated) => {
        void queryClient.invalidateQueries({ queryKey: trpc.subscriptions.list.queryKey() });
        const date = day((updated as Subscription).nextRenewalAt ?? updated.currentPeriodEnd, language);
        toast({ title: t('subscriptions.resumedTitle'), description: date ? t('subscriptions.resumedBody', { date }) : undefined });
      },
      onError: () => {
        toast({ title: t('subscriptions.resumeFailedTitle'), description: t('subscriptions.cancelFailedBody'), variant: 'destructive' });
      },
    }),
  );
  const end = day(sub.currentPeriodEnd, language);
  const renews = day(sub.nextRenewalAt ?? sub.currentPeriodEnd, language);
  const failed = sub.status !== 'canceled' ? day(sub.renewalFailedAt ?? null, language) : null;
  const ended = day(sub.endedAt, language);
  const status = STATUSES.find((x) => x === sub.status);
  const color = STATUS_COLOR[sub.status] ?? 'gray';
  const planName = usePlanTexts(sub.planFacts)?.name ?? sub.planName;
  const when =
    sub.status === 'canceled'
      ? ended && t('subscriptions.endedOn', { date: ended })
      : sub.cancelAtPeriodEnd
        ? end && t('subscriptions.cancelsOn', { date: end })
        : renews && t('subscriptions.renewsOn', { date: renews });
  return (
    <Card padding="md" component="article" aria-label={planName}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <IconRefresh size={22} aria-hidden color="var(--mantine-color-brand-7)" style={{ flexShrink: 0, marginTop: 2 }} />
          <div>
            <Text fw={700}>
              <bdi>{planName}</bdi>
            </Text>
            <Text size="sm">
              <bdi>{t('subscriptions.price', { amount: formatMinor(sub.amountMinor, sub.currency, language) })}</bdi>
            </Text>
            {when ? (
              <Text size="sm" c="dimmed" data-testid="subscription-when">
                {when}
              </Text>
            ) : null}
            {sub.esimIccid ? (
              <Text size="sm">
                <Link
                  to="/account/esim/$iccid"
                  params={{ iccid: sub.esimIccid }}
                  style={{ color: 'var(--mantine-color-brand-8)', fontWeight: 600 }}
                >
                  {t('subscriptions.viewEsim')}
                </Link>
              </Text>
            ) : null}
          </div>
        </Group>
        <Group gap="sm">
          <Badge color={color} variant="light" tt="none" styles={{ label: { color: `var(--mantine-color-${color}-9)` } }}>
            {status ? t(`subscriptions.statuses.${status}`) : sub.status}
          </Badge>
          {sub.status !== 'canceled' && !sub.cancelAtPeriodEnd ? (
            <Button size="xs" variant="default" onClick={onCancel} aria-label={t('subscriptions.cancelLabel', { plan: planName })}>
              {t('subscriptions.cancel')}
            </Button>
          ) : null}
          {sub.status !== 'canceled' && sub.cancelAtPeriodEnd ? (
            <Button
              size="xs"
              variant="default"
              loading={resume.isPending}
              disabled={resume.isPending}
              onClick={() => resume.mutate({ subscriptionId: sub.id })}
              aria-label={t('subscriptions.resumeLabel', { plan: planName })}
            >
              {t('subscriptions.resume')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {failed ? (
        <Alert mt="sm" color="red" variant="light" p="xs" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="renewal-failed">
          <Text size="sm">{t('subscriptions.renewalFailed', { date: failed })}</Text>
        </Alert>
      ) : null}
    </Card>
  );
}

function CancelDialog({ sub, onClose }: { sub: Subscription | null; onClose: () => void }) {
  const { t } = useTranslation('esim');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cancel = useMutation(
    trpc.subscriptions.cancel.mutationOptions({
      onSuccess: (updated) => {
        void queryClient.invalidateQueries({ queryKey: trpc.subscriptions.list.queryKey() });
        const date = day(updated.currentPeriodEnd, language);
        toast({
          title: t('subscriptions.canceledTitle'),
          description: date ? t('subscriptions.canceledBody', { date }) : t('subscriptions.canceledBodyNoDate'),
        });
        onClose();
      },
      onError: () => {
        toast({ title: t('subscriptions.cancelFailedTitle'), description: t('subscriptions.cancelFailedBody'), variant: 'destructive' });
      },
    }),
  );
  const date = sub ? day(sub.currentPeriodEnd, language) : null;
  const planName = usePlanTexts(sub?.planFacts)?.name ?? sub?.planName ?? '';
  return (
    <Modal
      opened={sub !== null}
      onClose={onClose}
      title={t('subscriptions.confirmTitle')}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('orderModal.close') }}
      styles={{ title: { fontWeight: 750 } }}
    >
      {sub ? (
        <Stack gap="md">
          <Text>
            {date ? t('subscriptions.confirmBody', { plan: planName, date }) : t('subscriptions.confirmBodyNoDate', { plan: planName })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('subscriptions.keep')}
            </Button>
            <Button color="red.9" loading={cancel.isPending} onClick={() => cancel.mutate({ subscriptionId: sub.id })}>
              {t('subscriptions.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
