// The planner's proposal: the one-sentence reason, the total and the alternatives, each plan with
// what it covers and a Buy link to the existing single-plan checkout (/checkout/:planId; there is no
// basket yet), the warnings, and the coverage day by day.
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { formatMinor } from '../../lib/format.ts';
import { formatIsoDate } from '../../lib/format-date.ts';
import type { Region } from '../catalog/types.ts';
import { useDestinationNames } from '../catalog/destination-names.ts';
import { catalogPlanFacts, usePlanTextsFn } from '../catalog/use-plan-texts.ts';

export type TripProposal = RouterOutputs['trip']['plan'];

export function TripResult({ proposal, regions }: { proposal: TripProposal; regions: readonly Region[] }) {
  const { t, i18n } = useTranslation('trip');
  const lang = i18n.language;
  const names = useDestinationNames();
  const planTexts = usePlanTextsFn();
  const money = (minor: number) => formatMinor(minor, proposal.currency, lang);
  const day = (iso: string) => formatIsoDate(iso, lang, 'medium');
  const list = new Intl.ListFormat(lang, { type: 'conjunction' });
  const regionOf = (code: string) => regions.find((r) => r.code === code);
  const country = (code: string) => names.name({ code, kind: 'country' });
  const regionName = (code: string) => {
    const r = regionOf(code);
    return r ? names.name(r) : code;
  };
  const planName = (p: TripProposal['plans'][number]) => {
    const r = regionOf(p.regionCode);
    return r && planTexts ? planTexts(catalogPlanFacts(p, r)).name : regionName(p.regionCode);
  };
  const ex = proposal.explanation;
  const sentence = t(`explain.${ex.key}`, {
    region: ex.params.region ? regionName(ex.params.region) : '',
    saving: money(ex.params.savingMinor),
  });
  const alt = proposal.alternatives;

  return (
    <section aria-labelledby="trip-result-title" style={{ minWidth: 0 }} data-testid="trip-proposal">
      <Title order={2} id="trip-result-title">
        {t('result.title')}
      </Title>
      <Text size="lg" mt="sm" data-testid="trip-explanation">
        {sentence}
      </Text>
      <Group justify="space-between" align="baseline" mt="md" py="xs" style={{ borderBlock: '1px solid var(--mantine-color-gray-3)' }}>
        <Text fw={600}>{t('result.total')}</Text>
        <Text fw={800} fz={28} data-testid="trip-total">
          {money(proposal.totalMinor)}
        </Text>
      </Group>
      <Text size="sm" c="dark.6" mt={4}>
        {t('result.sizedFor', { gb: (proposal.mbPerDay / 1024).toLocaleString(lang, { maximumFractionDigits: 1 }) })}{' '}
        {t('result.alternatives', {
          locals: alt.localsOnlyMinor === null ? t('result.unavailable') : money(alt.localsOnlyMinor),
          bundles: alt.bundlesOnlyMinor === null ? t('result.unavailable') : money(alt.bundlesOnlyMinor),
        })}
      </Text>

      {proposal.warnings.length > 0 ? (
        <Alert color="orange.9" variant="light" mt="lg" title={t('warnings.title')} icon={<IconAlertTriangle aria-hidden />} role="status">
          <Stack gap={4}>
            {proposal.warnings.map((w) => (
              <Text key={`${w.kind}-${w.country}-${w.from}`} size="sm" data-testid="trip-warning">
                {w.kind === 'tooMuchData'
                  ? t('warnings.tooMuchData', { country: country(w.country), from: day(w.from), to: day(w.to) })
                  : w.layover
                    ? t('warnings.noPlanLayover', { country: country(w.country), from: day(w.from) })
                    : t('warnings.noPlan', { country: country(w.country), from: day(w.from), to: day(w.to) })}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}

      {proposal.plans.length > 0 ? (
        <>
          <Title order={3} mt="xl" fz="lg">
            {t('result.plansTitle')}
          </Title>
          <Text size="sm" c="dark.6">
            {t('result.buyHint')}
          </Text>
          <Stack component="ol" gap="sm" mt="sm" p={0} style={{ listStyle: 'none' }}>
            {proposal.plans.map((p, i) => {
              const name = planName(p);
              return (
                <li key={`${p.planId}-${p.activation}`}>
                  <Card withBorder radius="md" padding="md" data-testid="trip-plan">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div>
                        <Badge variant="light" color="brand" mb={6}>
                          {t('result.planNumber', { n: i + 1 })}
                        </Badge>
                        <Text fw={700}>{name}</Text>
                      </div>
                      <Text fw={800} fz="lg" style={{ whiteSpace: 'nowrap' }}>
                        {money(p.priceMinor)}
                      </Text>
                    </Group>
                    {/* A plan resumed on a return (Japan, Korea, Japan) is used in several periods. */}
                    {p.periods.map((period, n) => (
                      <Text key={period.from} size="sm" mt={n === 0 ? 6 : 0}>
                        {t(n === 0 ? 'result.use' : 'result.useAgain', { from: day(period.from), to: day(period.to) })}
                      </Text>
                    ))}
                    <Text size="sm" c="dark.6">
                      {t('result.validUntil', { date: day(p.validUntil) })}
                    </Text>
                    <Text size="sm" mt={4}>
                      {t('result.covers', { countries: list.format(p.countries.map(country)) })}
                    </Text>
                    <Group justify="flex-end" mt="sm">
                      <Button
                        aria-label={t('result.buyLabel', { n: i + 1, name })}
                        renderRoot={(props) => <Link to="/checkout/$planId" params={{ planId: String(p.planId) }} {...props} />}
                      >
                        {t('result.buy')}
                      </Button>
                    </Group>
                  </Card>
                </li>
              );
            })}
          </Stack>
        </>
      ) : null}

      <Title order={3} mt="xl" fz="lg" id="trip-days-title">
        {t('result.daysTitle')}
      </Title>
      <Table.ScrollContainer minWidth={280}>
        <Table aria-labelledby="trip-days-title" mt="xs" verticalSpacing="xs" striped data-testid="trip-days">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('result.date')}</Table.Th>
              <Table.Th scope="col">{t('result.coverage')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {proposal.days.map((d) => (
              <Table.Tr key={d.date}>
                <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  {day(d.date)}
                </Table.Th>
                <Table.Td>
                  <Stack gap={2}>
                    {d.cells.map((c) => (
                      <Group key={c.country} gap={6} wrap="wrap">
                        <Text size="sm" span>
                          {country(c.country)}
                          {c.layover ? ` (${t('result.layover')})` : ''}
                        </Text>
                        {c.plan === null ? (
                          <Badge color="red.8" variant="light" size="sm">
                            {t('result.notCovered')}
                          </Badge>
                        ) : (
                          <Badge color="brand" variant="outline" size="sm">
                            {t('result.planNumber', { n: c.plan + 1 })}
                          </Badge>
                        )}
                      </Group>
                    ))}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
