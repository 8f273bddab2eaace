// The server's own checks (domain/admin.ts schemas), run before sending: the first message per
// field, so a form shows each next to its field and sends nothing while one is wrong.
import { useState } from 'react';
import type { z } from 'zod';
import { callError } from '../../auth/trpc-error.ts';

export type FieldErrors = Record<string, string>;

/** Field name → message; a path under 'patch' ({ id, patch }) names the patch's field. */
export function fieldErrorsOf(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const [first, second] = issue.path;
    const key = String(first === 'patch' && second !== undefined ? second : (first ?? ''));
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** Focus the first field with a message (by its name attribute) inside a form. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors): void {
  const first = Object.keys(errors)[0];
  if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/**
 * The fields a failed call named: zod's field messages, and an AppError's details.field (e.g. a
 * region code already taken) with the error's message.
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  const e = callError(error);
  const fields: FieldErrors = {};
  for (const [field, messages] of Object.entries(e.fieldErrors)) {
    if (messages?.[0]) fields[field] = messages[0];
  }
  if (typeof e.details.field === 'string') fields[e.details.field] = e.message;
  return fields;
}

/**
 * A form's field messages and the server's error, as every admin form keeps them: `accept` shows
 * the messages the schema found (clearing the last server error) and focuses the first wrong field,
 * true when there is none; `failed` shows what a failed call named.
 */
export function useFormErrors(): {
  errors: FieldErrors;
  serverError: unknown;
  accept: (form: HTMLFormElement, found: FieldErrors) => boolean;
  failed: (error: unknown) => void;
} {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const accept = (form: HTMLFormElement, found: FieldErrors): boolean => {
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length === 0) return true;
    focusFirstError(form, found);
    return false;
  };
  const failed = (error: unknown): void => {
    setErrors(serverFieldErrors(error));
    setServerError(error);
  };
  return { errors, serverError, accept, failed };
}
