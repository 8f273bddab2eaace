// Apple Pay and Google Pay in Stripe's Payment Element (issue 28): the wallets appear only on a
// domain registered with Stripe as a payment method domain (docs.stripe.com/payments/payment-methods/pmd-registration;
// API reference 'Payment Method Domains': create, list, update, validate, and the object's
// `enabled` and per-method `{ status: 'active' | 'inactive', status_details.error_message }`).
// Apple Pay additionally needs Apple's domain association file at
// /.well-known/apple-developer-merchantid-domain-association on that domain in live mode (the
// server serves it from APPLE_PAY_DOMAIN_ASSOCIATION_FILE); Google Pay needs nothing more.
//
// registerPaymentMethodDomain is idempotent: a domain already registered is looked up by name
// (list?domain_name=), enabled if it was disabled, and validated again (the step Stripe asks for
// once a method's requirements are met, e.g. after the file is hosted); otherwise it is created.
import type Stripe from 'stripe';

export interface WalletStatus {
  /** 'active', 'inactive', or whatever else Stripe says. */
  status: string;
  /** Why it is inactive, in Stripe's words; null when active or not given. */
  error: string | null;
}

export interface PaymentMethodDomainInfo {
  id: string;
  domain: string;
  enabled: boolean;
  livemode: boolean;
  applePay: WalletStatus;
  googlePay: WalletStatus;
  link: WalletStatus;
  /** 'created', or 'validated' for a domain Stripe already had. */
  action: 'created' | 'validated';
}

/** A host name Stripe can register: letters, digits and hyphens in dot-separated labels, with a dot; no scheme, port, path or IP address. */
export function paymentDomainProblem(domain: string): string | null {
  if (domain.length === 0) return 'no domain given';
  if (/[/:@?#\s]/.test(domain)) return `'${domain}' is not a bare host name (no scheme, port or path: e.g. shop.example.com)`;
  if (/^\d+(\.\d+){3}$/.test(domain) || domain === 'localhost' || domain.endsWith('.localhost'))
    return `'${domain}' is not a public domain: Apple Pay and Google Pay are offered only on a public https domain`;
  if (!/^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i.test(domain))
    return `'${domain}' is not a valid domain name`;
  return null;
}

function wallet(w: { status: string; status_details?: { error_message: string } } | undefined): WalletStatus {
  return { status: w?.status ?? 'inactive', error: w?.status_details?.error_message ?? null };
}

function info(d: Stripe.PaymentMethodDomain, action: PaymentMethodDomainInfo['action']): PaymentMethodDomainInfo {
  return {
    id: d.id,
    domain: d.domain_name,
    enabled: d.enabled,
    livemode: d.livemode,
    applePay: wallet(d.apple_pay),
    googlePay: wallet(d.google_pay),
    link: wallet(d.link),
    action,
  };
}

/** Registers (or re-validates) `domain` as a payment method domain of the Stripe account. */
export async function registerPaymentMethodDomain(stripe: Stripe, rawDomain: string): Promise<PaymentMethodDomainInfo> {
  const domain = rawDomain.trim().toLowerCase().replace(/\.$/, '');
  const problem = paymentDomainProblem(domain);
  if (problem) throw new RangeError(problem);
  const existing = (await stripe.paymentMethodDomains.list({ domain_name: domain, limit: 10 })).data.find(
    (d) => d.domain_name.toLowerCase() === domain,
  );
  if (!existing) return info(await stripe.paymentMethodDomains.create({ domain_name: domain, enabled: true }), 'created');
  if (!existing.enabled) await stripe.paymentMethodDomains.update(existing.id, { enabled: true });
  return info(await stripe.paymentMethodDomains.validate(existing.id), 'validated');
}
