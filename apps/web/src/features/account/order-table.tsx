// The order table of the account (spec §2): Order ID, Plan, Amount, Status, Date, Actions. The
// actions are icon buttons: the QR code (only when the order has one) and the details. Until the
// checkout work gives them their own screens, both open a dialog here; pass onViewQr /
// onViewDetails to replace that. Where the table does not fit (a phone), the same orders show as
// stacked cards with the same facts and the same buttons; CSS picks one (order-table.module.css).
import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Box, Group, Image, Modal, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDeviceMobile, IconEye, IconQrcode, IconReceipt, IconReceiptRefund } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PaymentHoldChip } from '../checkout/payment-hold.tsx';
import { isolated } from '../../components/bidi.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { usePlanTextsFn } from '../catalog/use-plan-texts.ts';
import {
  capitalizeStatus,
  formatOrderAmount,
  formatOrderDate,
  knownEsimChip,
  orderStatusColor,
  planLabel,
  refundSummary,
  type AccountOrder,
  type EsimChipValue,
  type StatusColor,
} from './orders.ts';
import classes from './order-table.module.css';

// Shades that keep the badge text above 4.5:1 (white on green/red, dark on yellow).
const BADGE_SHADE: Record<StatusColor, string> = { green: 'green.9', yellow: 'yellow.4', red: 'red.9' };
const KNOWN_STATUSES = ['completed', 'pending', 'failed', 'refunded', 'canceled', 'expired'] as const;
// The eSIM's chip: outlined (the order's badge is filled), dark text on white for contrast.
const CHIP_COLOR: Record<EsimChipValue, string> = {
  ready: 'brand',
  installed: 'cyan',
  active: 'teal',
  depleted: 'orange',
  expired: 'gray',
};

export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('account');
  const color = orderStatusColor(status);
  const known = KNOWN_STATUSES.find((s) => s === status);
  return (
    <Badge color={BADGE_SHADE[color]} autoContrast variant="filled" data-status-color={color} tt="none" size="md">
      {known ? t(`orders.statuses.${known}`) : capitalizeStatus(status)}
    </Badge>
  );
}

