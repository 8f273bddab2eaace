// Card payments through Stripe: loaded lazily (React.lazy) only when payments.config says the
// provider is 'stripe', so Stripe.js (js.stripe.com) never loads in demo mode. The Payment
// Element needs the intent's client secret to mount, so the order and its intent are created as
// soon as the e-mail is known: at once for a signed-in shopper (once per visit: a ref guards
// StrictMode's double effect, and the checkout token makes any second call return the same
// intent), after 'Continue to payment' for a guest. Confirmation uses the return URL
// /order-success/{planId} and redirects only when the payment method requires it. A guest's
// e-mail is a @mantine/form (useShopForm, spec §5's timing).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Divider, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementLocale } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useTranslation } from 'react-i18next';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { storePaymentSecret } from './checkout-storage.ts';
import { ContactSection, emailIsValid } from './contact-section.tsx';
import type { PaymentFormProps } from './demo-payment-form.tsx';
import { PayButton, PaymentFeedback } from './payment-feedback.tsx';
import { PaymentTerms } from './payment-terms.tsx';
import { useCheckoutIntent, type CreatedIntent } from './use-checkout-intent.ts';
import { checkoutGiftSlot } from './gift-slot.ts';
import { linkFragment } from './esim-link-fragment.ts';
import { usePaymentFlow, type PaymentFlow } from './use-payment-flow.ts';
import classes from './checkout.module.css';

const stripes = new Map<string, Promise<Stripe | null>>();
/** One Stripe instance per key (Elements wants the same promise on every render). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let p = stripes.get(publishableKey);
  if (!p) {
    p = loadStripe(publishableKey);
    stripes.set(publishableKey, p);
  }
  return p;
}

const STRIPE_LOCALES = new Set(['ar', 'de', 'en', 'es', 'fr', 'ja', 'pt', 'ru', 'zh']);

export default function StripePaymentForm(props: PaymentFormProps & { publishableKey: string }) {
  const { planId, kind, accountEmail, currency, amount, returnTo, onFatal, publishableKey, usePoints = false } = props;
  const { topUpIccid = null, linkToken = null, promoCode = null, referralCode = null, onReferralRefused, business = null } = props;
  const { t, i18n } = useTranslation('checkout');
  const flow = usePaymentFlow({ planId, kind, topUpIccid, linkToken });
  const intents = useCheckoutIntent(planId, kind, topUpIccid, linkToken);
  // No address to type: the signed-in account's, or (through a 'Manage your eSIM' link) the linked order's.
  const emailBound = Boolean(accountEmail || linkToken);
  const [intent, setIntent] = useState<CreatedIntent | null>(null);
  const form = useShopForm({
    name: 'stripe-email',
    initialValues: { email: '' },
    rules: (v) => (emailIsValid(v.email) ? {} : { email: t('contact.emailInvalid') }),
    transformValues: (v) => ({ email: v.email.trim() }),
  });
  const { email } = form.values;
  const emailRef = useRef<HTMLInputElement>(null);
  /** The currency (and use of points) an intent was asked for: the setup call runs once per visit and choice. */
  const started = useRef<string | null>(null);
  // Issue 31: confirmed company details are another order (its invoice made out to them): a new intent.
  const choice = `${currency}|${usePoints ? 'points' : 'card'}|${promoCode ?? ''}|${referralCode ?? ''}|${business?.key ?? ''}`;

  const showEmailError = () => {
    form.setFieldError('email', t('contact.emailInvalid'));
    emailRef.current?.focus();
  };

  async function start(forEmail: string | undefined) {
    started.current = choice;
    flow.processing();
    try {
      const created = await intents.create({ email: forEmail, currency, usePoints, promoCode, referralCode, business });
      setIntent(created);
      if (created.paymentStatus === 'succeeded') flow.succeed(created.paymentIntentId, created.clientSecret);
      else if (created.paymentStatus === 'processing') flow.succeed(created.paymentIntentId, created.clientSecret, { pending: true });
      else flow.reset();
    } catch (error) {
      started.current = null;
      intents.handleError(error, { flow, onEmailError: showEmailError, onFatal, onReferralRefused });
    }
  }

  /**
   * Issue 29: 'This is a gift' (gift-section.tsx) changed since the intent was made: Pay first sends
   * it (the same checkout: the unpaid order's gift follows, the same intent comes back). false: stop.
   */
  async function syncGift(): Promise<boolean> {
    const gift = checkoutGiftSlot.take?.() ?? null;
    if (gift === false) {
      flow.reset();
      return false;
    }
    if (!intent || JSON.stringify(gift) === checkoutGiftSlot.sent) return true;
    try {
      const created = await intents.create({ email: emailBound ? undefined : email.trim(), currency, usePoints, promoCode, referralCode });
      if (created.paymentIntentId === intent.paymentIntentId) return true;
      setIntent(created);
      flow.reset();
    } catch (error) {
      intents.handleError(error, { flow, onEmailError: showEmailError, onFatal, onReferralRefused });
    }
    return false;
  }

  useEffect(() => {
    if (!emailBound && !intent) return;
    if (started.current === choice) return;
    // Signed in (or through a link): at once. A guest who already continued and then changed the currency: again.
    void start(emailBound ? undefined : email.trim());
    // Runs per currency and use of points (guarded by `started`), not per render of `start`.
  }, [emailBound, choice]);

  const locale = (STRIPE_LOCALES.has(i18n.language) ? i18n.language : 'auto') as StripeElementLocale;
  const shownEmail = accountEmail ?? (intent && !linkToken ? email.trim() : null);

  return (
    <Stack gap="lg">
      <ContactSection
        accountEmail={shownEmail}
        linked={linkToken !== null}
        email={email}
        onEmailChange={(value) => form.setFieldValue('email', value)}
        error={(form.errors.email as string | undefined) ?? null}
        inputRef={emailRef}
        disabled={flow.state.status === 'processing'}
        returnTo={returnTo}
      />
      {!shownEmail && !linkToken ? (
        <form
          noValidate
          onSubmit={form.onSubmit(
            (values) => void start(values.email),
            () => emailRef.current?.focus(),
          )}
        >
          <Stack gap="md">
            <PaymentFeedback state={flow.state} />
            <Button
              type="submit"
              size="lg"
              fullWidth
              rightSection={<IconArrowRight size={18} aria-hidden className={classes.flip} />}
              loading={flow.state.status === 'processing'}
            >
              {t('payment.continue')}
            </Button>
          </Stack>
        </form>
      ) : (
        <>
          <Divider />
          <section aria-labelledby="checkout-payment">
            <Title order={2} fz="lg" id="checkout-payment" mb="xs">
              {t('payment.heading')}
            </Title>
            {intent ? (
              <Elements
                key={intent.clientSecret}
                stripe={stripeFor(publishableKey)}
                options={{
                  clientSecret: intent.clientSecret,
                  locale,
                  appearance: { theme: 'stripe', variables: { colorPrimary: '#0b5cad', borderRadius: '10px', colorDanger: '#c92a2a' } },
                }}
              >
                <StripeElementForm
                  beforeConfirm={syncGift}
                  intent={intent}
                  flow={flow}
                  planId={planId}
                  kind={kind}
                  amount={amount}
                  topUpIccid={topUpIccid}
                  linkToken={linkToken}
                />
              </Elements>
            ) : flow.state.status === 'failed' ? (
              <PaymentFeedback state={flow.state} />
            ) : (
              <Stack gap="sm" aria-busy="true">
                <Skeleton height={44} />
                <Skeleton height={44} />
              </Stack>
            )}
          </section>
        </>
      )}
    </Stack>
  );
}

