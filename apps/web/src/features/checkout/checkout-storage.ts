// What the checkout keeps in sessionStorage:
//  - the checkout token of a visit (one per plan and kind), so a retried or reloaded checkout
//    gets the same order and payment intent back from the server and can never charge twice;
//    it is dropped once the payment succeeds, so the next purchase of the same plan is new;
//  - the client secret of a payment intent (keyed by its id): a guest's proof of ownership that
//    the order-success page sends with orders.byPaymentIntent.
import { readStorage, writeStorage } from '../../lib/storage.ts';

const TOKEN_PREFIX = 'checkoutToken:';
const SECRET_PREFIX = 'paymentSecret:';

/** 32 URL-safe characters from 24 random bytes (the server accepts 16–128 of [A-Za-z0-9_-]). */
export function newCheckoutToken(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** The token's key: a top-up of an eSIM is its own checkout, apart from buying the same plan anew. */
function tokenKey(kind: 'one_time' | 'subscription', planId: number, topUpIccid?: string | null): string {
  return `${TOKEN_PREFIX}${kind}:${planId}${topUpIccid ? `:topup:${topUpIccid}` : ''}`;
}

/** This visit's token for the plan: the stored one, else a new one (stored). */
export function checkoutTokenFor(kind: 'one_time' | 'subscription', planId: number, topUpIccid?: string | null): string {
  const key = tokenKey(kind, planId, topUpIccid);
  const stored = readStorage('session', key);
  if (stored && TOKEN.test(stored)) return stored;
  const token = newCheckoutToken();
  writeStorage('session', key, token);
  return token;
}

export function clearCheckoutToken(kind: 'one_time' | 'subscription', planId: number, topUpIccid?: string | null): void {
  writeStorage('session', tokenKey(kind, planId, topUpIccid), null);
}

export function storePaymentSecret(paymentIntentId: string, clientSecret: string): void {
  writeStorage('session', `${SECRET_PREFIX}${paymentIntentId}`, clientSecret);
}

export function readPaymentSecret(paymentIntentId: string): string | null {
  return readStorage('session', `${SECRET_PREFIX}${paymentIntentId}`);
}
