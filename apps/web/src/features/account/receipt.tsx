// The order's page in the account: the printable receipt of one order (orders.receipt): seller,
// buyer, items, amounts in the order's currency, points, payment method and date, each refund with
// who made it (the owner's note quoted); below it, not printed, the order's history
// (order-timeline.tsx). 'Print' opens the browser's print dialog; receipt.module.css prints the
// receipt alone, without the site's header, menu and footer.
import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileInvoice, IconFileOff, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isolated } from '../../components/bidi.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { formatMinor } from '../../lib/format.ts';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import { invoiceLink, useInvoiceView } from '../invoice/invoice-href.ts';
import { InvoiceScreen } from '../invoice/invoice-page.tsx';
import { usePlanTextsFn } from '../catalog/use-plan-texts.ts';
import { OrderStatusBadge } from './order-table.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import classes from './receipt.module.css';

export type Receipt = RouterOutputs['orders']['receipt'];

export function ReceiptScreen({ orderId }: { orderId: string }) {
  // ?view=invoice: the order's VAT invoice instead (issue 31; features/invoice/invoice-href.ts).
  if (useInvoiceView()) return <InvoiceScreen invoiceRef={{ orderId }} />;
  return <ReceiptOnly orderId={orderId} />;
}

function ReceiptOnly({ orderId }: { orderId: string }) {
  const { t } = useTranslation('receipt');
  const trpc = useTRPC();
  const receipt = useQuery(
    trpc.orders.receipt.queryOptions({ orderId }, { retry: (count, err) => callError(err).code !== 'NOT_FOUND' && count < 2 }),
  );
  if (receipt.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={60} radius="md" />
        <Skeleton height={320} radius="lg" />
      </Stack>
    );
  }
  if (receipt.isError) {
    const code = callError(receipt.error).code;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') {
      return (
        <div role="alert" data-testid="receipt-not-found">
          <EmptyState
            icon={IconFileOff}
            title={t('notFoundTitle')}
            hint={t('notFoundBody')}
            action={{ label: t('backToOrders'), to: '/account/orders' }}
          />
        </div>
      );
    }
    return (
      <Alert color="red" variant="light" title={t('loadFailed')}>
        <Button mt="xs" size="xs" variant="default" loading={receipt.isFetching} onClick={() => void receipt.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <ReceiptView receipt={receipt.data} />
      <OrderTimeline orderId={orderId} className={classes.noPrint} />
    </Stack>
  );
}

function formatDateTime(iso: string, locale: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(d);
}

function Money({ minor, currency }: { minor: number; currency: string }) {
  const { language } = useLanguage();
  return <bdi dir="ltr">{formatMinor(minor, currency, language)}</bdi>;
}

