// What the service worker precaches and keeps for offline use (pwa.config.ts).
import { describe, expect, it } from 'vitest';
import { OFFLINE_TRPC_GET, accountFiles } from '../pwa.config.ts';
import { keptForOffline } from './lib/offline-caches.ts';

describe('the tRPC answers kept for offline use', () => {
  const origin = 'http://localhost:3000';
  it.each([
    '/api/trpc/auth.me?batch=1&input=%7B%7D',
    '/api/trpc/esims.list?batch=1&input=%7B%7D',
    '/api/trpc/auth.me,esims.get?batch=1&input=%7B%7D',
    '/api/trpc/esims.get',
    '/api/trpc/catalog.regions,esims.get,esims.topUpOptions?batch=1&input=%7B%7D',
    // The dashboard and the order history (issue 26).
    '/api/trpc/esims.counts,orders.list,subscriptions.list?batch=1&input=%7B%7D',
    '/api/trpc/orders.receipt,orders.history?batch=1&input=%7B%7D',
  ])('keeps %s', (path) => {
    expect(OFFLINE_TRPC_GET.test(`${origin}${path}`)).toBe(true);
  });

  it.each([
    // A batch with any other procedure: its answer is not the traveller's eSIMs alone.
    '/api/trpc/esims.get,rewards.profile?batch=1&input=%7B%7D',
    '/api/trpc/support.tickets,esims.get?batch=1',
    '/api/trpc/esims.getSomething?batch=1',
    '/api/trpc/catalog.plans?batch=1',
    '/api/esims',
    '/account/esim',
  ])('leaves %s alone', (path) => {
    expect(OFFLINE_TRPC_GET.test(`${origin}${path}`)).toBe(false);
  });
});

describe('what a first visit asks for again once the worker controls the page', () => {
  it('takes the same-origin offline reads and QR images the page loaded, once each, and nothing else', () => {
    const origin = 'http://localhost:3000';
    const urls = [
      `${origin}/assets/index-abc.js`,
      `${origin}/api/trpc/auth.me?batch=1&input=%7B%7D`,
      `${origin}/api/trpc/esims.get,esims.topUpOptions?batch=1&input=%7B%7D`,
      `${origin}/api/trpc/esims.get,esims.topUpOptions?batch=1&input=%7B%7D`,
      `${origin}/api/trpc/rewards.profile?batch=1&input=%7B%7D`,
      `${origin}/api/esims/8999/qr.png?token=t`,
      'https://elsewhere.example/api/esims/8999/qr.png',
      'not a url',
    ];
    expect(keptForOffline(urls, origin)).toEqual([
      `${origin}/api/trpc/auth.me?batch=1&input=%7B%7D`,
      `${origin}/api/trpc/esims.get,esims.topUpOptions?batch=1&input=%7B%7D`,
      `${origin}/api/esims/8999/qr.png?token=t`,
    ]);
  });
});

describe('the precached files', () => {
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      css: ['assets/index.css'],
      isEntry: true,
      imports: ['_shared.js'],
      dynamicImports: ['src/layout/footer.tsx', 'src/routes/index.tsx?tsr-split=component', 'src/routes/_account.tsx?tsr-split=component'],
    },
    '_shared.js': { file: 'assets/shared.js' },
    'src/layout/footer.tsx': { file: 'assets/footer.js', css: ['assets/footer.css'] },
    'src/routes/index.tsx?tsr-split=component': { file: 'assets/landing.js', imports: ['_globe.js'] },
    '_globe.js': { file: 'assets/globe.js' },
    'src/routes/_account.tsx?tsr-split=component': { file: 'assets/account.js', dynamicImports: ['src/features/esim/qr.tsx'] },
    'src/features/esim/qr.tsx': { file: 'assets/qr.js' },
    'src/routes/_account/account/esim/$iccid.tsx?tsr-split=component': { file: 'assets/esim-detail.js', imports: ['_shared.js'] },
  };

  it("are the shell and the account's pages with all they load, not the other routes", () => {
    expect([...accountFiles(manifest)].sort()).toEqual([
      'assets/account.js',
      'assets/esim-detail.js',
      'assets/footer.css',
      'assets/footer.js',
      'assets/index.css',
      'assets/index.js',
      'assets/qr.js',
      'assets/shared.js',
    ]);
  });
});
