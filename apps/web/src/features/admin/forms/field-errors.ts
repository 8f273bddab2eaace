// The back office's forms are @mantine/form forms validated by the server's own zod schemas
// (domain/admin.ts): zodRules is the `validate` they pass, serverFieldErrors what a failed call
// puts on their fields. Nothing here keeps state: values and errors live in the form.
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { callError } from '../../auth/trpc-error.ts';

/**
 * A form's `validate`: the schema run over the procedure input the values make (`inputOf`), the
 * first message per field; a path under 'patch' ({ id, patch }) names the patch's field. `say`
 * replaces the schema's message for a field (text where a number belongs gets zod's type message;
 * the form says what the field needs instead).
 */
export function zodRules<V>(
  schema: z.ZodType,
  inputOf: (values: V) => unknown,
  say: Partial<Record<string, string>> = {},
): (values: V) => FormErrors {
  return (values) => {
    const result = schema.safeParse(inputOf(values));
    if (result.success) return {};
    const fields: FormErrors = {};
    for (const issue of result.error.issues) {
      const [first, second] = issue.path;
      const key = String(first === 'patch' && second !== undefined ? second : (first ?? ''));
      if (!(key in fields)) fields[key] = say[key] ?? issue.message;
    }
    return fields;
  };
}

/** Focus the first field with a message (by its name attribute) inside a form: a form's onSubmit failure handler. */
export function focusFirstError(errors: FormErrors, _values: unknown, event: { currentTarget: EventTarget | null } | undefined): void {
  const form = event?.currentTarget;
  const first = Object.keys(errors)[0];
  if (first && form instanceof HTMLFormElement) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/**
 * The fields a failed call named: zod's field messages, and an AppError's details.field (e.g. a
 * region code already taken) with the error's message.
 */
export function serverFieldErrors(error: unknown): FormErrors {
  const e = callError(error);
  const fields: FormErrors = {};
  for (const [field, messages] of Object.entries(e.fieldErrors)) {
    if (messages?.[0]) fields[field] = messages[0];
  }
  if (typeof e.details.field === 'string') fields[e.details.field] = e.message;
  return fields;
}
