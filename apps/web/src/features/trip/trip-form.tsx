// The trip form (@mantine/form): countries in travel order with their first and last days and a
// layover switch, and the data use. Spec §5's timing, as the shop's other forms: nothing is checked
// before the first submit; after it every change checks the whole form again.
import { useMemo, useRef } from 'react';
import { ActionIcon, Button, Checkbox, Fieldset, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TRIP_MAX_STOPS, TRIP_USAGES, type TripUsage } from '@esim/api/domain';
import type { Region } from '../catalog/types.ts';
import { useDestinationNames } from '../catalog/destination-names.ts';
import { collatorFor } from '../../lib/format.ts';
import { TRIP_MAX_DAYS, addDays, tripFormProblems, type TripFormValues, type TripRuleKey } from './trip-rules.ts';

export interface TripFormProps {
  regions: readonly Region[];
  busy: boolean;
  onSubmit: (values: TripFormValues) => void;
  /** A server's field error ('stops.1.country' → message), shown until that field changes. */
  serverErrors?: Record<string, string> | undefined;
}

let keySeq = 0;
const newKey = () => `stop-${++keySeq}`;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

const USAGE_LABEL: Record<TripUsage, 'form.usageLight' | 'form.usageNormal' | 'form.usageHeavy'> = {
  light: 'form.usageLight',
  normal: 'form.usageNormal',
  heavy: 'form.usageHeavy',
};

export function TripForm({ regions, busy, onSubmit, serverErrors }: TripFormProps) {
  const { t } = useTranslation('trip');
  const names = useDestinationNames();
  const submitted = useRef(false);

  const options = useMemo(() => {
    const collator = collatorFor(names.lang);
    return regions
      .filter((r) => r.kind === 'country')
      .map((r) => ({ value: r.code, label: names.name(r) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [regions, names]);

  const message = (rule: TripRuleKey) =>
    rule === 'tooLong' ? t('rules.tooLong', { max: TRIP_MAX_DAYS }) : t(`rules.${rule}` as `rules.${Exclude<TripRuleKey, 'tooLong'>}`);
  const check = (values: TripFormValues) =>
    Object.fromEntries(Object.entries(tripFormProblems(values)).map(([path, rule]) => [path, message(rule)]));

  const form = useForm<TripFormValues>({
    mode: 'controlled',
    name: 'trip',
    initialValues: { stops: [{ key: newKey(), country: null, start: '', end: '', layover: false }], usage: 'normal' },
    validate: check,
    onValuesChange: (values) => {
      if (submitted.current) form.setErrors(check(values));
    },
  });

  const addStop = () => {
    const last = form.getValues().stops.at(-1);
    const start = last?.end || last?.start || '';
    form.insertListItem('stops', { key: newKey(), country: null, start, end: start ? addDays(start, 3) : '', layover: false });
  };

  const submit = form.onSubmit(
    (values) => onSubmit(values),
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) form.getInputNode(first)?.focus();
    },
  );

  const stops = form.getValues().stops;
  const errorOf = (path: string) => form.errors[path] ?? serverErrors?.[path];

  return (
    <form
      noValidate
      aria-labelledby="trip-form-title"
      onSubmit={(e) => {
        submitted.current = true;
        submit(e);
      }}
    >
      <Stack gap="md">
        <Text component="h2" fw={700} fz="xl" id="trip-form-title">
          {t('form.title')}
        </Text>
        {stops.map((stop, i) => (
          <Fieldset key={stop.key} legend={t('form.stop', { n: i + 1 })} miw={0} data-testid="trip-stop">
            <Select
              label={t('form.country')}
              placeholder={t('form.countryPlaceholder')}
              data={options}
              searchable
              nothingFoundMessage={t('form.nothingFound')}
              maxDropdownHeight={280}
              comboboxProps={{ withinPortal: true }}
              required
              {...form.getInputProps(`stops.${i}.country`)}
              error={errorOf(`stops.${i}.country`)}
            />
            {/* Side by side where both dates show whole (from 280 px of the stop's own width), else stacked: at a 320 px screen two clipped their text. */}
            <SimpleGrid type="container" cols={{ base: 1, '280px': 2 }} spacing="sm" mt="sm">
              <TextInput
                type="date"
                label={t('form.start')}
                required
                min={i === 0 ? today() : undefined}
                {...form.getInputProps(`stops.${i}.start`)}
                error={errorOf(`stops.${i}.start`)}
              />
              <TextInput
                type="date"
                label={t('form.end')}
                required
                min={stop.start || undefined}
                {...form.getInputProps(`stops.${i}.end`)}
                error={errorOf(`stops.${i}.end`)}
              />
            </SimpleGrid>
            <Group justify="space-between" mt="sm" wrap="nowrap">
              <Checkbox label={t('form.layover')} {...form.getInputProps(`stops.${i}.layover`, { type: 'checkbox' })} />
              {stops.length > 1 ? (
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size="lg"
                  aria-label={t('form.remove', { n: i + 1 })}
                  onClick={() => form.removeListItem('stops', i)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              ) : null}
            </Group>
          </Fieldset>
        ))}
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={addStop}
            disabled={stops.length >= TRIP_MAX_STOPS}
          >
            {t('form.add')}
          </Button>
          {stops.length >= TRIP_MAX_STOPS ? (
            <Text size="sm" c="dark.6">
              {t('form.maxStops', { max: TRIP_MAX_STOPS })}
            </Text>
          ) : null}
        </Group>
        <Radio.Group label={t('form.usage')} {...form.getInputProps('usage')}>
          <Stack gap="xs" mt="xs">
            {TRIP_USAGES.map((u) => (
              <Radio key={u} value={u} label={t(USAGE_LABEL[u])} />
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <Button type="submit" size="md" loading={busy} aria-busy={busy || undefined}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
