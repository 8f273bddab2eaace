// /admin/rewards: the traveller levels and achievements (each edited in a dialog), the point rules
// in force (read-only: they live in code), and where to adjust a customer's points.
import { useState, type ReactNode } from 'react';
import { Anchor, Button, ColorSwatch, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AdminAchievement, AdminLevel } from '../../../features/admin/forms/views.ts';
import { AchievementFormModal, LevelFormModal, multiplierTextOf } from '../../../features/admin/rewards/reward-forms.tsx';
import { AdminPage, ApiErrorAlert, DataTable, formatCount } from '../../../features/admin/ui/index.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { tHead } from '../../../lib/page-meta.ts';
import { useTRPC } from '../../../lib/trpc.ts';

export const Route = createFileRoute('/admin/rewards')({
  loader: async ({ context }) => {
    await loadNamespaces('admin');
    if (!context.isAdmin) return {};
    await context.queryClient.ensureQueryData(context.trpc.admin.rewards.overview.queryOptions());
    return { adminTitle: tHead('admin:rewards.title') };
  },
  component: RewardsPage,
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} fz={{ base: 18, sm: 20 }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function RewardsPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const overview = useQuery(trpc.admin.rewards.overview.queryOptions());
  const [level, setLevel] = useState<AdminLevel | null>(null);
  const [achievement, setAchievement] = useState<AdminAchievement | null>(null);
  const data = overview.data;

  return (
    <AdminPage title={t('rewards.title')} description={t('rewards.description')}>
      {overview.error ? <ApiErrorAlert error={overview.error} onRetry={() => void overview.refetch()} /> : null}
      {data ? (
        <>
          <Section title={t('rewards.levels.heading')}>
            <DataTable
              caption={t('rewards.levels.heading')}
              rows={data.levels}
              rowKey={(l) => l.id}
              empty={t('rewards.levels.none')}
              minWidth={960}
              testId="levels-table"
              columns={[
                {
                  key: 'name',
                  header: t('rewards.levels.name'),
                  rowHeader: true,
                  cell: (l) => (
                    <Group gap={8} wrap="nowrap">
                      <ColorSwatch color={l.color} size={16} aria-hidden />
                      <span>{l.name}</span>
                    </Group>
                  ),
                },
                { key: 'description', header: t('rewards.levels.description'), cell: (l) => l.description || t('rewards.none') },
                { key: 'color', header: t('rewards.levels.color'), nowrap: true, cell: (l) => <bdi dir="ltr">{l.color}</bdi> },
                { key: 'points', header: t('rewards.levels.pointsRequired'), numeric: true, cell: (l) => formatCount(l.pointsRequired) },
                {
                  key: 'multiplier',
                  header: t('rewards.levels.multiplier'),
                  numeric: true,
                  nowrap: true,
                  cell: (l) => <bdi dir="ltr">{`× ${multiplierTextOf(l.multiplierPercent)}`}</bdi>,
                },
                {
                  key: 'perks',
                  header: t('rewards.levels.perks'),
                  cell: (l) =>
                    l.perks.length === 0 ? (
                      t('rewards.none')
                    ) : (
                      <Text size="xs" component="ul" m={0} ps="md" maw={300}>
                        {l.perks.map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </Text>
                    ),
                },
                { key: 'members', header: t('rewards.levels.members'), numeric: true, cell: (l) => formatCount(l.members) },
                {
                  key: 'edit',
                  header: t('rewards.actions'),
                  cell: (l) => (
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={t('rewards.editOf', { name: l.name })}
                      onClick={() => setLevel(l)}
                    >
                      {t('rewards.edit')}
                    </Button>
                  ),
                },
              ]}
            />
          </Section>
          <Section title={t('rewards.achievements.heading')}>
            <DataTable
              caption={t('rewards.achievements.heading')}
              rows={data.achievements}
              rowKey={(a) => a.id}
              empty={t('rewards.achievements.none')}
              minWidth={860}
              testId="achievements-table"
              columns={[
                { key: 'name', header: t('rewards.achievements.name'), rowHeader: true, cell: (a) => a.name },
                { key: 'description', header: t('rewards.achievements.description'), cell: (a) => a.description || t('rewards.none') },
                { key: 'category', header: t('rewards.achievements.category'), cell: (a) => a.category },
                { key: 'points', header: t('rewards.achievements.points'), numeric: true, cell: (a) => formatCount(a.pointsAwarded) },
                { key: 'target', header: t('rewards.achievements.target'), numeric: true, cell: (a) => formatCount(a.targetProgress) },
                { key: 'completed', header: t('rewards.achievements.completedBy'), numeric: true, cell: (a) => formatCount(a.completedBy) },
                {
                  key: 'edit',
                  header: t('rewards.actions'),
                  cell: (a) => (
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={t('rewards.editOf', { name: a.name })}
                      onClick={() => setAchievement(a)}
                    >
                      {t('rewards.edit')}
                    </Button>
                  ),
                },
              ]}
            />
          </Section>
          <Section title={t('rewards.rules.heading')}>
            <Text size="sm" c="dimmed">
              {t('rewards.rules.note')}
            </Text>
            <DataTable
              caption={t('rewards.rules.heading')}
              rows={data.rules}
              rowKey={(r) => r.key}
              empty={t('rewards.rules.none')}
              minWidth={480}
              columns={[
                { key: 'label', header: t('rewards.rules.rule'), rowHeader: true, cell: (r) => r.label },
                { key: 'value', header: t('rewards.rules.value'), cell: (r) => r.value },
              ]}
            />
          </Section>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="rewards-adjust">
            <Title order={2} fz={{ base: 18, sm: 20 }} id="rewards-adjust" mb={4}>
              {t('rewards.adjust.heading')}
            </Title>
            <Text size="sm">
              {t('rewards.adjust.body')}{' '}
              <Anchor component={Link} to="/admin/customers" underline="always">
                {t('rewards.adjust.link')}
              </Anchor>
            </Text>
          </Paper>
        </>
      ) : null}
      <LevelFormModal level={level} onClose={() => setLevel(null)} />
      <AchievementFormModal achievement={achievement} onClose={() => setAchievement(null)} />
    </AdminPage>
  );
}
