// What the payment area says about its state: an aria-live status line for screen readers, the
// success / processing banners, the failure banner (focused, so keyboard and screen-reader users
// land on it), and the Pay button with its labels (spec §2, §4).
import { useEffect, useRef } from 'react';
import { Alert, Button, Loader, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PaymentState } from './use-payment-flow.ts';

/** Light alerts title in shade 6 (under 4.5:1 on their tint); shade 9 reads well. */
function titleColor(color: string) {
  return { title: { color: `var(--mantine-color-${color}-9)`, fontWeight: 750 }, message: { color: 'var(--mantine-color-dark-7)' } };
}

export function PaymentFeedback({ state }: { state: PaymentState }) {
  const { t } = useTranslation('checkout');
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.status === 'failed' && state.error) errorRef.current?.focus();
  }, [state]);
  const live =
    state.status === 'processing' || state.status === 'action'
      ? t('payment.processing')
      : state.status === 'succeeded'
        ? `${t('payment.successTitle')}. ${t('payment.successBody')}`
        : state.status === 'pending'
          ? t('payment.processingTitle')
          : '';
  return (
    <>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="payment-status">
        {live}
      </VisuallyHidden>
      {state.status === 'failed' && state.error ? (
        <Alert
          ref={errorRef}
          tabIndex={-1}
          role="alert"
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={state.errorTitle ?? undefined}
          styles={titleColor('red')}
          data-testid="payment-error"
        >
          {state.error}
        </Alert>
      ) : null}
      {state.status === 'succeeded' ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck size={20} aria-hidden />}
          title={t('payment.successTitle')}
          styles={titleColor('green')}
          data-testid="payment-success"
        >
          {t('payment.successBody')}
        </Alert>
      ) : null}
      {state.status === 'pending' ? (
        <Alert
          color="brand"
          variant="light"
          icon={<IconClockHour4 size={20} aria-hidden />}
          title={t('payment.processingTitle')}
          styles={titleColor('brand')}
        >
          {t('payment.processingBody')}
        </Alert>
      ) : null}
    </>
  );
}

export function PayButton({ state, ready, label }: { state: PaymentState; ready: boolean; label: string }) {
  const { t } = useTranslation('checkout');
  const busy = state.status === 'processing' || state.status === 'action';
  const done = state.status === 'succeeded' || state.status === 'pending';
  return (
    <Button
      type="submit"
      size="lg"
      fullWidth
      disabled={!ready || busy || done}
      leftSection={
        busy ? (
          <Loader size={18} color="currentColor" aria-hidden />
        ) : done ? (
          <IconCircleCheck size={20} aria-hidden />
        ) : (
          <IconLock size={18} aria-hidden />
        )
      }
      data-testid="pay-button"
    >
      {busy ? t('payment.processing') : done ? t('payment.complete') : label}
    </Button>
  );
}
