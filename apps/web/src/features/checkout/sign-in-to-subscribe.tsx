// /subscribe for a guest: a subscription renews monthly and is managed (and cancelled) from the
// account, so it needs one. Sign in (or register) and come straight back; or buy once instead.
import { Anchor, Button, Container, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { subscriptionMinor } from '@esim/api/domain';
import type { Plan } from '../catalog/types.ts';
import { useCurrency } from '../../lib/preferences/currency-provider.tsx';
import { OrderSummary } from './order-summary.tsx';
import classes from './checkout.module.css';

export function SignInToSubscribe({ plan, returnTo }: { plan: Plan; returnTo: string }) {
  const { t } = useTranslation('checkout');
  const { currency, formatPrice } = useCurrency();
  return (
    <div className={classes.page}>
      <Container size="lg" py={{ base: 'lg', sm: 48 }}>
        <Title order={1} fz={{ base: 28, sm: 38 }}>
          {t('page.subscribeTitle')}
        </Title>
        <Text c="dimmed" mt={6} maw={640}>
          {t('page.subscribeSubtitle')}
        </Text>
        <Grid gap={{ base: 'lg', md: 'xl' }} mt={{ base: 'lg', sm: 'xl' }} align="flex-start">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OrderSummary plan={plan} kind="subscription" amount={formatPrice(subscriptionMinor(plan.priceMinor))} currency={currency} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper
              withBorder
              radius="lg"
              shadow="sm"
              p={{ base: 'md', sm: 'xl' }}
              bg="white"
              component="section"
              aria-labelledby="subscribe-sign-in"
            >
              <Stack gap="md">
                <ThemeIcon size={52} radius="xl" variant="light">
                  <IconUserCircle size={30} aria-hidden />
                </ThemeIcon>
                <Title order={2} fz="xl" id="subscribe-sign-in">
                  {t('subscribe.signInTitle')}
                </Title>
                <Text>{t('subscribe.signInBody')}</Text>
                <Group gap="sm">
                  <Button size="md" renderRoot={(props) => <Link to="/login" search={{ redirect: returnTo }} {...props} />}>
                    {t('subscribe.signIn')}
                  </Button>
                  <Button size="md" variant="default" renderRoot={(props) => <Link to="/register" {...props} />}>
                    {t('subscribe.register')}
                  </Button>
                </Group>
                <Anchor
                  size="sm"
                  fw={600}
                  renderRoot={(props) => <Link to="/checkout/$planId" params={{ planId: String(plan.id) }} {...props} />}
                >
                  {t('subscribe.oneTimeInstead')}
                </Anchor>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </div>
  );
}
