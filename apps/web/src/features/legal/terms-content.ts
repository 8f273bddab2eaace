// Terms and Conditions (spec §2 'Terms and Privacy', §9). The text is English in every language;
// the headings are translated (legal:terms.sections.<id>). Keep the ids stable: they are the
// anchors of the table of contents (/terms#refunds).
import type { LegalFacts, LegalSection } from './types.ts';

export const TERMS_SECTION_IDS = [
  'about',
  'eligibility',
  'service',
  'orders',
  'delivery',
  'validity',
  'refunds',
  'fairUse',
  'rewards',
  'suspension',
  'liability',
  'changes',
  'law',
  'contact',
] as const;
export type TermsSectionId = (typeof TERMS_SECTION_IDS)[number];

export function termsSections({ product }: LegalFacts): LegalSection<TermsSectionId>[] {
  return [
    {
      id: 'about',
      blocks: [
        `These terms and conditions ("Terms") apply to every purchase and use of the prepaid eSIM data plans sold by ${product} ("we", "us", "our") through this website and through our authorised partners and agents. Please read them carefully: by creating an account or placing an order you agree to them.`,
        `${product} is a UK licensed telecom operator. Besides travel eSIMs we provide cloud communications, IoT connectivity, specialist mobile services and AI integration. We may resell our services through partners or agents; when you buy through one of them, these Terms still govern your use of our service.`,
      ],
    },
    {
      id: 'eligibility',
      blocks: [
        'To buy a plan you must be at least 18 years old, or the age of majority where you live, and able to enter into a binding contract.',
        {
          list: [
            'The information you give us, including your name and email address, must be accurate and kept up to date.',
            'You are responsible for keeping your password confidential and for all activity under your account. Tell us at once if you suspect unauthorised use.',
            'An account is personal to you. You may buy plans for travelling companions, but you remain responsible for how those plans are used.',
          ],
        },
      ],
    },
    {
      id: 'service',
      blocks: [
        'Our plans provide mobile data only. They do not include a phone number, voice calls or SMS; you can keep your usual SIM active for calls and texts or use internet-based calling and messaging apps.',
        'To use a plan you need an eSIM-compatible device that is not locked to another carrier, running iOS 12.1 or later or Android 9.0 or later. It is your responsibility to check compatibility before you buy. Service is provided over the networks of our local partners on 4G or 5G where available; coverage, speeds and network availability vary by location and are not guaranteed at every place and time.',
      ],
    },
    {
      id: 'orders',
      blocks: [
        'All plans are prepaid. A one-time plan is paid once and never renews. A monthly subscription is charged at the start of each monthly period until you cancel it; you can cancel at any time from your account, and cancellation takes effect at the end of the period already paid for.',
        'Prices include applicable taxes unless stated otherwise at checkout. Prices shown in a currency other than US dollars are converted for your convenience; if your card is in a different currency, your card issuer may apply its own exchange rate and fees.',
        'Card payments are processed by our payment processor. We never see or store your full card number. A contract is formed when we confirm your order by email.',
      ],
    },
    {
      id: 'delivery',
      blocks: [
        'After payment your eSIM is delivered by email, with a QR code and an installation link, and is also available in your account.',
        {
          list: [
            'Each QR code can be used only once. Do not delete the eSIM from your device after installing it: a deleted eSIM usually cannot be installed again.',
            'Data roaming must be enabled for the eSIM line on your device, otherwise the eSIM cannot connect.',
            'Keep your QR code private. Anyone who scans it before you can install your eSIM on their device.',
          ],
        },
      ],
    },
    {
      id: 'validity',
      blocks: [
        'The validity period of a plan starts when the eSIM is activated, that is when it first connects to a supported network at your destination, not when you buy it.',
        "Service ends when you have used all of the plan's data or when the plan's validity period expires, whichever comes first. Unused data does not carry over to another plan and has no cash value. You can buy a top-up from your account dashboard.",
      ],
    },
    {
      id: 'refunds',
      blocks: [
        "Refunds or changes to an order are possible only before the eSIM has been activated, or where a technical problem on our side or our network provider's side prevents you from using the service.",
        {
          list: [
            'If your eSIM has not been activated, you can ask for a full refund within 14 days of purchase.',
            'If a technical problem from the provider stops the service from working, contact our support team. We will help you troubleshoot, and if we cannot fix the problem we will replace the plan or refund it.',
            'We cannot refund a plan that has been activated and works as described, or a problem caused by an incompatible or carrier-locked device, by data roaming being switched off, or by a deleted eSIM.',
          ],
        },
        'Refunds are made to the card used for the purchase. Nothing in these Terms affects your statutory rights as a consumer.',
      ],
    },
    {
      id: 'fairUse',
      blocks: [
        'Plans are for personal use on your own devices. Plans described as unlimited are subject to the fair-use limit stated in the plan description, after which speeds may be reduced. You must not:',
        {
          list: [
            'resell, rent out or commercially redistribute a plan without our written agreement;',
            'use the service in SIM boxes, for automated or bulk traffic, or in any way that harms our networks or other customers;',
            'use the service for anything unlawful, fraudulent or abusive.',
          ],
        },
      ],
    },
    {
      id: 'rewards',
      blocks: [
        'Reward points, credits, promotional codes and referral benefits have no cash value, cannot be transferred or exchanged for money and may only be used as described when they are offered. We may change or end a promotion or the rewards programme, but we will honour rewards already earned in line with the rules that applied when they were earned.',
      ],
    },
    {
      id: 'suspension',
      blocks: [
        'We may suspend or close an account, and cancel the plans or rewards linked to it, if you seriously or repeatedly breach these Terms, if we reasonably suspect fraud, or if credits, promotions or referrals are misused, for example through fake accounts or self-referrals. Where the law allows, we will tell you the reason.',
        'You can close your account at any time by contacting us.',
      ],
    },
    {
      id: 'liability',
      blocks: [
        'Our networks are operated by third-party partners, and we do not guarantee that the service will be uninterrupted or available in every location. We are not liable for losses that were not reasonably foreseeable, or for business losses such as lost profits or opportunities.',
        'Our total liability to you for a plan is limited to the amount you paid for that plan. Nothing in these Terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else that cannot be limited by law.',
      ],
    },
    {
      id: 'changes',
      blocks: [
        'We may update these Terms from time to time. The date at the top of this page shows when they last changed. The Terms in force when you placed an order apply to that order; we will tell you about significant changes that affect an active subscription before they take effect.',
      ],
    },
    {
      id: 'law',
      blocks: [
        'These Terms are governed by the laws of the United Kingdom, and disputes are subject to the courts of England and Wales. If you live elsewhere in the UK or in another country, you keep any protection that the mandatory laws of your home country give you, and you may bring proceedings in your local courts.',
      ],
    },
    {
      id: 'contact',
      blocks: [
        'If you have a question about these Terms or a problem with your plan, our support team is available 24/7:',
        { contact: true },
      ],
    },
  ];
}
