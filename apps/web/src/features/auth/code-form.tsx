// A one-field form for a second-factor code: 6 digits from an authenticator app, or a recovery
// code. On @mantine/form through useShopForm, with plain rules (no zod in the shop); the server's
// refusals land on the field (a wrong code; too many attempts).
import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { callError } from './trpc-error.ts';

/** The code as the server wants it: no spaces (apps show '123 456'). */
export function normalizeCode(code: string): string {
  return code.replace(/\s+/g, '');
}

/** Plain rules matching the server's ZTotpCode and ZRecoveryCode; the translated message or nothing. */
export function codeProblem(code: string, recovery: boolean): 'recoveryCodeNeeded' | 'codeNeeded' | null {
  const c = normalizeCode(code);
  if (recovery) return c.length >= 8 && c.length <= 32 ? null : 'recoveryCodeNeeded';
  return /^\d{6}$/.test(c) ? null : 'codeNeeded';
}

export function CodeForm({
  name,
  recovery,
  label,
  submitLabel,
  pending,
  onSubmitCode,
}: {
  /** Prefixes the input's data-path (two code forms never share one). */
  name: string;
  recovery: boolean;
  label: string;
  submitLabel?: string;
  pending: boolean;
  onSubmitCode: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const form = useShopForm({
    name,
    initialValues: { code: '' },
    rules: (v) => {
      const problem = codeProblem(v.code, recovery);
      return problem ? { code: t(`factors.${problem}`) } : {};
    },
    transformValues: (v) => ({ code: normalizeCode(v.code) }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async ({ code }) => {
        try {
          await onSubmitCode(code);
        } catch (e) {
          const err = callError(e);
          form.setFieldError('code', err.code === 'TOO_MANY_REQUESTS' ? t('factors.throttled') : t('factors.wrongCode'));
        }
      })}
    >
      <Stack gap="sm">
        <TextInput
          label={label}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          spellCheck={false}
          dir="ltr"
          required
          maw={280}
          {...form.getInputProps('code')}
        />
        <Button type="submit" disabled={pending} style={{ alignSelf: 'flex-start' }}>
          {submitLabel ?? t('factors.verify')}
        </Button>
      </Stack>
    </form>
  );
}
