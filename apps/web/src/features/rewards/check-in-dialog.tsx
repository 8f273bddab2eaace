// The check-in dialog 'Check In to Location' (spec §2, §4, §5, §8): a region picker grouped by
// continent (the catalogue's countries), an optional location name (trimmed, left out when empty),
// and a submit button disabled while busy or with no region. Success closes the dialog, clears the
// fields and toasts; a failure toasts the server's message. The fields are a @mantine/form; a
// missing region is the spec's toast (§8), not a field message, and Check In waits for one anyway.
import { useMemo } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { LOCATION_NAME_MAX } from '@esim/api/domain';
import { toast } from '../../components/toast.tsx';
import { collatorFor } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import type { Region } from '../catalog/types.ts';
import { localCountryName } from '../coverage/countries.ts';
import { useCheckIn } from './rewards-api.ts';
import { useRewardsText, type RewardsText } from './rewards-text.tsx';
import classes from './rewards.module.css';

/** The picker's continents, in this order; anything else is 'Other'. */
const CONTINENTS = [
  'europe',
  'asia',
  'middleEast',
  'africa',
  'northAmerica',
  'centralAmerica',
  'caribbean',
  'southAmerica',
  'oceania',
  'other',
] as const;
type Continent = (typeof CONTINENTS)[number];

const CONTINENT_OF: Readonly<Record<string, Continent>> = {
  europe: 'europe',
  asia: 'asia',
  'middle east': 'middleEast',
  africa: 'africa',
  'north america': 'northAmerica',
  'central america': 'centralAmerica',
  caribbean: 'caribbean',
  'south america': 'southAmerica',
  oceania: 'oceania',
};

/** The picker's groups: countries only (bundles are plans, not places), by continent, names sorted. */
export function regionGroups(regions: readonly Region[], language: string, label: (c: Continent) => string) {
  const byContinent = new Map<Continent, { value: string; label: string }[]>(CONTINENTS.map((c) => [c, []]));
  for (const r of regions) {
    if (r.kind === 'bundle') continue;
    const continent = CONTINENT_OF[r.continent?.trim().toLowerCase() ?? ''] ?? 'other';
    byContinent.get(continent)!.push({ value: String(r.id), label: localCountryName(r, language) });
  }
  const collator = collatorFor(language);
  return CONTINENTS.map((c) => ({ group: label(c), items: byContinent.get(c)!.sort((a, b) => collator.compare(a.label, b.label)) })).filter(
    (g) => g.items.length > 0,
  );
}

export interface CheckInDialogProps {
  opened: boolean;
  onClose: () => void;
}

export function CheckInDialog({ opened, onClose }: CheckInDialogProps) {
  const x = useRewardsText();
  const { t } = x;
  const trpc = useTRPC();
  const regions = useQuery({ ...trpc.catalog.regions.queryOptions(), enabled: opened });
  const checkIn = useCheckIn();
  const form = useForm({
    mode: 'controlled',
    initialValues: { regionId: null as string | null, locationName: '' },
    // The location name is trimmed and left out when empty.
    transformValues: ({ regionId, locationName }) => {
      const name = locationName.trim();
      return { regionId: regionId ? Number(regionId) : null, ...(name ? { locationName: name } : {}) };
    },
  });
  const { regionId } = form.values;
  const busy = checkIn.isPending;

  const groups = useMemo(
    () => regionGroups(regions.data ?? [], x.language, (c) => t(`checkInDialog.continents.${c}`)),
    [regions.data, x.language, t],
  );

  const close = () => {
    if (busy) return;
    onClose();
  };

  const submit = form.onSubmit(({ regionId: id, ...rest }) => {
    if (busy) return;
    if (id === null) {
      toast({ title: t('toasts.regionRequired'), description: t('toasts.regionRequiredText'), variant: 'destructive' });
      return;
    }
    checkIn.mutate(
      { regionId: id, ...rest },
      {
        onSuccess: (result) => {
          const zero = result.checkIn.zeroReason && result.pointsAwarded === 0 ? result.checkIn.zeroReason : null;
          toast({
            title: t('toasts.checkInSuccess'),
            description: zero ? t(`toasts.checkInZero.${zero}`) : t('toasts.checkInSuccessText'),
          });
          for (const ua of result.newAchievements ?? [])
            toast({ title: t('toasts.newAchievement', { name: x.achievementName(ua.achievement) }) });
          form.reset();
          onClose();
        },
        onError: (error) => toast({ title: t('toasts.checkInFailed'), description: failureText(error, x), variant: 'destructive' }),
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('checkInDialog.title')}
      centered
      radius="lg"
      size="md"
      classNames={{ title: classes.dialogTitle }}
      closeButtonProps={{ 'aria-label': t('achievementDialog.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('checkInDialog.description')}
          </Text>
          {regions.isError ? (
            <Alert color="red" variant="light" role="alert">
              {t('checkInDialog.regionsFailed')}
            </Alert>
          ) : null}
          <Select
            label={t('checkInDialog.region')}
            placeholder={t('checkInDialog.regionPlaceholder')}
            data={groups}
            {...form.getInputProps('regionId')}
            searchable
            nothingFoundMessage={t('checkInDialog.noRegions')}
            disabled={busy || regions.isPending}
            required
            withAsterisk
            maxDropdownHeight={280}
            comboboxProps={{ withinPortal: true }}
            data-testid="region-select"
          />
          <TextInput
            label={t('checkInDialog.location')}
            description={t('checkInDialog.locationHint')}
            placeholder={t('checkInDialog.locationPlaceholder')}
            {...form.getInputProps('locationName')}
            maxLength={LOCATION_NAME_MAX}
            disabled={busy}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('checkInDialog.cancel')}
            </Button>
            <Button type="submit" disabled={busy || !regionId} aria-busy={busy || undefined}>
              {busy ? t('checkInDialog.submitting') : t('checkInDialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The server's message (translated by its code outside English), or the spec's default. */
function failureText(error: unknown, x: RewardsText): string {
  const e = callError(error);
  if (!e.code && !e.appCode) return x.t('toasts.checkInFailedText');
  const code = e.appCode ?? e.code;
  if (x.language !== 'en' && code) {
    const own = x.t(`errors.codes.${code}` as 'errors.codes.BAD_INPUT', { defaultValue: '' });
    if (own) return own;
  }
  return e.message || x.t('toasts.checkInFailedText');
}
