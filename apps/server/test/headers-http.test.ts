// Security headers on every kind of response; HSTS only over https.
import { afterEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, stripeConfigured } from '../src/middleware/security.ts';
import { createCatalogApp, trpcInput, type CatalogApp } from './catalog-app.ts';

const CSP =
  "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

let t: CatalogApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('content-security-policy')).toBe(CSP);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
}

describe('security headers', () => {
  it('are on JSON, errors, 404s, 304s and tRPC answers; HSTS is not sent over http', async () => {
    t = await createCatalogApp();
    const jp = await t.regionId('JP');
    const plans = await t.app.request(`/api/plans?regionId=${jp}`);
    const paths = [
      '/api/health',
      '/api/regions',
      `/api/plans?regionId=${jp}`,
      '/api/plans?regionId=abc',
      '/api/plans/999999',
      '/api/nope',
      `/api/trpc/catalog.plans?input=${trpcInput({ regionId: jp })}`,
      `/api/trpc/catalog.plans?input=${trpcInput({ regionId: -1 })}`,
    ];
    for (const p of paths) {
      const res = await t.app.request(p);
      expectSecurityHeaders(res);
      expect(res.headers.get('strict-transport-security'), p).toBeNull();
    }
    const notModified = await t.app.request(`/api/plans?regionId=${jp}`, { headers: { 'If-None-Match': plans.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
    expectSecurityHeaders(notModified);
  });

  it('HSTS (one year, subdomains) when the request URL is https', async () => {
    t = await createCatalogApp();
    const res = await t.app.request('https://shop.example/api/regions');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expectSecurityHeaders(res);
  });

  it('HSTS behind a proxy only with TRUST_PROXY', async () => {
    t = await createCatalogApp({ env: { TRUST_PROXY: '1' } });
    const viaTls = await t.app.request('/api/health', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(viaTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const viaHttp = await t.app.request('/api/health', { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(viaHttp.headers.get('strict-transport-security')).toBeNull();
    await t.close();
    t = await createCatalogApp({ env: { TRUST_PROXY: '0' } });
    const untrusted = await t.app.request('/api/health', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(untrusted.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('content security policy', () => {
  it("allows no third-party host unless Stripe is configured, then exactly Stripe's", () => {
    expect(contentSecurityPolicy({ stripe: false })).toBe(CSP);
    const withStripe = contentSecurityPolicy({ stripe: true });
    expect(withStripe).toContain("script-src 'self' https://js.stripe.com");
    expect(withStripe).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(withStripe).toContain("connect-src 'self' https://api.stripe.com");
    expect(withStripe.match(/https:\/\/[^\s;]+/g)!.sort()).toEqual(
      ['https://api.stripe.com', 'https://hooks.stripe.com', 'https://js.stripe.com', 'https://js.stripe.com'].sort(),
    );
  });

  it('Stripe counts as configured when its keys are set', () => {
    expect(stripeConfigured({ env: {} })).toBe(false);
    expect(stripeConfigured({ env: { STRIPE_PUBLISHABLE_KEY: 'pk_test_x' } })).toBe(false);
    expect(stripeConfigured({ env: { STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_SECRET_KEY: 'sk_test_x' } })).toBe(true);
  });

  it('a server with Stripe keys sends the Stripe CSP', async () => {
    t = await createCatalogApp({
      env: { STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
    });
    const res = await t.app.request('/api/health');
    expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy({ stripe: true }));
    expect(res.headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
  });
});
