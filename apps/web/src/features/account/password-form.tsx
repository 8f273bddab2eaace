// Change password: the current password first (the server checks it and throttles guesses), then
// the new one twice. Rules of §5 (at least 8; "Passwords don't match" on the confirmation).
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { PasswordField } from '../auth/password-field.tsx';
import { callError } from '../auth/trpc-error.ts';
import { isCommonPasswordRefusal, messagesOf, validatePasswordChange } from '../auth/rules.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm({ labelledBy }: { labelledBy?: string }) {
  const { t } = useTranslation('account');
  const { t: tv } = useTranslation('auth');
  const trpc = useTRPC();
  const change = useMutation(trpc.users.changePassword.mutationOptions());
  const form = useShopForm({
    name: 'change-password',
    initialValues: EMPTY,
    rules: (v) => messagesOf(validatePasswordChange(v).errors, tv),
    transformValues: (v) => validatePasswordChange(v).data,
  });

  const onSubmit = form.onSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast({ title: t('password.successTitle'), description: t('password.successDescription') });
        },
        onError: (error) => {
          const e = callError(error);
          let description = t('password.failedDescription');
          if (e.details['field'] === 'currentPassword') {
            description = t('password.wrongCurrent');
            form.setFieldError('currentPassword', description);
          } else if (isCommonPasswordRefusal(e.details)) {
            description = tv('validation.passwordCommon');
            form.setFieldError('newPassword', description);
          } else if (e.code === 'TOO_MANY_REQUESTS') {
            description = e.message;
          }
          toast({ title: t('password.failedTitle'), description, variant: 'destructive' });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <Stack gap="md" maw={480}>
        <Text c="dimmed" size="sm">
          {t('password.intro')}
        </Text>
        <PasswordField label={t('password.current')} autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
        <PasswordField
          label={t('password.new')}
          description={t('password.newHint')}
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordField label={t('password.confirm')} autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
        <Group>
          <Button type="submit" disabled={change.isPending} miw={180}>
            {change.isPending ? t('password.submitting') : t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
