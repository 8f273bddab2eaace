// Demo payments ('Demo payments: no real charge'): our own card form. Pay validates the e-mail
// (guests) and the card, creates the order and its payment intent (once per visit, see
// use-checkout-intent.ts), then confirms with the demo provider, which follows Stripe's test
// cards: success, decline, insufficient funds, or the bank's extra step (the Approve / Decline
// dialog → demoConfirmAction). The e-mail and card are one @mantine/form (useShopForm: spec §5's
// timing); their rules are plain functions (contact-section.tsx, card-format.ts).
import { useRef, useState } from 'react';
import { Alert, Divider, Stack, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { callError } from '../auth/trpc-error.ts';
import { isPromoError, promoReasonText } from '../promotions/promo-errors.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { useTRPCClient, type RouterOutputs } from '../../lib/trpc.ts';
import { ActionModal } from './action-modal.tsx';
import { toDemoCard, validateCard, type CardField, type CardValues } from './card-format.ts';
import { ContactSection, emailIsValid } from './contact-section.tsx';
import { DemoCardFields, TestCardHint } from './demo-card-fields.tsx';
import { PayButton, PaymentFeedback } from './payment-feedback.tsx';
import { providerMessage } from './payment-messages.ts';
import { PaymentTerms } from './payment-terms.tsx';
import { useCheckoutIntent, type CheckoutKind } from './use-checkout-intent.ts';
import { usePaymentFlow } from './use-payment-flow.ts';
import type { BusinessDetails } from './business-details.ts';

type DemoResult = RouterOutputs['payments']['demoConfirm'];

export interface PaymentFormProps {
  planId: number;
  kind: CheckoutKind;
  /** The signed-in shopper's e-mail; null for a guest. */
  accountEmail: string | null;
  /** ISO code of the currency the shopper chose. */
  currency: string;
  /** The formatted price ('$4.50'): the Pay button and the bank's dialog. */
  amount: string;
  /** This page, for 'Sign in' to come back to. */
  returnTo: string;
  onFatal: (message: string) => void;
  /** Pay with rewards points as far as they go (signed in, one-time orders). */
  usePoints?: boolean;
  /** Points pay the whole order: no card, this label on the Pay button; onChanged when the server says otherwise. */
  pointsOnly?: { label: string; changedMessage: string; onChanged: () => void } | null;
  /** A top-up of this eSIM (ICCID) of the signed-in buyer's; null: a new eSIM. */
  topUpIccid?: string | null;
  /** A top-up through the eSIM's 'Manage your eSIM' link (issue 26): its token; the order goes to the linked order's address. */
  linkToken?: string | null;
  /** Issue 29: the promo code applied at checkout (sent with the order; the server prices it). */
  promoCode?: string | null;
  /** Issue 29: the referral link's code the server priced (referrals.preview); sent with the order. */
  referralCode?: string | null;
  /** The server refused the referral at Pay: the checkout drops it (the price shown changes back). */
  onReferralRefused?: (() => void) | undefined;
  /** Issue 31: company details for the VAT invoice (business-section.tsx), sent with the order. */
  business?: BusinessDetails | null;
}

function today() {
  const d = new Date();
  return { year: d.getFullYear(), month: d.getMonth() + 1 };
}

const FIELDS: CardField[] = ['number', 'expiry', 'cvc'];

type PayValues = { email: string; number: string; expiry: string; cvc: string };

export function DemoPaymentForm({
  planId,
  kind,
  accountEmail,
  currency,
  amount,
  returnTo,
  onFatal,
  usePoints = false,
  pointsOnly = null,
  topUpIccid = null,
  linkToken = null,
  promoCode = null,
  referralCode = null,
  onReferralRefused,
  business = null,
}: PaymentFormProps) {
  const { t, i18n } = useTranslation('checkout');
  const client = useTRPCClient();
  const flow = usePaymentFlow({ planId, kind, topUpIccid, linkToken });
  const intents = useCheckoutIntent(planId, kind, topUpIccid, linkToken);
  // No address to type: the signed-in account's, or (through a link) the linked order's.
  const emailBound = Boolean(accountEmail || linkToken);
  const form = useShopForm<PayValues>({
    name: 'demo-payment',
    initialValues: { email: '', number: '', expiry: '', cvc: '' },
    rules: (v) => ({
      ...(emailBound || emailIsValid(v.email) ? {} : { email: t('contact.emailInvalid') }),
      ...(pointsOnly
        ? {}
        : Object.fromEntries(
            Object.entries(validateCard(v, today())).map(([field, key]) => [field, t(key as 'card.errors.numberRequired')]),
          )),
    }),
  });
  const { email, ...card } = form.values;
  const [intent, setIntent] = useState<{ id: string; secret: string } | null>(null);
  const [actionBusy, setActionBusy] = useState<'approve' | 'decline' | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const fieldRefs = { number: useRef<HTMLInputElement>(null), expiry: useRef<HTMLInputElement>(null), cvc: useRef<HTMLInputElement>(null) };

  const { status } = flow.state;
  const busy = status === 'processing' || status === 'action';
  const done = status === 'succeeded' || status === 'pending';
  const showEmailError = () => {
    form.setFieldError('email', t('contact.emailInvalid'));
    emailRef.current?.focus();
  };

  /** The first wrong field gets the focus (the inputs are reached by ref, not by data-path). */
  const focusFirst = (errors: Record<string, unknown>) => {
    if (errors.email) return emailRef.current?.focus();
    const field = FIELDS.find((f) => errors[f]);
    if (field) fieldRefs[field].current?.focus();
  };

  const setCard = (next: CardValues) => {
    for (const field of FIELDS) if (next[field] !== card[field]) form.setFieldValue(field, next[field]);
  };

  function settle(result: DemoResult, current: { id: string; secret: string }) {
    switch (result.status) {
      case 'succeeded':
        return flow.succeed(current.id, current.secret);
      case 'processing':
        return flow.succeed(current.id, current.secret, { pending: true });
      case 'requires_action':
        return flow.action();
      case 'failed':
        return flow.fail(providerMessage(t, result.error));
    }
  }

  function confirmFailed(error: unknown) {
    const e = callError(error);
    // Issue 29: the card has used this promo code up already (on another order): nothing charged.
    if (isPromoError(e.appCode)) return flow.fail(promoReasonText(i18n, e.appCode));
    // The server refused the confirmation itself (a card or state problem it explains).
    if (e.appCode === 'BAD_INPUT' || e.appCode === 'CONFLICT') {
      const code = typeof e.details.providerCode === 'string' ? e.details.providerCode : null;
      return flow.fail(providerMessage(t, { code, message: e.message }));
    }
    flow.unexpected(error);
  }

  async function pay({ email, ...card }: PayValues) {
    if (busy || done) return;
    flow.processing();
    let current: { id: string; secret: string };
    try {
      const created = await intents.create({
        email: emailBound ? undefined : email.trim(),
        currency,
        usePoints,
        promoCode,
        referralCode,
        business,
      });
      if (!created.paymentIntentId) return flow.succeed(null, null);
      // Points were to pay everything but no longer do (the balance changed): show the card form again.
      if (pointsOnly && !created.paidWithPoints && created.paymentStatus !== 'succeeded') {
        flow.notice(pointsOnly.changedMessage);
        return pointsOnly.onChanged();
      }
      current = { id: created.paymentIntentId, secret: created.clientSecret };
      setIntent(current);
      // A retried checkout whose payment already went through (or is at the bank's step).
      if (created.paymentStatus === 'succeeded') return flow.succeed(current.id, current.secret);
      if (created.paymentStatus === 'processing') return flow.succeed(current.id, current.secret, { pending: true });
      if (created.paymentStatus === 'requires_action') return flow.action();
    } catch (error) {
      intents.handleError(error, { flow, onEmailError: showEmailError, onFatal, onReferralRefused });
      return;
    }

    try {
      settle(
        await client.payments.demoConfirm.mutate({ paymentIntentId: current.id, clientSecret: current.secret, card: toDemoCard(card) }),
        current,
      );
    } catch (error) {
      confirmFailed(error);
    }
  }

  async function answer(approve: boolean) {
    if (!intent) return;
    setActionBusy(approve ? 'approve' : 'decline');
    try {
      settle(await client.payments.demoConfirmAction.mutate({ paymentIntentId: intent.id, clientSecret: intent.secret, approve }), intent);
    } catch (error) {
      confirmFailed(error);
    } finally {
      setActionBusy(null);
    }
  }

  const payLabel = pointsOnly
    ? pointsOnly.label
    : kind === 'subscription'
      ? t('payment.payMonthly', { amount })
      : t('payment.pay', { amount });

  return (
    <form onSubmit={form.onSubmit((values) => void pay(values), focusFirst)} noValidate aria-busy={busy} data-testid="demo-payment-form">
      <Stack gap="lg">
        {pointsOnly ? null : (
          <Alert
            variant="light"
            color="sunset"
            icon={<IconFlask size={20} aria-hidden />}
            title={t('demo.badge')}
            styles={{
              title: { color: 'var(--mantine-color-sunset-9)', fontWeight: 750 },
              icon: { color: 'var(--mantine-color-sunset-8)' },
            }}
            data-testid="demo-badge"
          >
            <Text size="sm" c="dark.7">
              {t('demo.intro')}
            </Text>
          </Alert>
        )}

        <ContactSection
          accountEmail={accountEmail}
          linked={linkToken !== null}
          email={email}
          onEmailChange={(value) => form.setFieldValue('email', value)}
          error={(form.errors.email as string | undefined) ?? null}
          inputRef={emailRef}
          disabled={busy || done}
          returnTo={returnTo}
        />

        {pointsOnly ? null : <Divider />}

        {pointsOnly ? null : (
          <section aria-labelledby="checkout-payment">
            <Title order={2} fz="lg" id="checkout-payment" mb="xs">
              {t('payment.heading')}
            </Title>
            <Stack gap="md">
              <DemoCardFields values={card} onChange={setCard} errors={form.errors} disabled={busy || done} refs={fieldRefs} />
              <TestCardHint
                disabled={busy || done}
                onUse={(number) => {
                  form.setFieldValue('number', number);
                  fieldRefs.expiry.current?.focus();
                }}
              />
            </Stack>
          </section>
        )}

        <PaymentFeedback state={flow.state} />
        <PayButton state={flow.state} ready label={payLabel} />
        <PaymentTerms kind={kind} amount={amount} />
      </Stack>
      <ActionModal opened={status === 'action'} amount={amount} busy={actionBusy} onAnswer={(approve) => void answer(approve)} />
    </form>
  );
}
