// The shop's forms on @mantine/form, with the behaviour of spec §5: nothing is checked before the
// first submit; a submit checks every field and focuses the first wrong one; from then on every
// change checks the whole form again (so a confirmation follows its password, which Mantine's
// validateInputOnChange, checking only the changed field, would not). An error the server put on a
// field (setFieldError) stays until that field changes or the form is sent again.
// Rules are plain functions returning the message to show (rules.ts, contact-validation.ts), so zod
// stays out of the shop's first chunk; transformValues trims and lower-cases what is sent.
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useRef } from 'react';

export type FormMessages<V> = Partial<Record<keyof V, ReactNode>>;

export type ShopFormOptions<V, T> = {
  /** Prefixes each input's data-path, so two forms on one page never share one. */
  name: string;
  initialValues: V;
  /** Field → message (translated), or nothing when the field is right. */
  rules: (values: V) => FormMessages<V>;
  transformValues?: (values: V) => T;
};

export type ShopForm<V extends Record<string, string>, T> = Omit<UseFormReturnType<V, T>, 'reset'> & {
  /** Back to the start (or to `next`): empty errors, nothing checked until the next submit. */
  reset: (next?: V) => void;
};

export function useShopForm<V extends Record<string, string>, T = V>(options: ShopFormOptions<V, T>): ShopForm<V, T> {
  const { name, initialValues, rules, transformValues } = options;
  const submitted = useRef(false);
  const fromServer = useRef(new Set<string>());
  const check = (values: V): FormErrors => rules(values) as FormErrors;

  const form = useForm<V, T>({
    mode: 'controlled',
    name,
    initialValues,
    validate: check,
    ...(transformValues ? { transformValues } : {}),
    onValuesChange: (values, previous) => {
      for (const key of Object.keys(values)) if (values[key] !== previous[key]) fromServer.current.delete(key);
      if (!submitted.current) return;
      const found = check(values);
      form.setErrors((current) => {
        const next = { ...found };
        for (const key of fromServer.current) next[key] = current[key];
        return next;
      });
    },
  });

  const focus = (path: string) => form.getInputNode(path)?.focus();

  const onSubmit: UseFormReturnType<V, T>['onSubmit'] = (handleSubmit, handleFailure) => (event) => {
    submitted.current = true;
    fromServer.current.clear();
    form.onSubmit(handleSubmit, (errors, values, e) => {
      const first = Object.keys(errors)[0];
      if (first) focus(first);
      handleFailure?.(errors, values, e);
    })(event);
  };

  const setFieldError: UseFormReturnType<V, T>['setFieldError'] = (path, error) => {
    fromServer.current.add(String(path));
    form.setFieldError(path, error);
    focus(String(path));
  };

  const reset = (next?: V) => {
    submitted.current = false;
    fromServer.current.clear();
    if (next) {
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      form.clearErrors();
    } else {
      form.reset();
    }
  };

  return { ...form, onSubmit, setFieldError, reset };
}
