// The blog's newsletter form (spec §2, §5): a required e-mail input and Subscribe. The address is
// stored by `support.subscribe` (idempotent per address) as pending: issue 30's double opt-in
// e-mails a confirmation link, so the toast says to open it (the same for an address already on the
// list: the form does not tell strangers who subscribed), and the field clears.
// The value lives in @mantine/form; the check is the browser's own (required, type=email), which
// stops an empty or malformed address before any request and says why in the page's language.
import { useId, type FormEvent } from 'react';
import { Anchor, Button, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/preferences/index.ts';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import classes from './newsletter-form.module.css';

export function NewsletterForm() {
  const { t } = useTranslation('blog');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const form = useForm({ mode: 'controlled', initialValues: { email: '' }, transformValues: (v) => ({ email: v.email.trim() }) });
  const titleId = useId();
  const subscribe = useMutation(trpc.support.subscribe.mutationOptions());

  const send = ({ email: address }: { email: string }) =>
    subscribe.mutate(
      { email: address, locale: language, source: 'blog' },
      {
        // The same answer whether or not the address was on the list already.
        onSuccess: async () => {
          form.reset();
          await loadNamespaces('tickets').catch(() => undefined);
          toast({ title: i18n.t('tickets:newsletter.confirmTitle'), description: i18n.t('tickets:newsletter.checkInbox') });
        },
        onError: () => {
          toast({ title: t('newsletter.errorTitle'), description: t('newsletter.errorText'), variant: 'destructive' });
        },
      },
    );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    if (!element.checkValidity()) {
      event.preventDefault();
      element.reportValidity();
      return;
    }
    form.onSubmit(send)(event);
  };

  return (
    <section className={classes.section} aria-labelledby={titleId}>
      <div className={classes.copy}>
        <span className={classes.icon} aria-hidden="true">
          <IconMail size={26} />
        </span>
        <div>
          <Title order={2} id={titleId} className={classes.title}>
            {t('newsletter.title')}
          </Title>
          <Text className={classes.text}>{t('newsletter.text')}</Text>
        </div>
      </div>
      <form className={classes.form} onSubmit={onSubmit} aria-labelledby={titleId}>
        <div className={classes.row}>
          <TextInput
            className={classes.input}
            type="email"
            name="email"
            required
            autoComplete="email"
            inputMode="email"
            size="md"
            label={t('newsletter.emailLabel')}
            placeholder={t('newsletter.placeholder')}
            {...form.getInputProps('email')}
            classNames={{ label: classes.label, required: classes.required }}
          />
          <Button type="submit" size="md" color="sunset.8" loading={subscribe.isPending} className={classes.submit}>
            {t('newsletter.subscribe')}
          </Button>
        </div>
        <Text size="xs" className={classes.note}>
          {t('newsletter.privacyNote')}{' '}
          <Anchor component={Link} to="/privacy" size="xs" className={classes.noteLink}>
            {t('newsletter.privacyLink')}
          </Anchor>
          .
        </Text>
      </form>
    </section>
  );
}
