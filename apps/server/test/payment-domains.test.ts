// Apple Pay and Google Pay (issue 28): `payments register-domain` against a Stripe fake, and the
// domain association file served from configuration.
//
// The fake follows Stripe's API reference, 'Payment Method Domains' (docs.stripe.com/api/payment_method_domains):
// create (POST /v1/payment_method_domains with domain_name, enabled), list (GET with ?domain_name=),
// update (POST /v1/payment_method_domains/:id with enabled), validate (POST …/:id/validate), and the
// object (id 'pmd_…', domain_name, enabled, livemode, apple_pay / google_pay / link each
// { status: 'active' | 'inactive', status_details?: { error_message } }). The registration guide
// (docs.stripe.com/payments/payment-methods/pmd-registration) says Apple Pay needs the domain
// association file hosted in live mode and that validate re-checks a method once its requirement is
// met; it does not say what a second create of the same domain answers, so the fake refuses it (a
// 400), and the command must not depend on either reading: it lists first.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { describeDomain, registerDomain } from '../src/cli/payments.ts';
import { CliExit } from '../src/cli/types.ts';
import { APPLE_PAY_ASSOCIATION_PATH } from '../src/well-known.ts';
import { createTestApp } from './auth-app.ts';

function fakeStripe({ livemode }: { livemode: boolean }) {
  const domains = new Map<string, Record<string, unknown>>();
  const calls: string[] = [];
  let fileHosted = false;
  let n = 0;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Request-Id': `req_${++n}` } });
  const statuses = (d: Record<string, unknown>) => {
    const appleOk = !livemode || fileHosted;
    d.apple_pay = appleOk
      ? { status: 'active' }
      : {
          status: 'inactive',
          status_details: { error_message: 'The Apple Pay domain association file was not found at the expected location.' },
        };
    d.google_pay = { status: 'active' };
    d.link = { status: 'active' };
  };
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    if (url.hostname !== 'api.stripe.com') throw new Error(`unexpected host ${url.hostname}`);
    calls.push(`${method} ${url.pathname}${url.search}`);
    const form = new URLSearchParams(String(init?.body ?? ''));
    if (url.pathname === '/v1/payment_method_domains' && method === 'GET') {
      const name = url.searchParams.get('domain_name');
      const data = [...domains.values()].filter((d) => name === null || d.domain_name === name);
      return json({ object: 'list', data, has_more: false, url: '/v1/payment_method_domains' });
    }
    if (url.pathname === '/v1/payment_method_domains' && method === 'POST') {
      const name = form.get('domain_name') ?? '';
      if ([...domains.values()].some((d) => d.domain_name === name))
        return json(
          { error: { type: 'invalid_request_error', code: 'resource_already_exists', message: `${name} is already registered.` } },
          400,
        );
      const d: Record<string, unknown> = {
        id: `pmd_${++n}`,
        object: 'payment_method_domain',
        created: 1_800_000_000,
        domain_name: name,
        enabled: form.get('enabled') !== 'false',
        livemode,
      };
      statuses(d);
      domains.set(d.id as string, d);
      return json(d);
    }
    const m = /^\/v1\/payment_method_domains\/(pmd_\d+)(\/validate)?$/.exec(url.pathname);
    const d = m ? domains.get(m[1]!) : undefined;
    if (m && method === 'POST' && d) {
      if (m[2]) statuses(d);
      else if (form.has('enabled')) d.enabled = form.get('enabled') === 'true';
      return json(d);
    }
    return json({ error: { type: 'invalid_request_error', message: `No such route ${method} ${url.pathname}` } }, 404);
  };
  const stripe = new Stripe('sk_test_fake', {
    maxNetworkRetries: 0,
    telemetry: false,
    httpClient: Stripe.createFetchHttpClient(fetchImpl as typeof fetch),
  });
  return { stripe, calls, domains, hostFile: () => (fileHosted = true) };
}

const ENV = { STRIPE_SECRET_KEY: 'sk_test_fake', PUBLIC_URL: 'https://shop.example.com' };

