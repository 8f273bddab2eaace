// The barrier report's rules, as plain code (house rule 15; no zod in a lazy chunk). The report is
// sent as a support message (support.contact), so its limits are the contact form's: the composed
// subject and message must fit the server's ZContactInput (contact-validation.ts mirrors it).
import { CONTACT_LIMITS, validateContact } from '../support/contact-validation.ts';

export type BarrierValues = {
  name: string;
  email: string;
  page: string;
  problem: string;
  assistive: string;
};

export type BarrierErrorKey = 'required' | 'email' | 'tooLong';
export type BarrierErrors = Partial<Record<keyof BarrierValues, BarrierErrorKey>>;

/** Short fields stay well inside the message's bounds once composed. */
export const BARRIER_LIMITS = { page: 200, assistive: 200, problem: 8000 } as const;

/** The support message the report becomes (in English: the back office reads English). */
export function barrierMessage(v: BarrierValues): { name: string; email: string; subject: string; message: string } {
  const page = v.page.trim();
  const lines = [
    'Accessibility barrier reported through /accessibility.',
    `Page or feature: ${page}`,
    `Assistive technology: ${v.assistive.trim() || 'not given'}`,
    '',
    v.problem.trim(),
  ];
  return {
    name: v.name.trim(),
    email: v.email.trim().toLowerCase(),
    subject: `Accessibility barrier: ${page}`.slice(0, CONTACT_LIMITS.subject),
    message: lines.join('\n'),
  };
}

/** The first problem of each field; {} when the report can be sent. */
export function validateBarrier(v: BarrierValues): BarrierErrors {
  const errors: BarrierErrors = {};
  const contact = validateContact(barrierMessage(v));
  if (contact.name) errors.name = contact.name === 'required' ? 'required' : 'tooLong';
  if (contact.email) errors.email = contact.email === 'required' ? 'required' : 'email';
  if (!v.page.trim()) errors.page = 'required';
  else if (v.page.trim().length > BARRIER_LIMITS.page) errors.page = 'tooLong';
  if (!v.problem.trim()) errors.problem = 'required';
  else if (v.problem.trim().length > BARRIER_LIMITS.problem) errors.problem = 'tooLong';
  if (v.assistive.trim().length > BARRIER_LIMITS.assistive) errors.assistive = 'tooLong';
  return errors;
}
