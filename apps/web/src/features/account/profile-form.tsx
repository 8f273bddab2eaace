// The profile form (spec §2 Account area, §5 Profile): fullName (optional), email, username; the
// 'full' variant adds the content's other reading of registration (first and last name, mobile,
// photo URL, travel preferences), all optional. 'Saving…' while busy; toasts of §8; a username
// that is taken is an error on that field. A new e-mail address waits for the link sent to it.
import { Alert, Button, Grid, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import type { SessionUser } from '../auth/session.ts';
import { callError } from '../auth/trpc-error.ts';
import { messagesOf, serverMessageKey, validateProfile, type ProfileValues } from '../auth/rules.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { isolated } from '../../components/bidi.tsx';

function fullValues(user: SessionUser): ProfileValues {
  return {
    fullName: user.fullName ?? '',
    email: user.email,
    username: user.username,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    mobile: user.mobile ?? '',
    photoUrl: user.photoUrl ?? '',
    travelPreferences: user.travelPreferences ?? '',
  };
}

export interface ProfileFormProps {
  user: SessionUser;
  /** 'basic': the spec's three fields (dashboard); 'full': with the optional contact fields. */
  variant?: 'basic' | 'full';
  /** A heading id the form is labelled by. */
  labelledBy?: string;
}

export function ProfileForm({ user, variant = 'full', labelledBy }: ProfileFormProps) {
  const { t } = useTranslation('account');
  const { t: tv } = useTranslation('auth');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.users.updateProfile.mutationOptions());
  const full = variant === 'full';
  // The basic form holds the extra fields too, but neither checks nor sends them.
  const form = useShopForm({
    name: `profile-${variant}`,
    initialValues: fullValues(user),
    rules: (v) => messagesOf(validateProfile(v, variant).errors, tv),
    transformValues: (v) => validateProfile(v, variant).data,
  });

  // The address a confirmation link went to (the account's address changes when it is opened).
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  const onSubmit = form.onSubmit((input) => {
    update.mutate(input, {
      onSuccess: ({ pendingEmail: pending, ...updated }) => {
        // The header and every other reader of the session follow (e.g. a new username).
        queryClient.setQueryData(trpc.auth.me.queryKey(), updated);
        form.reset(fullValues(updated));
        if (pending) setPendingEmail(pending);
        toast({ title: t('profile.successTitle'), description: t('profile.successDescription') });
      },
      onError: (error) => {
        const e = callError(error);
        let description = t('profile.failedDescription');
        // A taken username is a field error (usernames are public); a taken e-mail is never told here.
        if (e.code === 'CONFLICT' && e.details['field'] === 'username') {
          description = t('profile.usernameTaken');
          form.setFieldError('username', description);
        }
        for (const [name, messages] of Object.entries(e.fieldErrors)) {
          if (messages?.[0] && name in form.values) form.setFieldError(name as keyof ProfileValues, tv(serverMessageKey(messages[0])));
        }
        toast({ title: t('profile.failedTitle'), description, variant: 'destructive' });
      },
    });
  });

  const optional = (
    <Text span c="dimmed" size="xs" fw={400}>
      ({t('profile.optional')})
    </Text>
  );
  const withOptional = (label: string) => (
    <>
      {label} {optional}
    </>
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: full ? 6 : 12 }}>
            <TextInput label={withOptional(t('profile.fullName'))} autoComplete="name" {...form.getInputProps('fullName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('profile.username')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              {...form.getInputProps('username')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('profile.email')}
              type="email"
              dir="ltr"
              inputMode="email"
              autoComplete="email"
              spellCheck={false}
              required
              {...form.getInputProps('email')}
            />
          </Grid.Col>
        </Grid>
        {pendingEmail ? (
          <Alert color="brand" variant="light" role="status">
            {isolated({ email: pendingEmail }, (v) => t('profile.emailPending', v))}
          </Alert>
        ) : null}
        {full ? (
          <>
            <Title order={3} fz="md" mt="xs">
              {t('profile.contactSection')}
            </Title>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={withOptional(t('profile.firstName'))} autoComplete="given-name" {...form.getInputProps('firstName')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={withOptional(t('profile.lastName'))} autoComplete="family-name" {...form.getInputProps('lastName')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={withOptional(t('profile.mobile'))}
                  description={t('profile.mobileHint')}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  dir="ltr"
                  {...form.getInputProps('mobile')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={withOptional(t('profile.photoUrl'))}
                  description={t('profile.photoUrlHint')}
                  type="url"
                  inputMode="url"
                  autoComplete="photo"
                  spellCheck={false}
                  dir="ltr"
                  {...form.getInputProps('photoUrl')}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <Textarea
                  label={withOptional(t('profile.travelPreferences'))}
                  description={t('profile.travelPreferencesHint')}
                  rows={4}
                  resize="vertical"
                  {...form.getInputProps('travelPreferences')}
                />
              </Grid.Col>
            </Grid>
          </>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" disabled={update.isPending} miw={160}>
            {update.isPending ? t('profile.submitting') : t('profile.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
