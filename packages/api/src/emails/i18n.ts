// The server's own i18next instance for e-mails: the `email`, `plans`, `destinations`, `disputes` (the renewal reminder), `tickets`, `gifts` (the gift e-mail) and `gift-checkout` (the buyer's gift receipt)
// namespaces of every language, imported as modules (bundled with the server: no file reads, no
// network, nothing loaded while an e-mail is written). English is the fallback for a missing key.
import i18next, { type TFunction, type i18n as I18n } from 'i18next';
import enEmail from '@esim/i18n/locales/en/email.json';
import enPlans from '@esim/i18n/locales/en/plans.json';
import enDestinations from '@esim/i18n/locales/en/destinations.json';
import esEmail from '@esim/i18n/locales/es/email.json';
import esPlans from '@esim/i18n/locales/es/plans.json';
import esDestinations from '@esim/i18n/locales/es/destinations.json';
import frEmail from '@esim/i18n/locales/fr/email.json';
import frPlans from '@esim/i18n/locales/fr/plans.json';
import frDestinations from '@esim/i18n/locales/fr/destinations.json';
import deEmail from '@esim/i18n/locales/de/email.json';
import dePlans from '@esim/i18n/locales/de/plans.json';
import deDestinations from '@esim/i18n/locales/de/destinations.json';
import zhEmail from '@esim/i18n/locales/zh/email.json';
import zhPlans from '@esim/i18n/locales/zh/plans.json';
import zhDestinations from '@esim/i18n/locales/zh/destinations.json';
import arEmail from '@esim/i18n/locales/ar/email.json';
import arPlans from '@esim/i18n/locales/ar/plans.json';
import arDestinations from '@esim/i18n/locales/ar/destinations.json';
import ptEmail from '@esim/i18n/locales/pt/email.json';
import ptPlans from '@esim/i18n/locales/pt/plans.json';
import ptDestinations from '@esim/i18n/locales/pt/destinations.json';
import ruEmail from '@esim/i18n/locales/ru/email.json';
import ruPlans from '@esim/i18n/locales/ru/plans.json';
import ruDestinations from '@esim/i18n/locales/ru/destinations.json';
import jaEmail from '@esim/i18n/locales/ja/email.json';
import jaPlans from '@esim/i18n/locales/ja/plans.json';
import jaDestinations from '@esim/i18n/locales/ja/destinations.json';
import hiEmail from '@esim/i18n/locales/hi/email.json';
import hiPlans from '@esim/i18n/locales/hi/plans.json';
import hiDestinations from '@esim/i18n/locales/hi/destinations.json';
import enGiftCheckout from '@esim/i18n/locales/en/gift-checkout.json';
import esGiftCheckout from '@esim/i18n/locales/es/gift-checkout.json';
import frGiftCheckout from '@esim/i18n/locales/fr/gift-checkout.json';
import deGiftCheckout from '@esim/i18n/locales/de/gift-checkout.json';
import zhGiftCheckout from '@esim/i18n/locales/zh/gift-checkout.json';
import arGiftCheckout from '@esim/i18n/locales/ar/gift-checkout.json';
import ptGiftCheckout from '@esim/i18n/locales/pt/gift-checkout.json';
import ruGiftCheckout from '@esim/i18n/locales/ru/gift-checkout.json';
import jaGiftCheckout from '@esim/i18n/locales/ja/gift-checkout.json';
import hiGiftCheckout from '@esim/i18n/locales/hi/gift-checkout.json';
import enGifts from '@esim/i18n/locales/en/gifts.json';
import esGifts from '@esim/i18n/locales/es/gifts.json';
import frGifts from '@esim/i18n/locales/fr/gifts.json';
import deGifts from '@esim/i18n/locales/de/gifts.json';
import zhGifts from '@esim/i18n/locales/zh/gifts.json';
import arGifts from '@esim/i18n/locales/ar/gifts.json';
import ptGifts from '@esim/i18n/locales/pt/gifts.json';
import ruGifts from '@esim/i18n/locales/ru/gifts.json';
import jaGifts from '@esim/i18n/locales/ja/gifts.json';
import hiGifts from '@esim/i18n/locales/hi/gifts.json';
import enDisputes from '@esim/i18n/locales/en/disputes.json';
import esDisputes from '@esim/i18n/locales/es/disputes.json';
import frDisputes from '@esim/i18n/locales/fr/disputes.json';
import deDisputes from '@esim/i18n/locales/de/disputes.json';
import zhDisputes from '@esim/i18n/locales/zh/disputes.json';
import arDisputes from '@esim/i18n/locales/ar/disputes.json';
import ptDisputes from '@esim/i18n/locales/pt/disputes.json';
import ruDisputes from '@esim/i18n/locales/ru/disputes.json';
import jaDisputes from '@esim/i18n/locales/ja/disputes.json';
import hiDisputes from '@esim/i18n/locales/hi/disputes.json';
import enTickets from '@esim/i18n/locales/en/tickets.json';
import esTickets from '@esim/i18n/locales/es/tickets.json';
import frTickets from '@esim/i18n/locales/fr/tickets.json';
import deTickets from '@esim/i18n/locales/de/tickets.json';
import zhTickets from '@esim/i18n/locales/zh/tickets.json';
import arTickets from '@esim/i18n/locales/ar/tickets.json';
import ptTickets from '@esim/i18n/locales/pt/tickets.json';
import ruTickets from '@esim/i18n/locales/ru/tickets.json';
import jaTickets from '@esim/i18n/locales/ja/tickets.json';
import hiTickets from '@esim/i18n/locales/hi/tickets.json';
import { SHOP_LANGUAGES, type ShopLanguage } from '../domain/language.ts';

