// The Travel Check-ins tab (spec §2): every check-in in a grid (flag or a placeholder, '+N pts',
// region name or 'Unknown Location', date, location name when given), a 'Check In' button, and
// the empty state 'No check-ins yet' with 'Check In Now'.
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin, IconMapPinCheck, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { RegionFlag } from '../catalog/region-flag.tsx';
import { localCountryName } from '../coverage/countries.ts';
import { Points, useRewardsText } from './rewards-text.tsx';
import type { CheckIn } from './types.ts';
import classes from './rewards.module.css';

export interface CheckInsTabProps {
  checkIns: readonly CheckIn[];
  onCheckIn: () => void;
}

export function CheckInsTab({ checkIns, onCheckIn }: CheckInsTabProps) {
  const x = useRewardsText();
  const { t } = x;
  if (checkIns.length === 0) {
    return (
      // The look of components/empty-state.tsx, with a button that opens the check-in dialog.
      <Paper withBorder radius="md" p="xl" bg="var(--surface-tint)" data-testid="check-ins-empty">
        <Stack align="center" gap="xs" ta="center">
          <IconMapPin size={36} aria-hidden color="var(--mantine-color-brand-7)" />
          <Title order={3} fz="lg">
            {t('checkIns.empty')}
          </Title>
          <Text c="dimmed" size="sm" maw={440}>
            {t('checkIns.emptyText')}
          </Text>
          <Button mt="xs" leftSection={<IconMapPinCheck size={18} aria-hidden />} onClick={onCheckIn}>
            {t('checkIns.checkInNow')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3} className={classes.groupTitle}>
          {t('checkIns.title')}
        </Title>
        <Button leftSection={<IconMapPinCheck size={18} aria-hidden />} onClick={onCheckIn}>
          {t('checkIns.checkIn')}
        </Button>
      </Group>
      <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" className={classes.list}>
        {checkIns.map((c) => (
          <Paper component="li" key={c.id} withBorder radius="lg" p="md" className={classes.checkIn} data-testid="check-in">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              {c.region?.flagIcon ? (
                <RegionFlag code={c.region.code} flagIcon={c.region.flagIcon} />
              ) : (
                <ThemeIcon size={30} radius="sm" variant="light" color="gray" aria-hidden="true">
                  <IconMapPin size={18} />
                </ThemeIcon>
              )}
              <Badge
                variant="light"
                color={c.pointsAwarded > 0 ? 'green' : 'gray'}
                c={c.pointsAwarded > 0 ? 'green.9' : 'dark.6'}
                radius="sm"
                className={classes.badgeText}
              >
                <Points value={c.pointsAwarded} />
              </Badge>
            </Group>
            <Text fw={700} mt="sm">
              {c.region?.name ? localCountryName(c.region, x.language) : t('checkIns.unknownLocation')}
            </Text>
            <Text size="sm" c="dimmed">
              {x.date(c.checkInDate)}
            </Text>
            {c.locationName ? (
              <Text size="sm" mt={4} lineClamp={2}>
                {c.locationName}
              </Text>
            ) : null}
            {c.verifiedTrip || c.zeroReason ? (
              <Group gap={6} mt="xs">
                {c.verifiedTrip ? (
                  <Badge
                    variant="outline"
                    color="brand"
                    radius="sm"
                    leftSection={<IconRosetteDiscountCheck size={12} aria-hidden />}
                    className={classes.badgeText}
                  >
                    {t('checkIns.verified')}
                  </Badge>
                ) : null}
                {c.zeroReason ? (
                  <Text size="xs" c="dimmed">
                    {t(`checkIns.zero.${c.zeroReason}`)}
                  </Text>
                ) : null}
              </Group>
            ) : null}
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
