// The support page's contact form (spec §2, §5): name, email, subject and message, all required.
// Validates on submit, then on every change. Sends support.contact (the message is stored for
// support staff), then toasts 'Message Sent' and clears the form; a server error shows a
// destructive toast with the server's message. @mantine/form through useShopForm; rules:
// contact-validation.ts (mirrors the server's zod schema without bundling zod's schema builder).
// Issue 30: the message opens a support ticket, whose number the toast gives; a signed-in
// traveller's name and e-mail are filled in; '?esim=<ICCID>' (the eSIM page's 'Get help') fills in
// the subject and sends the ICCID, which the server attaches when the eSIM is the traveller's.
import { useEffect, useId } from 'react';
import { Button, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { useSession } from '../auth/session.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import {
  errorKeyOf,
  isContactField,
  normalizeContact,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from './contact-validation.ts';
import { CONTACT_FORM_ID } from './topics.ts';
import classes from './contact-form.module.css';

const EMPTY: ContactValues = { name: '', email: '', subject: '', message: '' };

/** Field errors from the server's flattened zod error, when it sent one. */
function serverFieldErrors(error: unknown): ContactErrors {
  if (!(error instanceof TRPCClientError)) return {};
  const fieldErrors = (error.data as { zodError?: { fieldErrors?: Record<string, string[] | undefined> } | null } | undefined)?.zodError
    ?.fieldErrors;
  const errors: ContactErrors = {};
  for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
    const first = messages?.[0];
    if (isContactField(field) && first) errors[field] = errorKeyOf(first);
  }
  return errors;
}

export function ContactForm() {
  const { t } = useTranslation('support');
  const trpc = useTRPC();
  const contact = useMutation(trpc.support.contact.mutationOptions());
  const hintId = useId();
  const messages = (errors: ContactErrors) => {
    const out: Partial<Record<ContactField, string>> = {};
    for (const [field, key] of Object.entries(errors) as [ContactField, ContactErrors[ContactField]][])
      if (key) out[field] = t(`contact.errors.${key}`);
    return out;
  };
  // Spec §5: validate on submit, then re-validate on change.
  const form = useShopForm({
    name: 'contact',
    initialValues: EMPTY,
    rules: (values) => messages(validateContact(values)),
    transformValues: normalizeContact,
  });

  const { user } = useSession();
  const esimParam = useLocation({ select: (l) => new URLSearchParams(l.searchStr).get('esim') });
  const iccid = esimParam && /^[0-9A-Fa-f]{18,22}$/.test(esimParam) ? esimParam : undefined;
  // Fill in what the shop knows, once, into fields the traveller has not typed in.
  useEffect(() => {
    if (user) {
      if (!form.getValues().name) form.setFieldValue('name', user.fullName?.trim() || user.username);
      if (!form.getValues().email) form.setFieldValue('email', user.email);
    }
    if (iccid && !form.getValues().subject) {
      void loadNamespaces('tickets').then(() => {
        if (!form.getValues().subject) form.setFieldValue('subject', i18n.t('tickets:getHelpSubject', { iccid }));
      });
    }
  }, [user?.id, iccid]);

  const send = (input: ContactValues) => {
    if (contact.isPending) return;
    contact.mutate(iccid ? { ...input, iccid } : input, {
      onSuccess: async ({ ticketNumber }) => {
        form.reset();
        if (user) {
          form.setFieldValue('name', user.fullName?.trim() || user.username);
          form.setFieldValue('email', user.email);
        }
        await loadNamespaces('tickets').catch(() => undefined);
        toast({ title: t('contact.success.title'), description: i18n.t('tickets:ticketCreated', { number: ticketNumber }) });
      },
      onError: (error) => {
        const fromServer = messages(serverFieldErrors(error));
        if (Object.keys(fromServer).length) form.setErrors(fromServer);
        // A reply from the server carries a message meant for people; a network failure doesn't.
        const serverMessage = error instanceof TRPCClientError && error.data ? error.message : '';
        toast({
          variant: 'destructive',
          title: t('contact.failure.title'),
          description: serverMessage || t('contact.failure.fallback'),
        });
      },
    });
  };

  const fieldProps = (field: ContactField) => ({
    name: field,
    ...form.getInputProps(field),
    label: t(`contact.${field}`),
    placeholder: t(`contact.${field}Placeholder`),
    withAsterisk: true,
    'aria-required': true,
    classNames: { input: classes.input },
  });

  return (
    <form id={CONTACT_FORM_ID} noValidate onSubmit={form.onSubmit(send)} aria-describedby={hintId} className={classes.form}>
      <Stack gap="md">
        <Text id={hintId} size="sm" c="dimmed">
          {t('contact.required')}
        </Text>
        <div className={classes.row}>
          <TextInput {...fieldProps('name')} autoComplete="name" />
          <TextInput {...fieldProps('email')} type="email" autoComplete="email" inputMode="email" />
        </div>
        <TextInput {...fieldProps('subject')} />
        <Textarea {...fieldProps('message')} rows={6} resize="vertical" />
        <div>
          <Button
            type="submit"
            size="md"
            disabled={contact.isPending}
            rightSection={<IconSend size={18} aria-hidden className={classes.flipRtl} />}
          >
            {contact.isPending ? t('contact.sending') : t('contact.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
