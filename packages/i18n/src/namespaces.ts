// The translation namespaces. Add a namespace by creating locales/en/<ns>.json (complete),
// `{}` files for the other languages, and a line here and in types.ts.
import type common from '../locales/en/common.json';
import type landing from '../locales/en/landing.json';
import type checkout from '../locales/en/checkout.json';
import type auth from '../locales/en/auth.json';
import type account from '../locales/en/account.json';
import type about from '../locales/en/about.json';
import type blog from '../locales/en/blog.json';
import type legal from '../locales/en/legal.json';
import type rewards from '../locales/en/rewards.json';
import type coverage from '../locales/en/coverage.json';
import type support from '../locales/en/support.json';
import type faq from '../locales/en/faq.json';
import type esim from '../locales/en/esim.json';
import type plans from '../locales/en/plans.json';
import type destinations from '../locales/en/destinations.json';
import type seo from '../locales/en/seo.json';
import type email from '../locales/en/email.json';
import type devices from '../locales/en/devices.json';
import type receipt from '../locales/en/receipt.json';
import type app from '../locales/en/app.json';
import type admin from '../locales/en/admin.json';
import type rights from '../locales/en/rights.json';
import type trip from '../locales/en/trip.json';
import type disputes from '../locales/en/disputes.json';
import type tickets from '../locales/en/tickets.json';
import type ticketsAdmin from '../locales/en/tickets-admin.json';
import type promotions from '../locales/en/promotions.json';
import type invoice from '../locales/en/invoice.json';
import type accessibility from '../locales/en/accessibility.json';
import type doctor from '../locales/en/doctor.json';
import type gifts from '../locales/en/gifts.json';
import type chat from '../locales/en/chat.json';
import type chatAdmin from '../locales/en/chat-admin.json';
import type referrals from '../locales/en/referrals.json';
import type checkoutBusiness from '../locales/en/checkout-business.json';
import type promoLimits from '../locales/en/promo-limits.json';
import type giftCheckout from '../locales/en/gift-checkout.json';

export const NAMESPACES = [
  'common',
  'landing',
  'checkout',
  'auth',
  'account',
  'about',
  'blog',
  'legal',
  'rewards',
  'coverage',
  'support',
  'faq',
  'esim',
  'destinations',
  'plans',
  'email',
  'devices',
  'receipt',
  'app',
  'seo',
  'admin',
  'rights',
  'trip',
  'disputes',
  'tickets',
  'tickets-admin',
  'promotions',
  'invoice',
  'accessibility',
  'doctor',
  'gifts',
  'chat',
  'chat-admin',
  'referrals',
  'checkout-business',
  'promo-limits',
  'gift-checkout',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;

/**
 * Namespaces written in English only (the README says so): the admin area. Other languages have no
 * file; i18next falls back to English, and the page direction still follows the chosen language.
 */
export const ENGLISH_ONLY_NAMESPACES: readonly Namespace[] = ['admin', 'tickets-admin', 'chat-admin'];

/** The English resources' shape: the source of typed keys. */
export interface Resources {
  common: typeof common;
  landing: typeof landing;
  checkout: typeof checkout;
  auth: typeof auth;
  account: typeof account;
  about: typeof about;
  blog: typeof blog;
  legal: typeof legal;
  rewards: typeof rewards;
  coverage: typeof coverage;
  support: typeof support;
  faq: typeof faq;
  esim: typeof esim;
  destinations: typeof destinations;
  plans: typeof plans;
  email: typeof email;
  devices: typeof devices;
  receipt: typeof receipt;
  app: typeof app;
  seo: typeof seo;
  admin: typeof admin;
  rights: typeof rights;
  trip: typeof trip;
  disputes: typeof disputes;
  tickets: typeof tickets;
  'tickets-admin': typeof ticketsAdmin;
  promotions: typeof promotions;
  invoice: typeof invoice;
  accessibility: typeof accessibility;
  doctor: typeof doctor;
  gifts: typeof gifts;
  chat: typeof chat;
  'chat-admin': typeof chatAdmin;
  referrals: typeof referrals;
  'checkout-business': typeof checkoutBusiness;
  'promo-limits': typeof promoLimits;
  'gift-checkout': typeof giftCheckout;
}