export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('receipt');
  const { t: tInvoice } = useTranslation('invoice');
  const { language } = useLanguage();
  const compose = usePlanTextsFn();
  const pm = receipt.paymentMethod;
  // Providers name the brand in lower case ('visa').
  const brand = pm.brand ? pm.brand.charAt(0).toUpperCase() + pm.brand.slice(1) : t('payment.card');
  const card = pm.last4 ? t('payment.cardEnding', { brand, last4: pm.last4 }) : t('payment.card');
  const payment = pm.type === 'points' ? t('payment.points') : pm.type === 'card_and_points' ? t('payment.cardAndPoints', { card }) : card;
  return (
    <Stack gap="md">
      <Group justify="space-between" className={classes.noPrint} wrap="wrap" gap="sm">
        <Anchor component={Link} to="/account/orders" size="sm" fw={600}>
          <Group gap={6} component="span" wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden className={classes.flip} />
            {t('backToOrders')}
          </Group>
        </Anchor>
        <Group gap="sm">
          <Button
            renderRoot={(props) => <Link {...invoiceLink({ orderId: receipt.orderId })} {...props} />}
            variant="default"
            leftSection={<IconFileInvoice size={18} aria-hidden />}
            data-testid="receipt-invoice-link"
          >
            {tInvoice('link')}
          </Button>
          <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} data-testid="print-receipt">
            {t('print')}
          </Button>
        </Group>
      </Group>

      <article className={classes.receipt} aria-labelledby="receipt-title" data-testid="receipt">
        <div className={classes.head}>
          <div>
            <Title order={2} id="receipt-title" fz={{ base: 24, sm: 28 }}>
              {t('title')}
            </Title>
            <Text size="sm" c="dimmed" mt={2}>
              {t('orderNumber')}{' '}
              <Text span ff="monospace" fw={600} dir="ltr" c="var(--mantine-color-text)">
                {receipt.orderId}
              </Text>
            </Text>
          </div>
          <OrderStatusBadge status={receipt.status} />
        </div>

        <div className={classes.parties}>
          <section aria-labelledby="receipt-seller">
            <Title order={3} fz="sm" id="receipt-seller" className={classes.label}>
              {t('seller')}
            </Title>
            <Text fw={700}>{receipt.seller.name}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {receipt.seller.postalAddress}
            </Text>
            <Text size="sm" className={classes.ltr}>
              <bdi dir="ltr">{receipt.seller.email}</bdi>
            </Text>
            <Text size="sm" className={classes.ltr}>
              <bdi dir="ltr">{receipt.seller.phone}</bdi>
            </Text>
            <Text size="sm" className={classes.ltr}>
              <bdi dir="ltr">{receipt.seller.url}</bdi>
            </Text>
          </section>
          <section aria-labelledby="receipt-buyer">
            <Title order={3} fz="sm" id="receipt-buyer" className={classes.label}>
              {t('buyer')}
            </Title>
            {receipt.buyer.name ? (
              <Text fw={700}>
                <bdi>{receipt.buyer.name}</bdi>
              </Text>
            ) : null}
            <Text size="sm" className={classes.ltr}>
              <bdi dir="ltr">{receipt.buyer.email}</bdi>
            </Text>
          </section>
          <section aria-labelledby="receipt-facts">
            <Title order={3} fz="sm" id="receipt-facts" className={classes.label}>
              {t('details')}
            </Title>
            <dl className={classes.facts}>
              <Row label={t('date')}>{formatDateTime(receipt.date, language)}</Row>
              <Row label={t('paymentMethod')}>{payment}</Row>
              <Row label={t('currency')}>
                <span dir="ltr">{receipt.currency}</span>
              </Row>
            </dl>
          </section>
        </div>

        {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
        <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-label={t('items')}>
          <Table verticalSpacing="sm" className={classes.items} data-testid="receipt-items">
            <caption className={classes.caption}>{t('items')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('item')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('quantity')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('unitPrice')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('amount')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {receipt.items.map((item, i) => (
                <Table.Tr key={`${item.planName}-${i}`}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      <bdi>{item.planFacts && compose ? compose(item.planFacts).name : item.planName}</bdi>
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`kinds.${item.kind}`)}
                      {item.iccid ? (
                        <>
                          {' · '}
                          {t('iccid')}{' '}
                          <bdi dir="ltr" className={classes.mono}>
                            {item.iccid}
                          </bdi>
                        </>
                      ) : null}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="end">{item.quantity}</Table.Td>
                  <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                    <Money minor={item.unitMinor} currency={receipt.currency} />
                  </Table.Td>
                  <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                    <Money minor={item.totalMinor} currency={receipt.currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <dl className={classes.totals} data-testid="receipt-totals">
          <Total label={t('subtotal')}>
            <Money minor={receipt.subtotalMinor} currency={receipt.currency} />
          </Total>
          {receipt.pointsUsed > 0 ? (
            <Total label={t('pointsDiscount', { count: receipt.pointsUsed })}>
              <bdi dir="ltr">−{formatMinor(receipt.pointsDiscountMinor, receipt.currency, language)}</bdi>
            </Total>
          ) : null}
          <Total label={t('paid')} strong>
            <Money minor={receipt.paidMinor} currency={receipt.currency} />
          </Total>
          {receipt.refundedMinor > 0 ? (
            <Total label={t('refunded')}>
              <bdi dir="ltr">−{formatMinor(receipt.refundedMinor, receipt.currency, language)}</bdi>
            </Total>
          ) : null}
        </dl>
        {receipt.refunds.length > 0 ? (
          <ul className={classes.refunds} data-testid="receipt-refunds">
            {receipt.refunds.map((r) => {
              const amount = formatMinor(r.amountMinor, receipt.currency, language);
              const date = formatDateTime(r.date, language);
              return (
                <li key={r.date + r.amountMinor}>
                  <Text size="sm">{t(r.full ? 'refundFull' : 'refundPart', { date, amount })}</Text>
                  <Text size="sm" c="dimmed" data-testid="receipt-refund-by">
                    {t(`refundBy.${r.actor}`)}
                    {r.note ? <> · {isolated({ note: r.note }, (v) => t('refundNote', v))}</> : null}
                  </Text>
                  {r.cashDeductedMinor > 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('refundKept', {
                        amount: formatMinor(r.cashDeductedMinor, receipt.currency, language),
                        points: r.pointsSettledInCash,
                      })}
                    </Text>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        <Text size="xs" c="dimmed" mt="lg">
          {t('footer', { seller: receipt.seller.name })}
        </Text>
      </article>
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Total({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div data-strong={strong || undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
