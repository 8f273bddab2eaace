import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import common from '@esim/i18n/locales/en/common.json';
import landing from '@esim/i18n/locales/en/landing.json';
import checkout from '@esim/i18n/locales/en/checkout.json';
import auth from '@esim/i18n/locales/en/auth.json';
import account from '@esim/i18n/locales/en/account.json';
import coverage from '@esim/i18n/locales/en/coverage.json';
import support from '@esim/i18n/locales/en/support.json';
import faq from '@esim/i18n/locales/en/faq.json';
import about from '@esim/i18n/locales/en/about.json';
import blog from '@esim/i18n/locales/en/blog.json';
import legal from '@esim/i18n/locales/en/legal.json';
import rewards from '@esim/i18n/locales/en/rewards.json';
import esim from '@esim/i18n/locales/en/esim.json';
import plans from '@esim/i18n/locales/en/plans.json';
import destinations from '@esim/i18n/locales/en/destinations.json';
import devices from '@esim/i18n/locales/en/devices.json';
import seo from '@esim/i18n/locales/en/seo.json';
import receipt from '@esim/i18n/locales/en/receipt.json';
import admin from '@esim/i18n/locales/en/admin.json';
import tickets from '@esim/i18n/locales/en/tickets.json';
import ticketsAdmin from '@esim/i18n/locales/en/tickets-admin.json';
import promotions from '@esim/i18n/locales/en/promotions.json';
import doctor from '@esim/i18n/locales/en/doctor.json';
import gifts from '@esim/i18n/locales/en/gifts.json';
import chat from '@esim/i18n/locales/en/chat.json';
import chatAdmin from '@esim/i18n/locales/en/chat-admin.json';
import referrals from '@esim/i18n/locales/en/referrals.json';
import checkoutBusiness from '@esim/i18n/locales/en/checkout-business.json';
import promoLimits from '@esim/i18n/locales/en/promo-limits.json';
import giftCheckout from '@esim/i18n/locales/en/gift-checkout.json';
import { configure } from '@testing-library/react';
import { initI18n, i18n } from '../lib/i18n.ts';
import { server } from './msw.ts';

// findBy*/waitFor wait for a condition, up to 5 s (Testing Library's default is 1 s): a lazy part
// of a page is a dynamic import that vitest transforms on first use, which takes seconds when the
// two cores are busy (the whole suite runs four packages at once), and a test must not fail only
// because the machine was loaded. A test that waits for something that never comes still fails.
configure({ asyncUtilTimeout: 5_000 });

// happy-dom has no user-agent display for <bdi> (browsers: inline), so accessible names would
// get spaces around an isolated name ('Welcome back, Ada !'); give it the browsers' default.
const uaStyle = document.createElement('style');
uaStyle.textContent = 'bdi { display: inline; }';
document.head.append(uaStyle);

// Mantine needs these browser APIs; happy-dom lacks some of them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

await initI18n({
  lng: 'en',
  resources: {
    en: {
      common,
      landing,
      checkout,
      auth,
      account,
      coverage,
      support,
      faq,
      about,
      blog,
      legal,
      rewards,
      esim,
      plans,
      destinations,
      devices,
      seo,
      receipt,
      admin,
      tickets,
      'tickets-admin': ticketsAdmin,
      promotions,
      doctor,
      gifts,
      chat,
      'chat-admin': chatAdmin,
      referrals,
      'checkout-business': checkoutBusiness,
      'promo-limits': promoLimits,
      'gift-checkout': giftCheckout,
    },
  },
  ns: [
    'common',
    'landing',
    'checkout',
    'auth',
    'account',
    'coverage',
    'support',
    'faq',
    'about',
    'blog',
    'legal',
    'rewards',
    'esim',
    'plans',
    'destinations',
    'devices',
    'seo',
    'receipt',
    'admin',
    'tickets',
    'tickets-admin',
    'promotions',
    'doctor',
    'gifts',
    'chat',
    'chat-admin',
    'referrals',
    'checkout-business',
    'promo-limits',
    'gift-checkout',
  ],
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});
afterAll(() => server.close());
