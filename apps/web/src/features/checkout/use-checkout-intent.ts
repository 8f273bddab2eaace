// Creating the order and its payment intent (payments.createIntent, or createSubscription for
// /subscribe) with this visit's checkout token, so a retry — a second press of Pay, a double
// effect in StrictMode, a reload — gets the same order and intent back and never charges twice.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECKOUT_CURRENCIES, type CheckoutCurrency } from '@esim/api/domain';
import { useTRPCClient, type RouterOutputs } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import { isPromoError, promoReasonText } from '../promotions/promo-errors.ts';
import { checkoutProblem } from './checkout-errors.ts';
import { checkoutTokenFor } from './checkout-storage.ts';
import { forgetReferralCode } from '../referrals/referral-cookie.ts';
import type { PaymentFlow } from './use-payment-flow.ts';
import { BusinessDetailsIncomplete, type BusinessDetails } from './business-details.ts';
import { GiftFormInvalid, checkoutGiftSlot } from './gift-slot.ts';

export type CheckoutKind = 'one_time' | 'subscription';
export type CreatedIntent = RouterOutputs['payments']['createIntent'];
type Currency = CheckoutCurrency;

/** The ten the server sells in (issue 28); another stored code is left out (the server uses USD). */
const CURRENCIES: readonly string[] = CHECKOUT_CURRENCIES;

export interface IntentRequest {
  /** Guests only; a signed-in shopper's order goes to the account's address. */
  email?: string | undefined;
  currency: string;
  /** Pay with rewards points as far as they go (one-time orders; the server ignores it for guests). */
  usePoints?: boolean | undefined;
  /** Issue 29: the promo code the shopper applied (one-time orders); the server prices it again. */
  promoCode?: string | null | undefined;
  /** Issue 29: the referral link's code (one-time orders); the server prices it again. */
  referralCode?: string | null | undefined;
  /** Issue 31: the company details for the VAT invoice (business-section.tsx), read at this moment. */
  business?: BusinessDetails | null | undefined;
}

export interface IntentHandlers {
  flow: PaymentFlow;
  /** The e-mail was refused: show it by the field. */
  onEmailError: () => void;
  /** The checkout cannot go on (unknown plan, below the minimum, needs an account). */
  onFatal: (message: string) => void;
  /** Issue 29: the server refused the referral: the checkout drops it. */
  onReferralRefused?: (() => void) | undefined;
}

export function useCheckoutIntent(planId: number, kind: CheckoutKind, topUpIccid: string | null = null, linkToken: string | null = null) {
  const client = useTRPCClient();
  const { t, i18n } = useTranslation('checkout');
  // One token per visit (kept in sessionStorage until the payment succeeds).
  const [token] = useState(() => checkoutTokenFor(kind, planId, topUpIccid));
  // Issue 31: whose field a refusal of the company details goes to.
  const sentBusiness = useRef<BusinessDetails | null>(null);

  const create = useCallback(
    async ({ email, currency, usePoints, promoCode, referralCode, business }: IntentRequest): Promise<CreatedIntent> => {
      // An open company form that is not right throws here (its errors shown): nothing is sent.
      sentBusiness.current = business ?? null;
      const details = business?.read() ?? null;
      const common = {
        planId,
        checkoutToken: token,
        locale: i18n.language,
        ...(CURRENCIES.includes(currency) ? { currency: currency as Currency } : {}),
        ...(email ? { email } : {}),
        ...(details ? { business: details } : {}),
      };
      if (kind === 'subscription') return client.payments.createSubscription.mutate(common);
      // Issue 29: 'This is a gift' (gift-section.tsx): a new eSIM bought once, never a top-up or a subscription.
      const gift = topUpIccid ? null : (checkoutGiftSlot.take?.() ?? null);
      if (gift === false) throw new GiftFormInvalid();
      checkoutGiftSlot.sent = JSON.stringify(gift);
      const created = await client.payments.createIntent.mutate({
        ...common,
        kind: 'one_time',
        ...(gift ? { gift } : {}),
        ...(usePoints ? { usePoints: true } : {}),
        ...(promoCode ? { promoCode } : {}),
        ...(referralCode && !promoCode && !topUpIccid ? { referralCode } : {}),
        // A top-up: the data goes onto this eSIM of the buyer's.
        ...(topUpIccid ? { topUpIccid } : {}),
        // Through the eSIM's 'Manage your eSIM' link: the link authorises it, not a session (issue 26).
        ...(topUpIccid && linkToken ? { esimLinkToken: linkToken } : {}),
      });
      // Issue 29: the link's cookie is kept until the order is paid (order-success.tsx forgets it), so a
      // declined card and a reload still price the same order with the friend's discount.
      return created;
    },
    [client, planId, kind, token, i18n.language, topUpIccid, linkToken],
  );

  /** Routes a failed create to the field, the error panel or the banner by the button. */
  const handleError = useCallback(
    (error: unknown, { flow, onEmailError, onFatal, onReferralRefused }: IntentHandlers) => {
      // Issue 31: the company details are not right (checked here, or refused by the server): by their fields.
      const field = callError(error).details.field;
      if (error instanceof BusinessDetailsIncomplete || (typeof field === 'string' && field.startsWith('business.'))) {
        flow.reset();
        if (typeof field === 'string') sentBusiness.current?.refuse(field.slice('business.'.length));
        return;
      }
      // Issue 29: the gift form shows its own errors; the server's refusal of a gift is said by the button.
      if (error instanceof GiftFormInvalid) return flow.reset();
      const gift = giftProblem(error);
      if (gift) return flow.checkoutError(gift.key ? i18n.t(`gift-checkout:section.${gift.key}`, { max: 500 }) : gift.message);
      const problem = checkoutProblem(error);
      if (problem.kind === 'email') {
        flow.reset();
        onEmailError();
        return;
      }
      // A promo code refused at the last moment (used up meanwhile): its reason, by the button.
      const promo = callError(error).appCode;
      if (isPromoError(promo)) return flow.checkoutError(promoReasonText(i18n, promo));
      // Issue 29: the referral refused at the last moment: forget the link, say why; Pay again goes without it.
      if (promo === 'REFERRAL_REFUSED') {
        forgetReferralCode();
        onReferralRefused?.();
        const reason = String(callError(error).details.reason ?? '');
        return flow.checkoutError(
          i18n.t('referrals:checkout.refused', { reason: i18n.t(`referrals:reasons.${reason}`, { defaultValue: reason }) }),
        );
      }
      const message = problem.key ? t(problem.key) : (problem.message ?? t('init.toastDefault'));
      if (problem.kind === 'fatal' || problem.kind === 'signIn') onFatal(message);
      else flow.checkoutError(message);
    },
    [t, i18n],
  );

  return { token, create, handleError };
}

/** A refused gift (issue 29: services/gifts/checkout-gift.ts): the gift-checkout text for its reason. */
function giftProblem(error: unknown): { key: 'self' | 'tooLong' | 'dateRange' | null; message: string } | null {
  const e = callError(error);
  const field = typeof e.details.field === 'string' ? e.details.field : '';
  const zod = e.fieldErrors.gift?.[0];
  if (!field.startsWith('gift') && !zod) return null;
  const reason = String(e.details.reason ?? '');
  const key = reason === 'self' ? 'self' : reason === 'too_long' ? 'tooLong' : field === 'gift.deliverOn' ? 'dateRange' : null;
  return { key, message: zod ?? e.message };
}
