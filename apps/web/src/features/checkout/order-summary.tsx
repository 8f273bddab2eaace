// The checkout's order summary: plan, data, validity, total in the chosen currency.
// A subscription shows the monthly price (85%), '/ month', 'Auto-renews monthly' and that it can
// be cancelled anytime. With rewards points applied: the plan's price, the points line and what
// the card pays (the figure on the Pay button).
import { useMemo, type ReactNode } from 'react';
import { Badge, DataList, Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAntenna, IconBolt, IconCalendarTime, IconDeviceMobile, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { providedFeatures } from '@esim/i18n';
import type { Plan } from '../catalog/types.ts';
import { useCatalogPlanTexts } from '../catalog/use-plan-texts.ts';
import { planFacts } from './plan-facts.ts';
import type { CheckoutKind } from './use-checkout-intent.ts';
import classes from './checkout.module.css';

export interface OrderSummaryProps {
  plan: Plan;
  kind: CheckoutKind;
  /** Formatted total in the chosen currency. */
  amount: string;
  currency: string;
  /** A top-up of an eSIM the traveller has: the data goes onto it, no QR code to deliver. */
  topUp?: boolean;
  /** Rewards points applied to the order: what they take off and what the card still pays (formatted). */
  points?: SummaryPoints | null;
  /** Issue 29: the promo code applied: its line (before points) and, without points, what the card pays. */
  promo?: SummaryPromo | null;
}

export interface SummaryPromo {
  code: string;
  /** Issue 29: the line's own words instead of 'Promo code CODE' (a referral's discount). */
  label?: string | undefined;
  /** What the code takes off ('$1.99'). */
  discount: string;
  /** What is left after it ('$18.00'). */
  toPay: string;
}

export interface SummaryPoints {
  /** '450 points' in the page's language. */
  points: string;
  /** What the points take off ('$4.47'). */
  discount: string;
  /** What the card pays ('$2.03'; '$0.00' when points pay everything): the Pay button's figure. */
  toPay: string;
}

function Perk({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <ThemeIcon size={22} radius="xl" variant="light" color="brand" style={{ flexShrink: 0 }}>
        {icon}
      </ThemeIcon>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

export function OrderSummary({ plan, kind, amount, currency, topUp = false, points = null, promo = null }: OrderSummaryProps) {
  const { t } = useTranslation('checkout');
  const { t: tPromo } = useTranslation('promotions', { useSuspense: false });
  // A top-up is queued on the eSIM: when the plan's validity starts, and that it can be topped up,
  // are not what this purchase does (it starts when the current package is used up or ends), so
  // neither its description nor its feature lines say them.
  const shown = useMemo(
    () => (topUp && plan.facts ? { ...plan, facts: { ...plan.facts, validityStarts: undefined, topUps: undefined } } : plan),
    [plan, topUp],
  );
  const texts = useCatalogPlanTexts(shown);
  // Composed texts when the plan's region is known; else what the plan stores.
  const stored = planFacts(plan);
  const data = texts.composed ? texts.data : stored.data;
  const validity = texts.composed ? texts.validity : stored.validityDays ? t('summary.validity', { count: stored.validityDays }) : null;
  const subscription = kind === 'subscription';
  // What the plan's provider said (networks, hotspot, daily cap, top-ups, validity start, IP country),
  // each only when it said it: no fixed '4G/5G' or 'validity starts on arrival' claim.
  const { t: tp, i18n, ready } = useTranslation('plans', { useSuspense: false });
  const untyped = tp as unknown as (key: string, opts?: Record<string, unknown>) => string;
  const said = ready ? providedFeatures((key, opts) => untyped(key, opts), shown.facts, i18n.language) : [];
  return (
    <Paper
      component="section"
      aria-labelledby="order-summary-heading"
      withBorder
      radius="lg"
      shadow="sm"
      p={{ base: 'md', sm: 'xl' }}
      className={`${classes.summary} ${classes.sticky}`}
      data-testid="checkout-plan"
    >
      <Title order={2} fz="sm" tt="uppercase" c="dimmed" fw={700} id="order-summary-heading" style={{ letterSpacing: '0.04em' }}>
        {t('summary.heading')}
      </Title>
      <Group gap="md" mt="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light" className={classes.planIcon}>
          <IconDeviceMobile size={26} aria-hidden />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Title order={3} fz="lg" data-testid="checkout-plan-name">
            {texts.name}
          </Title>
          {texts.description ? (
            <Text size="sm" c="dimmed" mt={2}>
              {texts.description}
            </Text>
          ) : null}
        </div>
      </Group>

      {subscription ? (
        <Group gap={6} mt="md">
          <Badge color="sunset.8" variant="filled">
            {t('summary.save')}
          </Badge>
          <Badge color="brand" variant="light">
            {t('summary.autoRenews')}
          </Badge>
        </Group>
      ) : null}

      <DataList mt="md" size="sm" withDivider labelWidth="40%">
        {data ? (
          <DataList.Item>
            <DataList.ItemLabel>{t('summary.dataLabel')}</DataList.ItemLabel>
            <DataList.ItemValue fw={600}>{data}</DataList.ItemValue>
          </DataList.Item>
        ) : null}
        {validity ? (
          <DataList.Item>
            <DataList.ItemLabel>{t('summary.validityLabel')}</DataList.ItemLabel>
            <DataList.ItemValue fw={600}>{validity}</DataList.ItemValue>
          </DataList.Item>
        ) : null}
        {subscription ? (
          <DataList.Item>
            <DataList.ItemLabel>{t('summary.billingLabel')}</DataList.ItemLabel>
            <DataList.ItemValue fw={600}>{t('summary.monthly')}</DataList.ItemValue>
          </DataList.Item>
        ) : null}
      </DataList>

      <Stack gap={8} mt="md">
        <Perk icon={<IconBolt size={14} aria-hidden />}>{topUp ? t('topUp.summaryDelivery') : t('summary.instantDelivery')}</Perk>
        {topUp ? <Perk icon={<IconCalendarTime size={14} aria-hidden />}>{t('topUp.summaryStarts')}</Perk> : null}
        {said.map((line) => (
          <Perk
            key={line}
            icon={
              line.includes('5G') || line.includes('4G') ? <IconAntenna size={14} aria-hidden /> : <IconInfoCircle size={14} aria-hidden />
            }
          >
            {line}
          </Perk>
        ))}
        {subscription ? <Perk icon={<IconCalendarTime size={14} aria-hidden />}>{t('summary.cancelAnytime')}</Perk> : null}
      </Stack>

      <Divider my="md" />
      {points || promo ? (
        <Stack gap={6} mb="sm" data-testid="checkout-points-lines">
          <Group justify="space-between" align="baseline" wrap="nowrap">
            <Text size="sm">{t('summary.subtotal')}</Text>
            <Text size="sm" data-testid="checkout-subtotal">
              <bdi>{amount}</bdi>
            </Text>
          </Group>
          {promo ? (
            <Group justify="space-between" align="baseline" wrap="nowrap" data-testid="checkout-promo-line">
              <Text size="sm" c="green.9">
                {promo.label ?? tPromo('summary.line', { code: promo.code })}
              </Text>
              <Text size="sm" c="green.9" fw={600} data-testid="checkout-promo-discount">
                <bdi dir="ltr">−{promo.discount}</bdi>
              </Text>
            </Group>
          ) : null}
          {points ? (
            <Group justify="space-between" align="baseline" wrap="nowrap">
              <Text size="sm" c="green.9">
                {t('summary.pointsLine', { points: points.points })}
              </Text>
              <Text size="sm" c="green.9" fw={600} data-testid="checkout-points-discount">
                <bdi dir="ltr">−{points.discount}</bdi>
              </Text>
            </Group>
          ) : null}
        </Stack>
      ) : null}
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text fw={700}>{points ? t('summary.toPayByCard') : subscription ? t('summary.totalToday') : t('summary.total')}</Text>
        <Text className={classes.total} data-testid="checkout-total">
          <bdi>{points ? points.toPay : promo ? promo.toPay : amount}</bdi>
          {subscription ? (
            <Text span fz="md" fw={500} c="dimmed">
              {' '}
              {t('summary.perMonth')}
            </Text>
          ) : null}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        {t('summary.currencyNote', { currency })}
      </Text>
    </Paper>
  );
}
