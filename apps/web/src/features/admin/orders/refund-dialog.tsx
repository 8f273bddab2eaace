// The owner's refund: all that remains (the order refunded, its eSIM canceled), or a part of it with
// a reason (goodwill: the order and its eSIM stay as they are; the reason is quoted in the buyer's
// e-mail). Before the refund the dialog shows the server's quote (admin.orders.refundQuote): what
// goes back to the card, and what is kept for points this order earned that were already used;
// the refund sends that deduction, and the server refuses a larger one.
import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { ApiErrorAlert } from '../ui/api-error.tsx';
import { formatMoney } from '../ui/format.ts';

type Detail = RouterOutputs['admin']['orders']['get'];

export interface RefundRequest {
  orderId: string;
  amountMinor?: number;
  reason?: string;
  expectedCashDeductedMinor?: number;
}

/** Minor units per major unit of `currency` (100 for USD, 1 for JPY). */
function minorPerMajor(currency: string): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return 10 ** digits;
}

export function RefundDialog({
  order,
  opened,
  onClose,
  onRefund,
}: {
  order: Detail;
  opened: boolean;
  onClose: () => void;
  onRefund: (req: RefundRequest) => void;
}) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const { minor: remaining, currency } = order.refundable;
  const [mode, setMode] = useState<'all' | 'part'>('all');
  const [major, setMajor] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const per = minorPerMajor(currency);
  const parsed = typeof major === 'number' ? Math.round(major * per) : Number.NaN;
  const part = mode === 'part';
  const amountOk = !part || (Number.isSafeInteger(parsed) && parsed > 0 && parsed <= remaining);
  const amountMinor = part && amountOk ? parsed : undefined;
  const quote = useQuery({
    ...trpc.admin.orders.refundQuote.queryOptions({ orderId: order.orderId, ...(amountMinor !== undefined ? { amountMinor } : {}) }),
    enabled: opened && amountOk,
    staleTime: 0,
  });
  const q = quote.data;
  const ready = amountOk && q !== undefined && !q.blocked && (!part || reason.trim().length > 0);
  const confirmAmount = formatMoney(q?.refundMinor ?? amountMinor ?? remaining, currency);
  const send = () => {
    if (!ready) return;
    onRefund({
      orderId: order.orderId,
      ...(part ? { amountMinor, reason: reason.trim() } : reason.trim() ? { reason: reason.trim() } : {}),
      expectedCashDeductedMinor: q.cashDeductedMinor,
    });
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={t('orders.actions.refundTitle', { orderId: order.orderId })}
      centered
    >
      <Stack gap="sm">
        <Radio.Group value={mode} onChange={(v) => setMode(v === 'part' ? 'part' : 'all')} label={t('orders.refund.howMuch')}>
          <Stack gap={6} mt={6}>
            <Radio value="all" label={t('orders.refund.all', { amount: formatMoney(remaining, currency) })} />
            <Radio value="part" label={t('orders.refund.part')} />
          </Stack>
        </Radio.Group>
        {part ? (
          <NumberInput
            label={t('orders.refund.amount', { currency })}
            value={major}
            onChange={setMajor}
            min={0}
            decimalScale={Math.log10(per)}
            error={
              typeof major === 'number' && !amountOk
                ? t('orders.refund.amountError', { amount: formatMoney(remaining, currency) })
                : undefined
            }
          />
        ) : null}
        <Textarea
          label={part ? t('orders.refund.reason') : t('orders.refund.reasonOptional')}
          description={t('orders.refund.reasonHelp')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={300}
          minRows={2}
        />
        <Text size="sm">
          {part ? t('orders.refund.partBody') : t('orders.actions.refundBody', { amount: formatMoney(remaining, currency) })}
        </Text>
        <div aria-live="polite" data-testid="admin-refund-quote">
          {!amountOk ? null : quote.isError ? (
            <ApiErrorAlert error={quote.error} />
          ) : !q ? (
            <Text size="sm" c="dimmed">
              {t('orders.refund.quoteLoading')}
            </Text>
          ) : q.blocked ? (
            <Alert color="red" variant="light">
              {t('orders.refund.quoteBlocked', { kept: formatMoney(q.cashDeductedMinor, currency), points: q.pointsInCash })}
            </Alert>
          ) : (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t('orders.refund.quoteRefund', { amount: formatMoney(q.refundMinor, currency) })}
              </Text>
              {q.cashDeductedMinor > 0 ? (
                <Text size="sm">
                  {t('orders.refund.quoteKept', { kept: formatMoney(q.cashDeductedMinor, currency), points: q.pointsInCash })}
                </Text>
              ) : null}
              {q.pointsTaken > 0 ? <Text size="sm">{t('orders.refund.quoteTaken', { points: q.pointsTaken })}</Text> : null}
              {q.topUps.length > 0 ? (
                // Each in its own currency: one bought in another currency is not in the total above.
                <Text size="sm" data-testid="admin-refund-top-ups">
                  {t('orders.refund.quoteTopUps', {
                    list: q.topUps.map((u) => `${u.orderId} ${formatMoney(u.refundMinor, u.currency)}`).join(', '),
                  })}
                </Text>
              ) : null}
              {q.achievementsEnded.length > 0 ? (
                <Text size="sm">{t('orders.refund.quoteAchievements', { names: q.achievementsEnded.map((a) => a.name).join(', ') })}</Text>
              ) : null}
            </Stack>
          )}
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('orders.refund.cancel')}
          </Button>
          <Button color="red.8" onClick={send} disabled={!ready}>
            {t('orders.actions.refundConfirm', { amount: confirmAmount })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
