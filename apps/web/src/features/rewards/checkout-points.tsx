// Rewards at checkout and on the order-success page. A signed-in traveller whose points can pay
// part of a one-time order (the card keeps at least the minimum charge) or all of it sees 'Use my
// points' with the points and the discount in the chosen currency, worked out with the server's
// own rule (redeemPoints in @esim/api/domain; the server decides again when the order is made).
// The order-success page says what points paid and 'You earned N points'.
// Texts live in the rewards namespace; these parts wait for it in their own Suspense boundary.
import { Suspense, useEffect } from 'react';
import { Anchor, Checkbox, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconGift, IconStar } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FALLBACK_CURRENCIES, convertPrice, redeemPoints, type Redemption } from '@esim/api/domain';
import { formatMinor } from '../../lib/format.ts';
import { useCurrency } from '../../lib/preferences/currency-provider.tsx';
import { CACHE } from '../../lib/query-client.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { rewardsQueries, useRewards } from './rewards-api.ts';
import { formatPoints } from './rewards-model.ts';

export interface RedemptionPreview {
  /** Points available now. */
  available: number;
  /** What they would pay of this order; null when they pay nothing (or are not known). */
  redemption: Redemption | null;
  /** The order total in the chosen currency's minor units. */
  totalMinor: number;
  currency: string;
  /** What the card pays after the points, formatted ('$2.50'); null when nothing would be taken off. */
  remaining: string | null;
}

/** What the traveller's points would pay of an order priced `usdMinor`; only asks when `enabled`. */
export function useRedemptionPreview({ usdMinor, enabled }: { usdMinor: number; enabled: boolean }): RedemptionPreview {
  const trpc = useTRPC();
  const rewards = useRewards();
  const { currency } = useCurrency();
  const { i18n } = useTranslation();
  const profile = useQuery({ ...rewardsQueries(rewards).profile, enabled });
  const rates = useQuery({ ...trpc.catalog.exchangeRates.queryOptions(), staleTime: CACHE.ratesStaleMs, enabled });
  const rateMicros = rates.data?.rateMicros[currency] ?? FALLBACK_CURRENCIES.find((c) => c.code === currency)?.rateMicros ?? 1_000_000;
  const totalMinor = convertPrice(usdMinor, rateMicros, currency);
  const available = enabled ? (profile.data?.currentPoints ?? 0) : 0;
  const r = redeemPoints({ available, usdMinor, totalMinor, rateMicros, currency });
  const redemption = r.pointsUsed > 0 ? r : null;
  const remaining = redemption ? formatMinor(totalMinor - redemption.discountMinor, currency, i18n.language || 'en') : null;
  return { available, redemption, totalMinor, currency, remaining };
}

export interface UsePointsOptionProps {
  preview: RedemptionPreview;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** 'Use my points': nothing when the points pay nothing of this order. */
export function UsePointsOption(props: UsePointsOptionProps) {
  if (!props.preview.redemption) return null;
  return (
    <Suspense fallback={null}>
      <UsePointsBox {...props} />
    </Suspense>
  );
}

function UsePointsBox({ preview, checked, onChange, disabled }: UsePointsOptionProps) {
  const { t, i18n } = useTranslation('rewards');
  const language = i18n.language || 'en';
  const r = preview.redemption!;
  const points = formatPoints(r.pointsUsed, language);
  const money = (minor: number) => formatMinor(minor, preview.currency, language);
  return (
    <Paper withBorder radius="md" p="md" bg="green.0" data-testid="use-points">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={32} radius="xl" color="green.9" aria-hidden="true">
          <IconStar size={18} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Checkbox
            checked={checked}
            onChange={(e) => onChange(e.currentTarget.checked)}
            disabled={disabled}
            label={<Text fw={700}>{t('checkout.usePoints')}</Text>}
            description={
              r.paidWithPoints
                ? t('checkout.coversAll', { points, amount: money(preview.totalMinor) })
                : t('checkout.partial', { points, discount: money(r.discountMinor) })
            }
          />
          <Text size="xs" c="dimmed" mt={6} ms={32}>
            {t('checkout.available', { points: formatPoints(preview.available, language) })}
            {checked && !r.paidWithPoints ? ` ${t('checkout.remaining', { amount: money(preview.totalMinor - r.discountMinor) })}` : ''}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/** When points pay the whole order: the Pay button's label, and what to say if they no longer do. */
export function usePointsOnlyTexts(preview: RedemptionPreview): { label: string; changedMessage: string } | null {
  const { t, i18n } = useTranslation('rewards', { useSuspense: false });
  if (!preview.redemption?.paidWithPoints || !i18n.hasLoadedNamespace('rewards')) return null;
  return {
    label: t('checkout.payWithPoints', { points: formatPoints(preview.redemption.pointsUsed, i18n.language || 'en') }),
    changedMessage: t('checkout.pointsChanged'),
  };
}

export interface OrderPointsFacts {
  pointsUsed: number;
  pointsDiscountMinor: number;
  pointsEarned: number;
  currency: string;
  paymentMethod: string;
}

/** On the order-success page: what points paid, and 'You earned N points'. */
export function OrderRewardsNote({ order }: { order: OrderPointsFacts }) {
  if (!(order.pointsUsed > 0) && !(order.pointsEarned > 0)) return null;
  return (
    <Suspense fallback={null}>
      <OrderRewardsBox order={order} />
    </Suspense>
  );
}

function OrderRewardsBox({ order }: { order: OrderPointsFacts }) {
  const { t, i18n } = useTranslation('rewards');
  const language = i18n.language || 'en';
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The balance and history changed with this order: the rewards page reads them afresh.
  useEffect(() => {
    void queryClient.invalidateQueries(trpc.rewards.pathFilter());
  }, [queryClient, trpc, order.pointsUsed, order.pointsEarned]);
  return (
    <Paper withBorder radius="md" p="md" mt="md" bg="green.0" data-testid="order-rewards">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={32} radius="xl" color="green.9" aria-hidden="true">
          <IconGift size={18} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          {order.pointsUsed > 0 ? (
            <Text size="sm" data-testid="order-points-used">
              {order.paymentMethod === 'Points'
                ? t('checkout.paidAllWithPoints', { points: formatPoints(order.pointsUsed, language) })
                : t('checkout.paidWithPoints', {
                    points: formatPoints(order.pointsUsed, language),
                    discount: formatMinor(order.pointsDiscountMinor, order.currency, language),
                  })}
            </Text>
          ) : null}
          {order.pointsEarned > 0 ? (
            <Text fw={700} data-testid="order-points-earned">
              {t('checkout.earned', { count: order.pointsEarned })}
            </Text>
          ) : null}
          <Anchor component={Link} to="/rewards" size="sm" fw={600}>
            {t('checkout.viewRewards')}
          </Anchor>
        </div>
      </Group>
    </Paper>
  );
}

/** 'Points' as the payment method of an order points paid in full. */
export function PointsPaymentMethod() {
  return (
    <Suspense fallback={null}>
      <PointsMethodText />
    </Suspense>
  );
}

function PointsMethodText() {
  const { t } = useTranslation('rewards');
  return <>{t('checkout.methodPoints')}</>;
}