/** The eSIM's state beside the order's badge ('eSIM active', 'eSIM expired', …); nothing without an eSIM. */
export function EsimStatusChip({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('account');
  const chip = knownEsimChip(status);
  if (!chip) return null;
  const color = CHIP_COLOR[chip];
  return (
    <Badge
      color={color}
      variant="outline"
      tt="none"
      size="md"
      bg="white"
      data-esim-status={chip}
      leftSection={<IconDeviceMobile size={12} aria-hidden />}
      styles={{ root: { flexShrink: 0 }, label: { color: `var(--mantine-color-${color}-9)` } }}
    >
      {t(`orders.esimStatuses.${chip}`)}
    </Badge>
  );
}

/** 'Partly refunded' beside the badge of an order that stands after an owner's partial or goodwill refund. */
function PartlyRefundedChip({ order }: { order: AccountOrder }) {
  const { t } = useTranslation('account');
  if (!refundSummary(order)?.partial) return null;
  return (
    <Badge
      color="grape"
      variant="outline"
      tt="none"
      size="md"
      bg="white"
      data-testid="partly-refunded"
      leftSection={<IconReceiptRefund size={12} aria-hidden />}
      styles={{ root: { flexShrink: 0 }, label: { color: 'var(--mantine-color-grape-9)' } }}
    >
      {t('orders.partlyRefunded')}
    </Badge>
  );
}

/**
 * Under the amount: what went back to the card (by us, for the owner's refunds), what was kept for
 * points used, and for an order that stands after a partial refund what was paid in the end.
 */
export function RefundLines({ order }: { order: AccountOrder }) {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const refund = refundSummary(order);
  if (!refund) return null;
  // Each amount in its own isolate, so '€1.50' keeps its order inside an Arabic sentence.
  const amount = (minor: number) => ({ amount: formatOrderAmount({ totalMinor: minor, currency: order.currency }, language) ?? '' });
  return (
    <Stack gap={0} component="span" data-testid={`refund-lines-${String(order.id)}`}>
      {refund.refundedMinor > 0 ? (
        <Text span size="xs" c="dimmed">
          {isolated(amount(refund.refundedMinor), (v) =>
            t(refund.byUs ? 'orders.refundLines.refundedByUs' : 'orders.refundLines.refunded', v),
          )}
        </Text>
      ) : null}
      {refund.keptMinor > 0 ? (
        <Text span size="xs" c="dimmed">
          {isolated(amount(refund.keptMinor), (v) => t('orders.refundLines.kept', v))}
        </Text>
      ) : null}
      {refund.netMinor !== null ? (
        <Text span size="xs" c="dimmed">
          {isolated(amount(refund.netMinor), (v) => t('orders.refundLines.net', v))}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The order's badge and, beside it, its eSIM's chip (and 'Partly refunded' after a partial refund). */
function OrderStatus({ order, stacked = false }: { order: AccountOrder; stacked?: boolean }) {
  // On a phone's card the two stack at the end, leaving the plan's name its width.
  return stacked ? (
    <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
      <OrderStatusBadge status={order.status} />
      <PaymentHoldChip hold={order.paymentHold} />
      <PartlyRefundedChip order={order} />
      <EsimStatusChip status={order.esimStatus} />
    </Stack>
  ) : (
    <Group gap={6} wrap="wrap" component="span" display="inline-flex">
      <OrderStatusBadge status={order.status} />
      <PaymentHoldChip hold={order.paymentHold} />
      <PartlyRefundedChip order={order} />
      <EsimStatusChip status={order.esimStatus} />
    </Group>
  );
}

function usePlanText() {
  const { t } = useTranslation('account');
  const compose = usePlanTextsFn();
  return (order: AccountOrder) => {
    // The name composed in the UI language from the plan's facts; else the stored one.
    if (order.planFacts && compose) return compose(order.planFacts).name;
    const label = planLabel(order);
    if (label.kind === 'name') return label.text!;
    if (label.kind === 'number') return t('orders.planNumber', { id: label.id });
    return t('orders.unknownPlan');
  };
}

export interface OrderTableProps {
  orders: readonly AccountOrder[];
  /** Replace the built-in QR dialog (e.g. with the eSIM screen of the checkout work). */
  onViewQr?: (order: AccountOrder) => void;
  /** Replace the built-in details dialog (e.g. go to /order-success/{planId}?payment_intent=…). */
  onViewDetails?: (order: AccountOrder) => void;
}

export function OrderTable({ orders, onViewQr, onViewDetails }: OrderTableProps) {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const planText = usePlanText();
  const [qrOrder, setQrOrder] = useState<AccountOrder | null>(null);
  const [detailsOrder, setDetailsOrder] = useState<AccountOrder | null>(null);

  if (orders.length === 0) return <NoOrders />;

  const actions = {
    viewQr: (order: AccountOrder) => (onViewQr ? onViewQr(order) : setQrOrder(order)),
    viewDetails: (order: AccountOrder) => (onViewDetails ? onViewDetails(order) : setDetailsOrder(order)),
  };

  return (
    <>
      <div className={classes.frame}>
        <Table.ScrollContainer minWidth={640} type="native" className={classes.table}>
          <Table verticalSpacing="sm" highlightOnHover striped="even" aria-label={t('orders.caption')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('orders.orderId')}</Table.Th>
                <Table.Th scope="col">{t('orders.plan')}</Table.Th>
                <Table.Th scope="col">{t('orders.amount')}</Table.Th>
                <Table.Th scope="col">{t('orders.status')}</Table.Th>
                <Table.Th scope="col">{t('orders.date')}</Table.Th>
                <Table.Th scope="col">{t('orders.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((order) => {
                const id = String(order.id);
                return (
                  <Table.Tr key={id}>
                    <Table.Td>
                      <Text span ff="monospace" size="sm" fw={600} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                        {id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <bdi>{planText(order)}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                        {formatOrderAmount(order, language) ?? t('orders.unknownAmount')}
                      </span>
                      <RefundLines order={order} />
                    </Table.Td>
                    <Table.Td>
                      <OrderStatus order={order} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatOrderDate(order.createdAt, language) ?? t('orders.unknownDate')}
                    </Table.Td>
                    <Table.Td>
                      <OrderActions order={order} size="lg" keepColumn {...actions} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        {/* The same orders, facts and actions as stacked cards where the table does not fit. */}
        <ul className={classes.cards} aria-label={t('orders.caption')}>
          {orders.map((order) => {
            const id = String(order.id);
            return (
              <li key={id} className={classes.card} data-order-id={id}>
                <div className={classes.cardHead}>
                  <Title order={3} className={classes.cardTitle}>
                    <bdi>{planText(order)}</bdi>
                  </Title>
                  <OrderStatus order={order} stacked />
                </div>
                <dl className={classes.facts}>
                  <div>
                    <dt>{t('orders.orderId')}</dt>
                    <dd className={classes.orderId}>
                      <span dir="ltr">{id}</span>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('orders.date')}</dt>
                    <dd>{formatOrderDate(order.createdAt, language) ?? t('orders.unknownDate')}</dd>
                  </div>
                </dl>
                <div className={classes.cardFoot}>
                  <dl className={classes.amount}>
                    <dt>{t('orders.amount')}</dt>
                    <dd>
                      <span dir="ltr">{formatOrderAmount(order, language) ?? t('orders.unknownAmount')}</span>
                      <RefundLines order={order} />
                    </dd>
                  </dl>
                  <OrderActions order={order} size="xl" {...actions} />
                </div>
              </li>
            );
          })}
        </ul>
      </div>

      <Modal
        opened={qrOrder !== null}
        onClose={() => setQrOrder(null)}
        title={qrOrder ? t('orders.details.qrTitle', { id: String(qrOrder.id) }) : ''}
        closeButtonProps={{ 'aria-label': t('orders.details.close') }}
        centered
      >
        {qrOrder?.esimQrCode ? (
          <Stack align="center" gap="md">
            <Image
              src={qrOrder.esimQrCode}
              alt={t('orders.details.qrAlt', { id: String(qrOrder.id) })}
              w={220}
              h={220}
              fit="contain"
              bg="white"
            />
            <Text size="sm" c="dimmed" ta="center">
              {t('orders.details.qrHint')}
            </Text>
          </Stack>
        ) : null}
      </Modal>

      <Modal
        opened={detailsOrder !== null}
        onClose={() => setDetailsOrder(null)}
        title={detailsOrder ? t('orders.details.title', { id: String(detailsOrder.id) }) : ''}
        closeButtonProps={{ 'aria-label': t('orders.details.close') }}
        centered
      >
        {detailsOrder ? <OrderDetails order={detailsOrder} planText={planText(detailsOrder)} /> : null}
      </Modal>
    </>
  );
}

/** 'View QR code' (only when the order has one) and 'view details': icon buttons named for the order. */
function OrderActions({
  order,
  size,
  keepColumn = false,
  viewQr,
  viewDetails,
}: {
  order: AccountOrder;
  size: 'lg' | 'xl';
  /** Hold the QR button's place when there is none, so the details buttons line up in a column. */
  keepColumn?: boolean;
  viewQr: (order: AccountOrder) => void;
  viewDetails: (order: AccountOrder) => void;
}) {
  const { t } = useTranslation('account');
  const id = String(order.id);
  const variant = size === 'xl' ? 'light' : 'subtle';
  return (
    <Group gap={size === 'xl' ? 'xs' : 4} wrap="nowrap">
      {order.esimQrCode ? (
        <Tooltip label={t('orders.viewQr', { id })} openDelay={700}>
          <ActionIcon variant={variant} size={size} aria-label={t('orders.viewQr', { id })} onClick={() => viewQr(order)}>
            <IconQrcode size={size === 'xl' ? 22 : 20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : keepColumn ? (
        <Box w={34} aria-hidden="true" />
      ) : null}
      <Tooltip label={t('orders.viewDetails', { id })} openDelay={700}>
        <ActionIcon variant={variant} size={size} aria-label={t('orders.viewDetails', { id })} onClick={() => viewDetails(order)}>
          <IconEye size={size === 'xl' ? 22 : 20} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function OrderDetails({ order, planText }: { order: AccountOrder; planText: string }) {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const rows: [string, ReactNode][] = [
    [t('orders.orderId'), <span dir="ltr">{String(order.id)}</span>],
    [t('orders.plan'), <bdi>{planText}</bdi>],
    [t('orders.amount'), <span dir="ltr">{formatOrderAmount(order, language) ?? t('orders.unknownAmount')}</span>],
    [t('orders.status'), <OrderStatus order={order} />],
    [t('orders.date'), formatOrderDate(order.createdAt, language) ?? t('orders.unknownDate')],
  ];
  if (refundSummary(order)) rows.push([t('orders.details.refund'), <RefundLines order={order} />]);
  if (order.paymentIntentId) rows.push([t('orders.details.paymentReference'), <span dir="ltr">{order.paymentIntentId}</span>]);
  return (
    <Stack component="dl" gap="sm" m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} justify="space-between" wrap="nowrap" gap="md">
          <Text component="dt" c="dimmed" size="sm">
            {label}
          </Text>
          <Text component="dd" m={0} fw={600} size="sm" ta="end" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** 'You have no orders yet' with a way to the plans. */
export function NoOrders() {
  const { t } = useTranslation('account');
  return (
    <EmptyState
      icon={IconReceipt}
      title={t('orders.empty')}
      hint={t('orders.emptyHint')}
      action={{ label: t('orders.browsePlans'), to: '/plans' }}
    />
  );
}
