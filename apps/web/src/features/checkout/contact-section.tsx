// The checkout's contact step: guests type the e-mail their eSIM goes to; signed-in shoppers
// see their account's address (no field); a top-up through a 'Manage your eSIM' link (issue 26)
// goes to the address of the linked order (no field either: the server binds it).
import type { Ref } from 'react';
import { Anchor, Group, Text, TextInput, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { emailError } from '../auth/rules.ts';
import { isolated } from '../../components/bidi.tsx';

export function emailIsValid(value: string): boolean {
  return emailError(value) === undefined;
}

export interface ContactSectionProps {
  /** The signed-in user's address; null for a guest. */
  accountEmail: string | null;
  /** A top-up through the eSIM's 'Manage your eSIM' link: the e-mail goes to the linked order's address. */
  linked?: boolean;
  email: string;
  onEmailChange: (value: string) => void;
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  /** Where 'Sign in' comes back to. */
  returnTo: string;
}

export function ContactSection({
  accountEmail,
  linked = false,
  email,
  onEmailChange,
  error,
  inputRef,
  disabled,
  returnTo,
}: ContactSectionProps) {
  const { t } = useTranslation('checkout');
  if (linked) {
    return (
      <section aria-labelledby="checkout-contact">
        <Title order={2} fz="lg" id="checkout-contact" mb="xs">
          {t('contact.heading')}
        </Title>
        <Group gap="xs" wrap="nowrap" data-testid="link-email">
          <IconMail size={18} aria-hidden color="var(--mantine-color-brand-7)" style={{ flexShrink: 0 }} />
          <Text size="sm">{t('topUp.linkEmail')}</Text>
        </Group>
      </section>
    );
  }
  return (
    <section aria-labelledby="checkout-contact">
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <Title order={2} fz="lg" id="checkout-contact">
          {t('contact.heading')}
        </Title>
        {accountEmail ? null : (
          <Text size="sm" c="dimmed">
            {t('contact.haveAccount')}{' '}
            <Anchor fw={600} size="sm" renderRoot={(props) => <Link to="/login" search={{ redirect: returnTo }} {...props} />}>
              {t('contact.signIn')}
            </Anchor>
          </Text>
        )}
      </Group>
      {accountEmail ? (
        <Group gap="xs" wrap="nowrap" data-testid="account-email">
          <IconMail size={18} aria-hidden color="var(--mantine-color-brand-7)" />
          <Text size="sm">{isolated({ email: accountEmail }, (v) => t('contact.signedInAs', v))}</Text>
        </Group>
      ) : (
        <TextInput
          ref={inputRef}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
          required
          label={t('contact.email')}
          description={t('contact.emailHint')}
          placeholder={t('contact.emailPlaceholder')}
          value={email}
          onChange={(e) => onEmailChange(e.currentTarget.value)}
          error={error}
          disabled={disabled}
          leftSection={<IconMail size={16} aria-hidden />}
          size="md"
        />
      )}
    </section>
  );
}
