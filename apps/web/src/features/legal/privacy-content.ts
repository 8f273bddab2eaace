// Privacy Policy (UK GDPR and EU GDPR style). The text is English in every language; the
// headings are translated (legal:privacy.sections.<id>). It describes what this shop really
// does: one strictly necessary session cookie, local storage for language and currency, session
// storage for the plan being bought, no analytics or advertising trackers. Update it when that
// changes (e.g. when the card processor's payment form arrives).
import { DELETION_LINK_MINUTES, PURCHASE_EVIDENCE_DAYS, REQUEST_COUNTER_MAX_MINUTES } from '@esim/api/domain/data-rights';
import type { LegalFacts, LegalSection } from './types.ts';

export const PRIVACY_SECTION_IDS = [
  'who',
  'collect',
  'use',
  'bases',
  'sharing',
  'transfers',
  'retention',
  'security',
  'rights',
  'cookies',
  'children',
  'changes',
  'contact',
] as const;
export type PrivacySectionId = (typeof PRIVACY_SECTION_IDS)[number];

export function privacySections({ product }: LegalFacts): LegalSection<PrivacySectionId>[] {
  return [
    {
      id: 'who',
      blocks: [
        `${product} ("we", "us", "our") is a UK licensed telecom operator selling prepaid eSIM data plans. We are the controller of the personal data described in this policy, which explains what we collect when you use our website and services, why, and the choices and rights you have. It is written to meet the UK General Data Protection Regulation (UK GDPR), the Data Protection Act 2018 and, for visitors in the European Economic Area, the EU GDPR.`,
      ],
    },
    {
      id: 'collect',
      blocks: [
        'We collect only what we need to sell you a plan and keep it working:',
        {
          list: [
            'Account data: your username, email address, optional full name and your password, which we store only as a secure one-way hash.',
            'Order data: the plans you buy, amounts, currency, dates and order status.',
            'Payment data: card payments are handled by our card payment processor. We never see or store your full card number; we receive only the result of the payment and a reference to it.',
            'Device and eSIM identifiers: the ICCID and activation code of each eSIM we issue to you, needed to provision and support it.',
            'Usage data: how much data each eSIM has used and when it was activated, reported by our network partners so we can show your balance and send usage alerts.',
            'Messages: what you send us through the contact form or by email, and the email address and language you give us if you subscribe to our newsletter.',
            'Security data: IP address, browser type and sign-in attempts, used to protect accounts and prevent fraud.',
            'Purchase evidence: the IP address and browser (User-Agent) each purchase was made from, kept with the order so that we can answer if the payment is disputed with your card issuer.',
          ],
        },
        'We do not collect your location from your device, and we do not see the content of your internet traffic.',
      ],
    },
    {
      id: 'use',
      blocks: [
        {
          list: [
            'to create and manage your account;',
            'to take payment, deliver your eSIM and provide the data service;',
            'to answer your questions and give technical support;',
            'to send service messages, such as order confirmations and usage alerts;',
            'to send our newsletter, if you asked for it;',
            'to keep our service secure, detect fraud and misuse of promotions and referrals;',
            'to meet our legal obligations, for example tax and accounting rules.',
          ],
        },
        'We do not sell your personal data, and we do not use it for third-party advertising.',
      ],
    },
    {
      id: 'bases',
      blocks: [
        {
          list: [
            'Contract: most processing is necessary to provide the plans you buy and the account you create.',
            'Legitimate interests: security, fraud prevention and improving our service, balanced against your rights.',
            'Consent: our newsletter. You can withdraw consent at any time, and withdrawal does not affect earlier processing.',
            'Legal obligation: keeping financial records and responding to lawful requests from authorities.',
          ],
        },
      ],
    },
    {
      id: 'sharing',
      blocks: [
        'We share personal data only with those who help us provide the service, under contracts that require them to protect it:',
        {
          list: [
            'our card payment processor, to take payments;',
            'our network and eSIM provisioning partners, who need eSIM identifiers and usage information to connect you;',
            'providers of hosting and email delivery;',
            'the partner or agent you bought through, if you did not buy directly from us;',
            'professional advisers, and authorities when the law requires it.',
          ],
        },
      ],
    },
    {
      id: 'transfers',
      blocks: [
        'Some of our partners are located outside the UK and the European Economic Area, in particular the network operators at your destination. When we transfer personal data abroad, we rely on adequacy regulations or use appropriate safeguards such as the UK International Data Transfer Agreement or the EU Standard Contractual Clauses.',
      ],
    },
    {
      id: 'retention',
      blocks: [
        {
          list: [
            'Account data: for as long as your account is open. Profile Settings → Your data downloads all of it (a JSON file and a readable summary) and deletes the account: you confirm with your password and a link we e-mail you, which works once for ' +
              `${DELETION_LINK_MINUTES} minutes. Your profile, points, check-ins, sessions, sign-in history and messages are then erased at once; active subscriptions are cancelled.`,
            'Order and payment records: for as long as tax and accounting law requires, generally six years in the UK. When you delete your account they are kept without your name or e-mail address.',
            `Purchase evidence (the IP address and browser of a purchase): ${PURCHASE_EVIDENCE_DAYS} days after the purchase, then cleared automatically, because card payments can be disputed up to 120 days after a purchase or after the service ends and a plan can run up to a year. Deleting your account clears it at once.`,
            `Request counters that protect the shop from abuse (kept per network address): at most ${REQUEST_COUNTER_MAX_MINUTES} minutes; they are not erased on request, so that deleting an account cannot reset them.`,
            'Support messages: as long as needed to resolve your request and any follow-up.',
            'Newsletter: until you unsubscribe.',
            'Security logs: for a limited period, unless needed to investigate an incident.',
          ],
        },
      ],
    },
    {
      id: 'security',
      blocks: [
        'All traffic to our website is encrypted with HTTPS. Passwords are stored only as salted one-way hashes, sessions are protected by a secure, HTTP-only cookie, and access to personal data within our team is limited to the people who need it.',
      ],
    },
    {
      id: 'rights',
      blocks: [
        'Under data protection law you have the right to:',
        {
          list: [
            'access the personal data we hold about you;',
            'have inaccurate data corrected;',
            'have your data erased, where there is no legal reason for us to keep it;',
            'restrict or object to certain processing;',
            'receive your data in a portable format;',
            'withdraw consent at any time, where we rely on consent.',
          ],
        },
        "To use any of these rights, contact us using the details below; we will reply within one month. You can also complain to the UK Information Commissioner's Office (ico.org.uk) or, in the EEA, to your local data protection authority.",
      ],
    },
    {
      id: 'cookies',
      blocks: [
        'We keep this to the strictly necessary minimum, so we do not ask for cookie consent:',
        {
          list: [
            'One session cookie, set only when you sign in, keeps you signed in. It is HTTP-only, so scripts cannot read it; it is deleted when you sign out and otherwise expires after 30 days, renewed while you keep using the site.',
            "One device cookie (esim_dev), set the first time you act on the site (signing in, checking out, sending a form), holds a random value we create; it says nothing about your browser or device. It is HTTP-only, first-party and kept for 400 days. We store only a one-way hash of it, with your sign-ins and with an order placed through a referral link, and use it for one thing: a referral reward is not paid when the friend's order comes from a device the referrer signs in from.",
            "One referral cookie (esim_ref), set only when you open a friend's referral link, holds that link's 8-character code so that the checkout can give you the friend's discount. It is first-party, kept for 30 days, and removed once an order with it is paid or the link is refused.",
            'Local storage in your browser remembers your chosen language (preferredLanguage) and currency (preferredCurrency).',
            'Session storage remembers the plan you selected (selectedPlan) until you close the tab.',
          ],
        },
        'We use no analytics, advertising or third-party tracking cookies. You can clear cookies and site data in your browser settings at any time; you will then be signed out and see the default language and currency.',
      ],
    },
    {
      id: 'children',
      blocks: [
        'Our services are intended for adults. We do not knowingly collect personal data from anyone under 18. If you believe a child has given us personal data, please contact us and we will delete it.',
      ],
    },
    {
      id: 'changes',
      blocks: [
        'We may update this policy when our service or the law changes. The date at the top of this page shows the latest version, and we will tell you by email about changes that significantly affect you.',
      ],
    },
    {
      id: 'contact',
      blocks: ['For any question about your personal data or this policy, contact us:', { contact: true }],
    },
  ];
}