function StripeElementForm({
  beforeConfirm,
  intent,
  flow,
  planId,
  kind,
  amount,
  topUpIccid = null,
  linkToken = null,
}: {
  beforeConfirm: () => Promise<boolean>;
  intent: CreatedIntent;
  flow: PaymentFlow;
  planId: number;
  kind: PaymentFormProps['kind'];
  amount: string;
  topUpIccid?: string | null;
  linkToken?: string | null;
}) {
  const { t } = useTranslation('checkout');
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const ready = Boolean(stripe && elements && elementReady);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || !intent.paymentIntentId) {
      flow.notice(t('payment.notReady'));
      return;
    }
    flow.processing();
    if (!(await beforeConfirm())) return;
    // The guest's proof of ownership for the order-success page, also after Stripe's redirect.
    storePaymentSecret(intent.paymentIntentId, intent.clientSecret);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: {
          return_url: `${window.location.origin}/order-success/${planId}${topUpIccid ? `?topUp=${encodeURIComponent(topUpIccid)}` : ''}${topUpIccid && linkToken ? `#${linkFragment(linkToken)}` : ''}`,
        },
        redirect: 'if_required',
      });
      if (error) {
        // The element shows field problems itself; everything else is a failed payment.
        if (error.type === 'validation_error') return flow.reset();
        return flow.fail(error.message ?? null);
      }
      if (paymentIntent?.status === 'succeeded') return flow.succeed(paymentIntent.id, intent.clientSecret);
      // Issue 29: an order with a code or a referral is held first and captured once the card is checked.
      if (paymentIntent?.status === 'processing' || paymentIntent?.status === 'requires_capture')
        return flow.succeed(paymentIntent.id, intent.clientSecret, { pending: true });
      flow.fail(null);
    } catch (error) {
      flow.unexpected(error);
    }
  }

  const payLabel = kind === 'subscription' ? t('payment.payMonthly', { amount }) : t('payment.pay', { amount });
  return (
    <form onSubmit={pay} noValidate data-testid="stripe-payment-form">
      <Stack gap="lg">
        <PaymentElement onReady={() => setElementReady(true)} options={{ layout: 'tabs' }} />
        {!ready ? (
          <Alert variant="light" color="gray" p="xs">
            {t('payment.loadingProvider')}
          </Alert>
        ) : null}
        <PaymentFeedback state={flow.state} />
        <PayButton state={flow.state} ready={ready} label={payLabel} />
        <PaymentTerms kind={kind} amount={amount} />
      </Stack>
    </form>
  );
}
