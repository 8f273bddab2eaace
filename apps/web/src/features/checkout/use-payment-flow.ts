// The payment's states (spec §4): idle → processing → succeeded (banner, toast 'Payment
// Successful', 'Payment Complete' disabled, 1 s later /order-success/{planId}) or failed (banner
// 'Payment Failed' + toast), with 'action' while the bank's extra step is open. Shared by the
// demo card form and Stripe's Payment Element.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { clearCheckoutToken, storePaymentSecret } from './checkout-storage.ts';
import { linkFragment } from './esim-link-fragment.ts';

export type PaymentStatus = 'idle' | 'processing' | 'action' | 'succeeded' | 'pending' | 'failed';

export interface PaymentState {
  status: PaymentStatus;
  /** The banner's text when failed (or a checkout error by the button). */
  error: string | null;
  /** Title of that banner: 'Payment Failed', 'Payment Error' or 'Checkout Error'. */
  errorTitle: string | null;
}

export const REDIRECT_DELAY_MS = 1000;

export interface PaymentFlow {
  state: PaymentState;
  processing: () => void;
  action: () => void;
  /** The intent succeeded (or is processing at the bank): stores the secret, toasts, redirects. */
  succeed: (paymentIntentId: string | null, clientSecret: string | null, opts?: { pending?: boolean }) => void;
  /** The provider refused the card: its message, or the default. */
  fail: (message: string | null) => void;
  /** Something threw while paying. */
  unexpected: (error?: unknown) => void;
  /** A checkout call failed in a way the shopper can retry ('Checkout Error'). */
  checkoutError: (message: string) => void;
  /** Back to idle with a message by the button (e.g. 'Payment system is not ready yet…'). */
  notice: (message: string) => void;
  reset: () => void;
}

export function usePaymentFlow({
  planId,
  kind,
  topUpIccid = null,
  linkToken = null,
}: {
  planId: number;
  kind: 'one_time' | 'subscription';
  /** A top-up: the success page leads back to this eSIM. */
  topUpIccid?: string | null;
  /** A top-up through the eSIM's 'Manage your eSIM' link: the success page leads back to its page (#link=…). */
  linkToken?: string | null;
}): PaymentFlow {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const [state, setState] = useState<PaymentState>({ status: 'idle', error: null, errorTitle: null });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const succeed = useCallback<PaymentFlow['succeed']>(
    (paymentIntentId, clientSecret, opts = {}) => {
      if (paymentIntentId && clientSecret) storePaymentSecret(paymentIntentId, clientSecret);
      clearCheckoutToken(kind, planId, topUpIccid);
      setState({ status: opts.pending ? 'pending' : 'succeeded', error: null, errorTitle: null });
      if (opts.pending) toast({ title: t('payment.processingTitle'), description: t('payment.processingBody') });
      else toast({ title: t('payment.successTitle'), description: t('payment.successBody') });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void navigate({
          to: '/order-success/$planId',
          params: { planId: String(planId) },
          search: {
            ...(paymentIntentId
              ? { payment_intent: paymentIntentId, ...(clientSecret ? { payment_intent_client_secret: clientSecret } : {}) }
              : {}),
            ...(topUpIccid ? { topUp: topUpIccid } : {}),
          },
          ...(topUpIccid && linkToken ? { hash: linkFragment(linkToken) } : {}),
        });
      }, REDIRECT_DELAY_MS);
    },
    [kind, planId, navigate, t, topUpIccid, linkToken],
  );

  const fail = useCallback<PaymentFlow['fail']>(
    (message) => {
      setState({ status: 'failed', error: message ?? t('payment.failedDefault'), errorTitle: t('payment.failedTitle') });
      toast({ title: t('payment.failedTitle'), description: message ?? t('payment.failedToastDefault'), variant: 'destructive' });
    },
    [t],
  );

  const unexpected = useCallback<PaymentFlow['unexpected']>(
    (error) => {
      if (error) console.error(error);
      setState({ status: 'failed', error: t('payment.unexpected'), errorTitle: t('payment.errorTitle') });
      toast({ title: t('payment.errorTitle'), description: t('payment.unexpected'), variant: 'destructive' });
    },
    [t],
  );

  const checkoutError = useCallback<PaymentFlow['checkoutError']>(
    (message) => {
      setState({ status: 'failed', error: message, errorTitle: t('init.toastTitle') });
      toast({ title: t('init.toastTitle'), description: message, variant: 'destructive' });
    },
    [t],
  );

  return {
    state,
    processing: useCallback(() => setState({ status: 'processing', error: null, errorTitle: null }), []),
    action: useCallback(() => setState({ status: 'action', error: null, errorTitle: null }), []),
    succeed,
    fail,
    unexpected,
    checkoutError,
    notice: useCallback((message: string) => setState({ status: 'failed', error: message, errorTitle: null }), []),
    reset: useCallback(() => setState({ status: 'idle', error: null, errorTitle: null }), []),
  };
}
