// A support ticket's thread as the traveller sees it (issue 30): the subject, number and status,
// the messages (theirs and the support team's; internal notes never reach the web), and a reply
// form. Shared by the account's ticket page and a guest's signed link (/support?ticket=…).
import { useEffect, useRef } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { formatDay } from '../esim/esim-format.ts';
import classes from './tickets.module.css';

export type TicketThread = RouterOutputs['tickets']['get'];
type Status = TicketThread['status'];

const STATUS_COLOR: Record<Status, string> = { open: 'blue.8', waiting: 'grape.9', solved: 'green.9' };
const STATUS_KEY = { open: 'statusOpen', waiting: 'statusWaiting', solved: 'statusSolved' } as const;

export function TicketStatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation('tickets');
  return (
    <Badge color={STATUS_COLOR[status]} variant="filled" tt="none" data-status={status}>
      {t(STATUS_KEY[status])}
    </Badge>
  );
}

function formatWhen(iso: string, locale: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export interface TicketThreadViewProps {
  ticket: TicketThread;
  onReply: (body: string) => Promise<unknown>;
  sending: boolean;
  /** 'h1' on a page of its own (the guest link), 'h2' inside the account. */
  headingOrder?: 1 | 2;
}

export function TicketThreadView({ ticket, onReply, sending, headingOrder = 2 }: TicketThreadViewProps) {
  const { t, i18n } = useTranslation('tickets');
  const locale = i18n.language;
  const form = useShopForm({
    name: 'ticket-reply',
    initialValues: { body: '' },
    rules: (values) => (values.body.trim() ? {} : { body: t('required') }),
  });
  const status = useRef<HTMLParagraphElement>(null);
  const sentOnce = useRef(false);
  useEffect(() => {
    if (sentOnce.current) status.current?.focus();
  }, [ticket.messages.length]);

  return (
    <Stack gap="lg">
      <div>
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={headingOrder} fz={{ base: 22, sm: 26 }}>
            <bdi>{ticket.subject}</bdi>
          </Title>
          <TicketStatusBadge status={ticket.status} />
        </Group>
        <Text c="dimmed" size="sm" mt={4}>
          <span dir="ltr" className={classes.number}>
            {ticket.number}
          </span>
          {' · '}
          {t('opened', { date: formatDay(ticket.createdAt, locale) ?? '' })}
          {ticket.iccid ? (
            <>
              {' · '}
              {t('aboutEsim', { iccid: ticket.iccid })}
            </>
          ) : null}
        </Text>
      </div>

      <section aria-labelledby="ticket-thread-heading">
        <Title order={(headingOrder + 1) as 2 | 3} fz="lg" id="ticket-thread-heading" mb="sm">
          {t('thread')}
        </Title>
        <ol className={classes.thread}>
          {ticket.messages.map((m) => (
            <li key={m.id} className={m.author === 'agent' ? classes.agent : classes.customer} data-author={m.author}>
              <Paper withBorder radius="md" p="md" bg={m.author === 'agent' ? 'var(--surface-tint)' : 'white'}>
                <Text fw={700} size="sm">
                  {m.author === 'agent' ? t('agent') : t('you')}{' '}
                  <Text span c="dimmed" size="xs" fw={400}>
                    <time dateTime={m.createdAt}>{formatWhen(m.createdAt, locale)}</time>
                  </Text>
                </Text>
                <Text mt={6} className={classes.body} dir="auto">
                  {m.body}
                </Text>
              </Paper>
            </li>
          ))}
        </ol>
      </section>

      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          if (sending) return;
          sentOnce.current = true;
          await onReply(values.body.trim());
          form.reset();
        })}
      >
        <Stack gap="sm">
          <Textarea
            {...form.getInputProps('body')}
            name="body"
            label={t('replyLabel')}
            description={ticket.status === 'open' ? t('replyHint') : `${t('replyHint')} ${t('reopenNote')}`}
            withAsterisk
            aria-required
            rows={5}
            resize="vertical"
          />
          <div>
            <Button type="submit" loading={sending} rightSection={<IconSend size={18} aria-hidden className={classes.flipRtl} />}>
              {t('send')}
            </Button>
          </div>
          <p ref={status} tabIndex={-1} role="status" className={classes.status}>
            {sentOnce.current && !sending ? t('sent') : ''}
          </p>
        </Stack>
      </form>
    </Stack>
  );
}

export function TicketLoadError({ message }: { message: string }) {
  return <Alert color="red" variant="light" title={message} />;
}
