// A small form hook for the account forms (spec §5): validate on submit, then again on every
// change. Values are strings; `validate` (rules.ts) returns i18n keys, shown through t('auth').
// Server-side field errors (already translated) sit on top until that field changes.
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, Validation } from './rules.ts';

export function useForm<V extends Record<string, string>, Out>(initialValues: V, validate: (values: V) => Validation<V, Out>) {
  type K = Extract<keyof V, string>;
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<K, string>>>({});
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  /** Focus the first invalid field once the errors have rendered. */
  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const setValue = (name: K, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted.current) setErrors(validate(next).errors);
    if (serverErrors[name]) setServerErrors({ ...serverErrors, [name]: undefined });
  };

  const onSubmit = (onValid: (data: Out) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const result = validate(values);
    setErrors(result.errors);
    setServerErrors({});
    if (result.ok) onValid(result.data);
    else focusFirstError();
  };

  const errorOf = (name: K): string | undefined => {
    const key = errors[name];
    return serverErrors[name] ?? (key ? t(key) : undefined);
  };

  const getInputProps = (name: K) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, e.currentTarget.value),
    error: errorOf(name),
  });

  /** Show a server-side error on a field (translated text); cleared when the field changes. */
  const setFieldError = (name: K, message: string) => {
    setServerErrors((prev) => ({ ...prev, [name]: message }));
    focusFirstError();
  };

  const reset = (next: V = initialValues) => {
    submitted.current = false;
    setValues(next);
    setErrors({});
    setServerErrors({});
  };

  return { values, errorOf, getInputProps, onSubmit, setFieldError, reset, formRef };
}
