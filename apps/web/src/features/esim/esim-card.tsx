// One eSIM on /account/esim: destination (flag and name), plan, status in a traveller's words,
// the usage bar, the days left, and a link to its own page (/account/esim/{iccid}) with the
// install details, the usage per day, top-ups and refunds.
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { BuyAgain, DaysLeft, EsimDestination, TravellerStatusBadge, UsageBar, useEsimDestination } from './esim-life.tsx';
import { formatDay } from './esim-format.ts';
import type { EsimSummary } from './esim-types.ts';
import classes from './esim.module.css';

export function EsimCard({ esim }: { esim: EsimSummary }) {
  const { t } = useTranslation('esim');
  const { language } = useLanguage();
  const destination = useEsimDestination(esim.planFacts, esim.planName);
  const headingId = `esim-${esim.id}`;
  return (
    <Card padding="lg" component="article" aria-labelledby={headingId} h="100%" data-iccid={esim.iccid}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <EsimDestination esim={esim} order={3} id={headingId} />
          <TravellerStatusBadge status={esim.status} />
        </Group>
        <UsageBar usage={esim.usage} status={esim.status} />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <DaysLeft esim={esim} />
          <Text size="sm" c="dimmed">
            {t('card.purchased', { date: formatDay(esim.createdAt, language) ?? '' })}
          </Text>
        </Group>
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            {t('install.iccid')}
          </Text>
          <Text size="sm" ff="monospace" dir="ltr" className={classes.iccid} data-testid="esim-iccid">
            {esim.iccid}
          </Text>
        </div>
        <Stack mt="auto" gap="xs">
          <BuyAgain esim={esim} fullWidth />
          <Button
            variant="light"
            rightSection={<IconChevronRight size={16} aria-hidden className={classes.flip} />}
            aria-label={`${t('life.card.open')} – ${destination.name}`}
            renderRoot={(props) => <Link to="/account/esim/$iccid" params={{ iccid: esim.iccid }} {...props} />}
          >
            {t('life.card.open')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
