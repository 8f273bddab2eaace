// The support page's topics and their questions (texts in the 'support' namespace:
// faq.items.<id>.q / .a; answers are plain text, one paragraph per line).
import type supportEn from '@esim/i18n/locales/en/support.json';
import type { SupportTopic } from './topics.ts';

export type SupportFaqId = keyof typeof supportEn.faq.items;

export const SUPPORT_FAQ: Readonly<Record<SupportTopic, readonly SupportFaqId[]>> = {
  installation: ['installHow', 'installAgain'],
  billing: ['billingMethods', 'billingRefund'],
  technical: ['technicalNoData', 'technicalSlow'],
  account: ['accountDashboard', 'accountTopUp'],
  coverage: ['coverageWhere', 'coverageWhich'],
  devices: ['devicesList', 'devicesCheck'],
};