const resources = {
  en: {
    email: enEmail,
    plans: enPlans,
    destinations: enDestinations,
    disputes: enDisputes,
    tickets: enTickets,
    gifts: enGifts,
    'gift-checkout': enGiftCheckout,
  },
  es: {
    email: esEmail,
    plans: esPlans,
    destinations: esDestinations,
    disputes: esDisputes,
    tickets: esTickets,
    gifts: esGifts,
    'gift-checkout': esGiftCheckout,
  },
  fr: {
    email: frEmail,
    plans: frPlans,
    destinations: frDestinations,
    disputes: frDisputes,
    tickets: frTickets,
    gifts: frGifts,
    'gift-checkout': frGiftCheckout,
  },
  de: {
    email: deEmail,
    plans: dePlans,
    destinations: deDestinations,
    disputes: deDisputes,
    tickets: deTickets,
    gifts: deGifts,
    'gift-checkout': deGiftCheckout,
  },
  zh: {
    email: zhEmail,
    plans: zhPlans,
    destinations: zhDestinations,
    disputes: zhDisputes,
    tickets: zhTickets,
    gifts: zhGifts,
    'gift-checkout': zhGiftCheckout,
  },
  ar: {
    email: arEmail,
    plans: arPlans,
    destinations: arDestinations,
    disputes: arDisputes,
    tickets: arTickets,
    gifts: arGifts,
    'gift-checkout': arGiftCheckout,
  },
  pt: {
    email: ptEmail,
    plans: ptPlans,
    destinations: ptDestinations,
    disputes: ptDisputes,
    tickets: ptTickets,
    gifts: ptGifts,
    'gift-checkout': ptGiftCheckout,
  },
  ru: {
    email: ruEmail,
    plans: ruPlans,
    destinations: ruDestinations,
    disputes: ruDisputes,
    tickets: ruTickets,
    gifts: ruGifts,
    'gift-checkout': ruGiftCheckout,
  },
  ja: {
    email: jaEmail,
    plans: jaPlans,
    destinations: jaDestinations,
    disputes: jaDisputes,
    tickets: jaTickets,
    gifts: jaGifts,
    'gift-checkout': jaGiftCheckout,
  },
  hi: {
    email: hiEmail,
    plans: hiPlans,
    destinations: hiDestinations,
    disputes: hiDisputes,
    tickets: hiTickets,
    gifts: hiGifts,
    'gift-checkout': hiGiftCheckout,
  },
} satisfies Record<ShopLanguage, Record<'email' | 'plans' | 'destinations' | 'disputes' | 'tickets' | 'gifts' | 'gift-checkout', object>>;

let instance: I18n | null = null;

function emailI18n(): I18n {
  if (instance) return instance;
  const i18n = i18next.createInstance();
  // Synchronous: the resources are in memory and there is no backend.
  void i18n.init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...SHOP_LANGUAGES],
    ns: ['email', 'plans', 'destinations', 'disputes', 'tickets', 'gifts', 'gift-checkout'],
    defaultNS: 'email',
    initAsync: false,
    // Texts come out plain; render.ts escapes them where they go into HTML.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instance = i18n;
  return i18n;
}

/**
 * A `t` with string keys. Not i18next's TFunction: the web app's typed keys (its i18next.d.ts)
 * narrow that type wherever this file is type-checked from the web project.
 */
export type EmailT = (key: string, options?: Record<string, unknown>) => string;

/** `t` of one language, default namespace `email` (`{ ns: 'plans' }` reaches the others). */
export function emailT(lang: ShopLanguage): EmailT {
  const t: TFunction = emailI18n().getFixedT(lang, 'email');
  return (key, options) => String(t(key as never, options as never));
}
