// One plan (spec §2 landing point 7). Subscription cards show 85% of the price per month.
import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconHeadset, IconRefresh, IconStarFilled } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { subscriptionMinor } from '@esim/api/domain';
import { Money } from '../../components/money.tsx';
import { storeSelectedPlan } from './selected-plan.ts';
import type { Plan, PurchaseMode, Region } from './types.ts';
import { useCatalogPlanTexts } from './use-plan-texts.ts';
import classes from './plan-card.module.css';

export interface PlanCardProps {
  plan: Plan;
  mode: PurchaseMode;
  /** The plan's region, when the caller has it; else it is found in the regions query. */
  region?: Region | undefined;
}

export function PlanCard({ plan, mode, region }: PlanCardProps) {
  const { t } = useTranslation('landing');
  const texts = useCatalogPlanTexts(plan, region);
  const navigate = useNavigate();
  const subscription = mode === 'subscription';
  const priceMinor = subscription ? subscriptionMinor(plan.priceMinor) : plan.priceMinor;
  const titleId = `plan-${plan.id}-${mode}-title`;

  const select = () => {
    storeSelectedPlan(plan);
    void navigate({ to: subscription ? '/subscribe' : '/checkout' });
  };

  return (
    <Card className={classes.card} data-popular={plan.isPopular || undefined} padding="lg" component="article" aria-labelledby={titleId}>
      {plan.isPopular ? (
        <Card.Section className={classes.ribbon}>
          <IconStarFilled size={12} aria-hidden />
          {t('plan.mostPopular')}
        </Card.Section>
      ) : null}
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} id={titleId} className={classes.name}>
            {texts.name}
          </Title>
          <Badge variant="light" color={subscription ? 'sunset' : 'brand'} size="md" className={classes.validity}>
            {subscription ? t('plan.monthly') : t('plan.day', { count: plan.validityDays })}
          </Badge>
        </Group>
        {texts.description ? (
          <Text size="sm" c="dimmed" className={classes.description}>
            {texts.description}
          </Text>
        ) : null}

        <div>
          <Group gap={6} align="baseline" wrap="wrap">
            <Money usdMinor={priceMinor} className={classes.price} />
            {subscription ? (
              <Text span c="dimmed" fw={500}>
                {t('plan.perMonth')}
              </Text>
            ) : null}
            {subscription ? (
              <Badge color="green.9" variant="filled" size="sm" className={classes.save}>
                {t('plan.save')}
              </Badge>
            ) : null}
          </Group>
          <Text fw={700} mt={4} className={classes.data}>
            {!texts.composed
              ? t('plan.data', { amount: texts.data })
              : plan.dataMb === null
                ? t('dataLine.unlimited', { ns: 'plans' })
                : t('dataLine.limited', { ns: 'plans', data: texts.data })}
          </Text>
        </div>

        <List
          spacing={6}
          size="sm"
          aria-label={t('plan.features')}
          icon={
            <ThemeIcon size={18} radius="xl" color="brand" variant="light">
              <IconCheck size={12} aria-hidden />
            </ThemeIcon>
          }
          className={classes.features}
        >
          {texts.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
          {subscription ? (
            <>
              <List.Item
                icon={
                  <ThemeIcon size={18} radius="xl" color="sunset" variant="light">
                    <IconRefresh size={12} aria-hidden />
                  </ThemeIcon>
                }
              >
                {t('plan.autoRenews')}
              </List.Item>
              <List.Item
                icon={
                  <ThemeIcon size={18} radius="xl" color="sunset" variant="light">
                    <IconHeadset size={12} aria-hidden />
                  </ThemeIcon>
                }
              >
                {t('plan.prioritySupport')}
              </List.Item>
            </>
          ) : null}
        </List>

        <Group gap="sm" mt="auto" className={classes.actions}>
          <Button variant="default" onClick={select} aria-label={`${t('plan.select')} – ${texts.name}`}>
            {t('plan.select')}
          </Button>
          {/* On the subscription tab both buttons lead to the subscription's checkout for this plan
              (its monthly price), never to a one-time checkout at the full price. */}
          <Button
            aria-label={`${t('plan.buyNow')} – ${texts.name}`}
            renderRoot={(props) =>
              subscription ? (
                <Link to="/subscribe" {...props} onClick={() => storeSelectedPlan(plan)} />
              ) : (
                <Link to="/checkout/$planId" params={{ planId: String(plan.id) }} {...props} />
              )
            }
          >
            {t('plan.buyNow')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
