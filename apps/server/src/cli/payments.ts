// `payments register-domain [domain]` (issue 28): registers the shop's domain with Stripe as a
// payment method domain, so the Payment Element offers Apple Pay and Google Pay there
// (providers/payments/stripe-domains.ts). The domain defaults to PUBLIC_URL's host. Needs
// STRIPE_SECRET_KEY; demo payments have no wallets to offer. Prints each wallet's state and, for an
// inactive one, Stripe's reason and what to do; exit 0 once Stripe has the domain (a wallet may
// stay inactive until its requirement is met: run it again after), 1 when Stripe refuses or cannot
// be reached, 2 for a usage mistake.
import Stripe from 'stripe';
import { paymentDomainProblem, registerPaymentMethodDomain, type PaymentMethodDomainInfo } from '@esim/api';
import { readEnv } from '../env.ts';
import { CliExit, type CliCommandSpec } from './types.ts';

const USAGE = 'usage: payments register-domain [domain]   (default: the host of PUBLIC_URL)';

export interface RegisterDomainDeps {
  /** A Stripe client (tests pass one whose HTTP goes to a fake); default: built from STRIPE_SECRET_KEY. */
  stripe?: Stripe;
  out?: (line: string) => void;
  env?: { STRIPE_SECRET_KEY?: string | undefined; PUBLIC_URL: string; APPLE_PAY_DOMAIN_ASSOCIATION_FILE?: string | undefined };
}

/** What a person reads after the call. */
export function describeDomain(d: PaymentMethodDomainInfo, associationFileSet: boolean): string[] {
  const lines = [
    `${d.action === 'created' ? 'registered' : 'already registered, validated again'}: ${d.domain} (${d.id}, ${d.livemode ? 'live' : 'test'} mode, ${d.enabled ? 'enabled' : 'disabled'})`,
  ];
  for (const [name, w] of [
    ['apple_pay', d.applePay],
    ['google_pay', d.googlePay],
    ['link', d.link],
  ] as const) {
    lines.push(`  ${name}: ${w.status}${w.error ? ` (${w.error})` : ''}`);
  }
  if (d.applePay.status !== 'active')
    lines.push(
      associationFileSet
        ? `Apple Pay is not active yet: check that https://${d.domain}/.well-known/apple-developer-merchantid-domain-association serves the file, then run this again.`
        : `Apple Pay is not active yet: download the domain association file from Stripe (Settings → Payment method domains), set APPLE_PAY_DOMAIN_ASSOCIATION_FILE to its path, restart the shop, then run this again.`,
    );
  return lines;
}

export async function registerDomain(args: string[], deps: RegisterDomainDeps = {}): Promise<PaymentMethodDomainInfo> {
  const [sub, given, ...rest] = args;
  if (sub !== 'register-domain' || rest.length > 0) throw new CliExit(2, USAGE);
  const env = deps.env ?? readEnv();
  const domain = (given ?? new URL(env.PUBLIC_URL).hostname).trim().toLowerCase();
  const problem = paymentDomainProblem(domain);
  if (problem) throw new CliExit(2, `payments register-domain: ${problem}. ${USAGE}`);
  if (!deps.stripe && !env.STRIPE_SECRET_KEY)
    throw new CliExit(2, 'payments register-domain: needs STRIPE_SECRET_KEY (demo payments offer no Apple Pay or Google Pay)');
  const stripe = deps.stripe ?? new Stripe(env.STRIPE_SECRET_KEY!, { maxNetworkRetries: 2, timeout: 20_000 });
  let result: PaymentMethodDomainInfo;
  try {
    result = await registerPaymentMethodDomain(stripe, domain);
  } catch (e) {
    const message = e instanceof Stripe.errors.StripeError ? `Stripe said: ${e.message}` : String((e as Error).message ?? e);
    throw new CliExit(1, `payments register-domain: ${domain} was not registered. ${message}`);
  }
  const out = deps.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  for (const line of describeDomain(result, Boolean(env.APPLE_PAY_DOMAIN_ASSOCIATION_FILE))) out(line);
  return result;
}

export const paymentsCommand: CliCommandSpec = {
  help: 'payments register-domain [domain]: register the shop’s domain with Stripe for Apple Pay and Google Pay',
  needsDb: false,
  run: async (_ctx, args) => {
    await registerDomain(args);
  },
};
