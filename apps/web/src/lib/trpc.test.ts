// Every API call carries the interface language as Accept-Language (the server writes the
// e-mails a call causes in it and stores it on orders and accounts), and the CSRF marker.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n.ts';
import { httpLink } from '@trpc/client';
import { createTrpcClient } from './trpc.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function captureHeaders(): Headers[] {
  const seen: Headers[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return new Response(JSON.stringify({ result: { data: { json: [] } } }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return seen;
}

describe('createTrpcClient', () => {
  it.each(['ja', 'ar', 'en'])('sends Accept-Language: %s with the interface in that language', async (lang) => {
    await i18n.changeLanguage(lang);
    const seen = captureHeaders();
    await createTrpcClient({ url: 'http://localhost:3000/api/trpc', link: httpLink }).catalog.regions.query();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.get('accept-language')).toBe(lang);
    expect(seen[0]!.get('x-requested-with')).toBe('XMLHttpRequest');
  });
});