describe('payments register-domain', () => {
  it("registers PUBLIC_URL's host; in live mode Apple Pay waits for the file, and a second run validates it (no second create)", async () => {
    const fake = fakeStripe({ livemode: true });
    const lines: string[] = [];
    const first = await registerDomain(['register-domain'], { stripe: fake.stripe, env: ENV, out: (l) => lines.push(l) });
    expect(first).toMatchObject({ domain: 'shop.example.com', enabled: true, action: 'created', googlePay: { status: 'active' } });
    expect(first.applePay).toEqual({ status: 'inactive', error: expect.stringMatching(/association file/) });
    expect(lines.join('\n')).toMatch(/apple_pay: inactive \(.*association file.*\)/);
    expect(lines.join('\n')).toMatch(/set APPLE_PAY_DOMAIN_ASSOCIATION_FILE/);

    fake.hostFile();
    const again = await registerDomain(['register-domain'], {
      stripe: fake.stripe,
      env: { ...ENV, APPLE_PAY_DOMAIN_ASSOCIATION_FILE: '/x' },
    });
    expect(again).toMatchObject({ id: first.id, action: 'validated', applePay: { status: 'active', error: null } });
    expect(fake.domains.size).toBe(1);
    expect(fake.calls.filter((c) => c === 'POST /v1/payment_method_domains')).toHaveLength(1);
    expect(fake.calls).toContain(`POST /v1/payment_method_domains/${first.id}/validate`);
  });

  it('enables a domain someone disabled in the dashboard; test mode has Apple Pay active at once', async () => {
    const fake = fakeStripe({ livemode: false });
    const made = await registerDomain(['register-domain', 'Pay.Example.org'], { stripe: fake.stripe, env: ENV, out: () => {} });
    expect(made).toMatchObject({ domain: 'pay.example.org', applePay: { status: 'active' }, livemode: false });
    fake.domains.get(made.id)!.enabled = false;
    const again = await registerDomain(['register-domain', 'pay.example.org'], { stripe: fake.stripe, env: ENV, out: () => {} });
    expect(again.enabled).toBe(true);
    expect(fake.calls).toContain(`POST /v1/payment_method_domains/${made.id}`);
  });

  it.each([
    [['register-domain', 'https://shop.example.com'], /not a bare host name/],
    [['register-domain', 'localhost'], /not a public domain/],
    [['register-domain', '192.0.2.1'], /not a public domain/],
    [['register-domain', 'no_dots'], /not a valid domain name/],
    [['register'], /usage: payments register-domain/],
    [['register-domain', 'a.example', 'b.example'], /usage/],
  ])('%j: exit 2 with what to do, and nothing sent to Stripe', async (args, message) => {
    const fake = fakeStripe({ livemode: true });
    const err = await registerDomain(args, { stripe: fake.stripe, env: ENV }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliExit);
    expect((err as CliExit).exitCode).toBe(2);
    expect((err as CliExit).message).toMatch(message);
    expect(fake.calls).toEqual([]);
  });

  it('without STRIPE_SECRET_KEY: exit 2 (demo payments have no wallets); a Stripe refusal: exit 1 with its words', async () => {
    const noKey = await registerDomain(['register-domain'], { env: { PUBLIC_URL: 'https://shop.example.com' } }).catch((e: unknown) => e);
    expect(noKey).toMatchObject({ exitCode: 2, message: expect.stringMatching(/needs STRIPE_SECRET_KEY/) });
    const refusing = new Stripe('sk_test_fake', {
      maxNetworkRetries: 0,
      telemetry: false,
      httpClient: Stripe.createFetchHttpClient(
        (async () =>
          new Response(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } }), {
            status: 401,
            headers: { 'Content-Type': 'application/json' },
          })) as typeof fetch,
      ),
    });
    const refused = await registerDomain(['register-domain'], { stripe: refusing, env: ENV }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ exitCode: 1, message: expect.stringMatching(/was not registered\. Stripe said: Invalid API Key/) });
  });

  it('describes an active domain without advice', () => {
    const lines = describeDomain(
      {
        id: 'pmd_1',
        domain: 'shop.example.com',
        enabled: true,
        livemode: true,
        applePay: { status: 'active', error: null },
        googlePay: { status: 'active', error: null },
        link: { status: 'active', error: null },
        action: 'validated',
      },
      true,
    );
    expect(lines).toEqual([
      'already registered, validated again: shop.example.com (pmd_1, live mode, enabled)',
      '  apple_pay: active',
      '  google_pay: active',
      '  link: active',
    ]);
  });
});

describe(APPLE_PAY_ASSOCIATION_PATH, () => {
  const dir = mkdtempSync(join(tmpdir(), 'apple-pay-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the configured file as is; unset, the path is 404', async () => {
    const file = join(dir, 'association');
    writeFileSync(file, '7B227073704964223A2236...\n');
    const withFile = await createTestApp({ APPLE_PAY_DOMAIN_ASSOCIATION_FILE: file });
    try {
      const res = await withFile.app.request(`https://shop.example${APPLE_PAY_ASSOCIATION_PATH}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe('7B227073704964223A2236...\n');
    } finally {
      await withFile.close();
    }
    const without = await createTestApp();
    try {
      expect((await without.app.request(`https://shop.example${APPLE_PAY_ASSOCIATION_PATH}`)).status).toBe(404);
    } finally {
      await without.close();
    }
  });

  it('a missing or empty file stops the start with the reason', async () => {
    await expect(createTestApp({ APPLE_PAY_DOMAIN_ASSOCIATION_FILE: join(dir, 'nope') })).rejects.toThrow(/cannot read .*nope \(ENOENT\)/);
    const empty = join(dir, 'empty');
    writeFileSync(empty, '  \n');
    await expect(createTestApp({ APPLE_PAY_DOMAIN_ASSOCIATION_FILE: empty })).rejects.toThrow(/is empty/);
  });
});
