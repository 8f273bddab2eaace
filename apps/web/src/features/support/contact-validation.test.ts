import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX, CONTACT_MSG, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX, EMAIL_MAX, ZContactInput } from '@esim/api/domain';
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  SERVER_MESSAGES,
  errorKeyOf,
  normalizeContact,
  validateContact,
  type ContactErrors,
  type ContactValues,
} from './contact-validation.ts';

const ok: ContactValues = { name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello' };

const CASES: [Partial<ContactValues>, ContactErrors][] = [
  [
    { name: '', email: '', subject: '', message: '' },
    { name: 'required', email: 'required', subject: 'required', message: 'required' },
  ],
  [{ name: '   ' }, { name: 'required' }],
  [{ message: ' \n ' }, { message: 'required' }],
  [{ email: 'not-an-email' }, { email: 'email' }],
  [{ email: 'ann@example' }, { email: 'email' }],
  [{ email: 'ann@@example.com' }, { email: 'email' }],
  [{ email: '.ann@example.com' }, { email: 'email' }],
  [{ email: '  Ann.Lee+trip@Example.co.uk ' }, {}],
  [{ email: `${'a'.repeat(250)}@example.com` }, { email: 'email' }],
  [{ name: 'x'.repeat(200) }, {}],
  [{ name: 'x'.repeat(201) }, { name: 'nameMax' }],
  [{ subject: 'x'.repeat(301) }, { subject: 'subjectMax' }],
  [{ message: 'x'.repeat(10_001) }, { message: 'messageMax' }],
  [{}, {}],
];

/** What the server's schema says about the same values, as translation keys. */
function serverErrors(values: ContactValues): ContactErrors {
  const result = ZContactInput.safeParse(values);
  const errors: ContactErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as (typeof CONTACT_FIELDS)[number];
      errors[field] ??= errorKeyOf(issue.message);
    }
  }
  return errors;
}

describe('validateContact', () => {
  it.each(CASES)('%j → %j', (patch, expected) => {
    expect(validateContact({ ...ok, ...patch })).toEqual(expected);
  });

  it.each(CASES)('agrees with the server schema ZContactInput: %j', (patch) => {
    const values = { ...ok, ...patch };
    expect(validateContact(values)).toEqual(serverErrors(values));
  });
});

describe('normalizeContact', () => {
  it('trims every field and lowercases the e-mail, as the server stores them', () => {
    const values = { name: ' Ann ', email: ' Ann@Example.COM ', subject: ' Hi ', message: ' Hello \n' };
    expect(normalizeContact(values)).toEqual(ZContactInput.parse(values));
  });
});

describe('mirror of the server schema', () => {
  it('has the same limits and messages as @esim/api/domain', () => {
    expect(CONTACT_LIMITS).toEqual({
      name: CONTACT_NAME_MAX,
      subject: CONTACT_SUBJECT_MAX,
      message: CONTACT_MESSAGE_MAX,
      email: EMAIL_MAX,
    });
    for (const [key, message] of Object.entries(SERVER_MESSAGES)) expect(CONTACT_MSG[key as keyof typeof CONTACT_MSG]).toBe(message);
  });
});
