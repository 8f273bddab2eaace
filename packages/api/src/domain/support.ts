// Contact form and newsletter inputs, shared by the server (procedure inputs) and the web app
// (form validation). Pure and browser-safe: zod only.
//
// The spec (section 5) puts no length limits on the contact form; the server still bounds every
// field so one request cannot store megabytes. The bounds are far above what a person types.
import { z } from 'zod';
import { EMAIL_MAX, MSG } from './validation.ts';

export const CONTACT_NAME_MAX = 200;
export const CONTACT_SUBJECT_MAX = 300;
export const CONTACT_MESSAGE_MAX = 10_000;
export const LOCALE_MAX = 35;

export const CONTACT_MSG = {
  required: MSG.required,
  invalid: 'Invalid input',
  email: MSG.email,
  nameMax: `Name must be at most ${CONTACT_NAME_MAX} characters`,
  subjectMax: `Subject must be at most ${CONTACT_SUBJECT_MAX} characters`,
  messageMax: `Message must be at most ${CONTACT_MESSAGE_MAX.toLocaleString('en')} characters`,
  locale: 'Invalid language',
  source: 'Invalid source',
} as const;

/** 'Required' when missing, 'Invalid input' for a wrong type. */
const text = () =>
  z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? CONTACT_MSG.required : CONTACT_MSG.invalid) });

/** Required text: trimmed, not empty after trimming, at most `max` characters. */
const requiredText = (max: number, maxMessage: string) => text().trim().min(1, CONTACT_MSG.required).max(max, maxMessage);

/** Trimmed and lowercased; '' → 'Required', otherwise a valid address. */
export const ZContactEmail = text()
  .trim()
  .toLowerCase()
  .min(1, CONTACT_MSG.required)
  .pipe(z.email(CONTACT_MSG.email).max(EMAIL_MAX, CONTACT_MSG.email));

// ── Contact form (support page) ───────────────────────────────────────────────────────────
export const ZContactInput = z.object({
  name: requiredText(CONTACT_NAME_MAX, CONTACT_MSG.nameMax),
  email: ZContactEmail,
  subject: requiredText(CONTACT_SUBJECT_MAX, CONTACT_MSG.subjectMax),
  message: requiredText(CONTACT_MESSAGE_MAX, CONTACT_MSG.messageMax),
});
export type TContactInput = z.infer<typeof ZContactInput>;

// ── Newsletter (blog list) ────────────────────────────────────────────────────────────────
/** A BCP 47-like language tag ('en', 'pt-BR', 'zh-Hans'); the web app sends its current language. */
export const ZLocale = text()
  .trim()
  .max(LOCALE_MAX, CONTACT_MSG.locale)
  .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, CONTACT_MSG.locale);

/** Where the form was: a short slug such as 'blog' or 'footer'. */
export const ZNewsletterSource = text()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, CONTACT_MSG.source);

export const ZSubscribeInput = z.object({
  email: ZContactEmail,
  locale: ZLocale.optional(),
  source: ZNewsletterSource.optional(),
});
export type TSubscribeInput = z.infer<typeof ZSubscribeInput>;

// ── Staff inbox ───────────────────────────────────────────────────────────────────────────
export const CONTACT_STATUSES = ['new', 'read', 'answered', 'closed'] as const;
export type TContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_LIST_MAX = 200;

export const ZContactListInput = z
  .object({
    status: z.enum(CONTACT_STATUSES).optional(),
    limit: z.number().int().min(1).max(CONTACT_LIST_MAX).default(50),
  })
  .default({ limit: 50 });
export type TContactListInput = z.infer<typeof ZContactListInput>;

/** A stored contact message, as support staff see it. */
export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  userId: number | null;
  ip: string;
  userAgent: string;
  status: TContactStatus;
  createdAt: string;
}
