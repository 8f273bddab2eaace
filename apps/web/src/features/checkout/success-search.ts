// The order-success page's search (spec §2: a payment_intent query parameter; Stripe's redirect
// adds payment_intent_client_secret and redirect_status). Hand-written rather than zod: this runs
// in the route definition, which is part of the initial bundle.
export interface OrderSuccessSearch {
  payment_intent?: string | undefined;
  payment_intent_client_secret?: string | undefined;
  redirect_status?: string | undefined;
  /** A top-up: the ICCID of the eSIM the data went onto (the page leads back to it). */
  topUp?: string | undefined;
}

function text(value: unknown, max: number): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') return undefined;
  const s = value.trim();
  return s.length > 0 && s.length <= max && !/[\u0000-\u001f\u007f]/.test(s) ? s : undefined;
}

export function parseOrderSuccessSearch(search: Record<string, unknown>): OrderSuccessSearch {
  const out: OrderSuccessSearch = {};
  const pi = text(search.payment_intent, 255);
  if (pi) out.payment_intent = pi;
  const secret = text(search.payment_intent_client_secret, 512);
  if (secret) out.payment_intent_client_secret = secret;
  const status = text(search.redirect_status, 32);
  if (status) out.redirect_status = status;
  const topUp = text(search.topUp, 20);
  // Always set: the router keeps the URL's other values, so a bad one is overwritten.
  out.topUp = topUp && /^89\d{17,18}$/.test(topUp) ? topUp : undefined;
  return out;
}
