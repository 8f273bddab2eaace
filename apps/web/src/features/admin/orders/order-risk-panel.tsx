// The order page's 'Payment risk and disputes' (issue 31): the order's Radar reviews, early fraud
// warnings and disputes as the webhooks recorded them, its hold, and the evidence the shop holds in
// one text to copy into the dispute's response in the Stripe Dashboard. Shown only when there is
// something; its texts ('disputes' namespace) load then.
import { Suspense } from 'react';
import { Button, CopyButton, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '../../../lib/trpc.ts';
import { DataTable } from '../ui/data-table.tsx';
import { formatDateTime } from '../ui/format.ts';
import { Code, Money } from '../ui/money.tsx';

type Risk = NonNullable<RouterOutputs['admin']['orders']['get']['risk']>;

function Panel({ risk }: { risk: Risk }) {
  const { t } = useTranslation('disputes');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-risk" data-testid="order-risk">
      <Title order={2} fz="lg" id="order-risk" mb="sm">
        {t('admin.heading')}
      </Title>
      <Stack gap="sm">
        {risk.hold ? (
          <Text fw={600} c="red.9">
            {t('admin.hold', { hold: risk.hold })}
          </Text>
        ) : null}
        <DataTable
          caption={t('admin.heading')}
          rows={risk.items}
          rowKey={(r) => r.ref}
          empty={t('admin.none')}
          minWidth={760}
          testId="order-risk-items"
          columns={[
            { key: 'kind', header: t('admin.type'), rowHeader: true, nowrap: true, cell: (r) => t(`admin.kind.${r.kind}`) },
            { key: 'ref', header: t('admin.ref'), nowrap: true, cell: (r) => <Code>{r.ref}</Code> },
            { key: 'status', header: t('admin.status'), nowrap: true, cell: (r) => r.status },
            { key: 'reason', header: t('admin.reason'), cell: (r) => r.reason ?? '—' },
            {
              key: 'amount',
              header: t('admin.amount'),
              nowrap: true,
              cell: (r) => (r.amountMinor !== null && r.currency ? <Money minor={r.amountMinor} currency={r.currency} /> : '—'),
            },
            { key: 'outcome', header: t('admin.outcome'), cell: (r) => r.outcome ?? '—' },
            { key: 'esim', header: t('admin.esim'), cell: (r) => r.esimAction ?? '—' },
            {
              key: 'points',
              header: t('admin.pointsFrozen'),
              nowrap: true,
              cell: (r) =>
                r.kind === 'dispute'
                  ? `${r.pointsFrozen}${r.pointsShort > 0 ? ` (+${r.pointsShort} ${t('admin.pointsShort')})` : ''}`
                  : '—',
            },
            {
              key: 'at',
              header: t('admin.date'),
              nowrap: true,
              cell: (r) => <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>,
            },
          ]}
        />
        {risk.evidence ? (
          <>
            <Title order={3} fz="md">
              {t('admin.evidence')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('admin.evidenceHelp')}
            </Text>
            <Textarea
              label={t('admin.evidence')}
              value={risk.evidence}
              readOnly
              rows={16}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
              dir="ltr"
              data-testid="order-evidence"
            />
            <CopyButton value={risk.evidence}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} w="fit-content">
                  {copied ? t('admin.copied') : t('admin.copy')}
                </Button>
              )}
            </CopyButton>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function OrderRiskPanel({ risk }: { risk: Risk | undefined }) {
  if (!risk) return null;
  return (
    <Suspense fallback={null}>
      <Panel risk={risk} />
    </Suspense>
  );
}
