// Placeholder for the checkout pages until card payment ships: shows the chosen plan and says
// payment comes in a later release. CHECKOUT: replace with the real payment form.
import { Alert, Badge, Button, Card, Container, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { subscriptionMinor } from '@esim/api/domain';
import { Money } from '../../components/money.tsx';
import type { Plan, PurchaseMode } from '../../features/catalog/types.ts';

export function PaymentComingSoon({ plan, mode }: { plan: Plan; mode: PurchaseMode }) {
  const { t } = useTranslation('checkout');
  const subscription = mode === 'subscription';
  const priceMinor = subscription ? subscriptionMinor(plan.priceMinor) : plan.priceMinor;
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Stack gap="lg">
        <Title order={1}>{subscription ? t('placeholder.subscribeTitle') : t('placeholder.title')}</Title>
        <Alert color="brand" variant="light" icon={<IconInfoCircle aria-hidden />} title={t('placeholder.comingSoon')}>
          {t('placeholder.comingSoonDetail')}
        </Alert>
        <Card padding="xl" component="section" aria-labelledby="checkout-plan-title" data-testid="checkout-plan">
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            {t('placeholder.yourPlan')}
          </Text>
          <Title order={2} id="checkout-plan-title" fz="xl" mt={6}>
            {plan.name}
          </Title>
          {plan.description ? (
            <Text c="dimmed" size="sm" mt={6}>
              {plan.description}
            </Text>
          ) : null}
          <Group gap="xs" mt="md">
            <Badge variant="light">{t('placeholder.data', { amount: plan.dataAmount })}</Badge>
            <Badge variant="light" color="gray">
              {t('placeholder.validity', { count: plan.validityDays })}
            </Badge>
          </Group>
          <Divider my="lg" />
          <Group justify="space-between">
            <Text fw={600}>{t('placeholder.total')}</Text>
            <Text fw={800} fz="xl">
              <Money usdMinor={priceMinor} />
              {subscription ? (
                <Text span c="dimmed" fw={500} fz="md">
                  {' '}
                  {t('placeholder.perMonth')}
                </Text>
              ) : null}
            </Text>
          </Group>
        </Card>
        <Group>
          <Button variant="default" renderRoot={(props) => <Link to="/plans" {...props} />}>
            {t('placeholder.backToPlans')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
