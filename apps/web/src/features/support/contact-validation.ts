// The contact form's rules, as plain code. The server validates the same input with the zod
// schema ZContactInput ('@esim/api/domain'); this mirror exists so the support page does not
// pull zod's full schema builder into the bundle: zod's core modules are shared with the
// initial chunk (validateSearch uses zod/mini), so every zod feature a lazy page uses lands in
// the initial JS as well. For the same reason nothing is imported from '@esim/api/domain'
// here: its support module builds its zod schemas at load time. contact-validation.test.ts
// checks that these limits, messages and results agree with the server's schema.

/** The server's bounds (domain/support.ts, domain/validation.ts). */
export const CONTACT_LIMITS = { name: 200, subject: 300, message: 10_000, email: 254 } as const;

/** The server's English validation messages (CONTACT_MSG), to map its replies to translations. */
export const SERVER_MESSAGES = {
  required: 'Required',
  invalid: 'Invalid input',
  email: 'Please enter a valid email address',
  nameMax: 'Name must be at most 200 characters',
  subjectMax: 'Subject must be at most 300 characters',
  messageMax: 'Message must be at most 10,000 characters',
} as const;

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

export type ContactErrorKey = 'required' | 'email' | 'invalid' | 'nameMax' | 'subjectMax' | 'messageMax';
export type ContactErrors = Partial<Record<ContactField, ContactErrorKey>>;

/** zod's z.email() pattern (zod/v4/core/regexes.js `email`), so the server agrees. */
const EMAIL = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

const MAX: Record<Exclude<ContactField, 'email'>, [number, ContactErrorKey]> = {
  name: [CONTACT_LIMITS.name, 'nameMax'],
  subject: [CONTACT_LIMITS.subject, 'subjectMax'],
  message: [CONTACT_LIMITS.message, 'messageMax'],
};

/** What the server stores: every field trimmed, the e-mail address lowercased. */
export function normalizeContact(values: ContactValues): ContactValues {
  return {
    name: values.name.trim(),
    email: values.email.trim().toLowerCase(),
    subject: values.subject.trim(),
    message: values.message.trim(),
  };
}

/** The first problem of each field, as a translation key (support:contact.errors.*); {} when valid. */
export function validateContact(values: ContactValues): ContactErrors {
  const v = normalizeContact(values);
  const errors: ContactErrors = {};
  for (const field of ['name', 'subject', 'message'] as const) {
    const [max, key] = MAX[field];
    if (!v[field]) errors[field] = 'required';
    else if (v[field].length > max) errors[field] = key;
  }
  if (!v.email) errors.email = 'required';
  else if (!EMAIL.test(v.email) || v.email.length > CONTACT_LIMITS.email) errors.email = 'email';
  return errors;
}

const KEY_OF_MESSAGE: ReadonlyMap<string, ContactErrorKey> = new Map(
  Object.entries(SERVER_MESSAGES).map(([key, message]) => [message, key as ContactErrorKey]),
);

export function isContactField(key: unknown): key is ContactField {
  return typeof key === 'string' && (CONTACT_FIELDS as readonly string[]).includes(key);
}

/** The server's (English) validation message → the translation key; 'invalid' when unknown. */
export function errorKeyOf(message: string): ContactErrorKey {
  return KEY_OF_MESSAGE.get(message) ?? 'invalid';
}
