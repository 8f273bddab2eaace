// The traveller's ticket pages (issue 30). In the account: the list of their tickets (newest
// activity first, an answer not yet replied to marked) and one ticket's thread with a reply form
// (/account/tickets?number=T-000123). For a guest: the thread behind the signed link of an e-mail
// (/support?ticket=…); a link that is not ours says so (404), one past its date says that (403).
import { Anchor, Badge, Container, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { toast } from '../../components/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { i18n } from '../../lib/i18n.ts';
import { callError } from '../auth/trpc-error.ts';
import { formatDay } from '../esim/esim-format.ts';
import { TicketLoadError, TicketStatusBadge, TicketThreadView } from './ticket-thread.tsx';
import classes from './tickets.module.css';

function Loading() {
  return (
    <Stack gap="md" aria-busy="true">
      <Skeleton height={48} radius="md" />
      <Skeleton height={160} radius="md" />
    </Stack>
  );
}

export function MyTickets() {
  const { t, i18n } = useTranslation('tickets');
  const trpc = useTRPC();
  const tickets = useQuery(trpc.tickets.mine.queryOptions());
  if (tickets.isPending) return <Loading />;
  if (tickets.isError) return <TicketLoadError message={t('loadFailed')} />;
  if (tickets.data.length === 0) {
    return <EmptyState icon={IconHeadset} title={t('none')} action={{ label: t('contactLink'), to: '/support' }} />;
  }
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" highlightOnHover captionSide="top">
        <Table.Caption>
          <VisuallyHidden>{t('listCaption')}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('subject')}</Table.Th>
            <Table.Th scope="col">{t('status')}</Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              {t('updated')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.data.map((ticket) => (
            <Table.Tr key={ticket.number}>
              <Table.Th scope="row" fw={400}>
                <Anchor component={Link} to="/account/tickets" search={{ number: ticket.number } as never} fw={600}>
                  <bdi>{ticket.subject}</bdi>
                </Anchor>
                <Text size="xs" c="dimmed">
                  <span dir="ltr" className={classes.number}>
                    {ticket.number}
                  </span>
                  <Text span hiddenFrom="sm">
                    {' · '}
                    {formatDay(ticket.updatedAt, i18n.language)}
                  </Text>
                </Text>
              </Table.Th>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <TicketStatusBadge status={ticket.status} />
                  {ticket.lastAuthor === 'agent' && ticket.status !== 'solved' ? (
                    <Badge variant="light" color="brand.8" tt="none">
                      {t('newAnswer')}
                    </Badge>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="sm">{formatDay(ticket.updatedAt, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function MyTicket({ number }: { number: string }) {
  const { t } = useTranslation('tickets');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ticket = useQuery(trpc.tickets.get.queryOptions({ number }, { retry: false }));
  const reply = useMutation(trpc.tickets.reply.mutationOptions());
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/account/tickets" size="sm" fw={600}>
        {t('back')}
      </Anchor>
      {ticket.isPending ? (
        <Loading />
      ) : ticket.isError ? (
        <TicketLoadError message={t('loadFailed')} />
      ) : (
        <TicketThreadView
          ticket={ticket.data}
          sending={reply.isPending}
          onReply={(body) =>
            reply.mutateAsync(
              { number, body },
              {
                onSuccess: (next) => {
                  queryClient.setQueryData(trpc.tickets.get.queryKey({ number }), next);
                  void queryClient.invalidateQueries(trpc.tickets.mine.pathFilter());
                  void queryClient.invalidateQueries(trpc.tickets.openCount.pathFilter());
                },
                onError: () => toast({ variant: 'destructive', title: t('sendFailed') }),
              },
            )
          }
        />
      )}
    </Stack>
  );
}

/**
 * A guest's ticket on the support page (/support?ticket=<token>; no route of its own, so the shop's
 * initial chunk stays in its budget): brought into view when it opens. Lazy, with its texts.
 */
export function GuestTicketSection({ token }: { token: string }) {
  useTranslation('tickets');
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    requestAnimationFrame(() => ref.current?.scrollIntoView({ block: 'start' }));
  }, []);
  return (
    <section ref={ref} id="your-ticket" aria-label={i18n.t('tickets:linkTitle')} className={classes.guestSection}>
      <Container size="md" py="xl">
        <GuestTicket token={token} />
      </Container>
    </section>
  );
}

function GuestTicketGone({ expired }: { expired: boolean }) {
  const { t } = useTranslation('tickets');
  return (
    <Stack gap="md">
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        {t('linkTitle')}
      </Title>
      <TicketLoadError message={expired ? t('linkExpired') : t('linkInvalid')} />
      <div>
        <Anchor href="#contact-form" fw={600}>
          {t('contactLink')}
        </Anchor>
      </div>
    </Stack>
  );
}

function GuestTicket({ token }: { token: string }) {
  const { t } = useTranslation('tickets');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ticket = useQuery(trpc.tickets.byLink.queryOptions({ token }, { retry: false, staleTime: 0 }));
  const reply = useMutation(trpc.tickets.replyByLink.mutationOptions());
  if (ticket.isPending) return <Loading />;
  if (ticket.isError) {
    const err = callError(ticket.error);
    if (err.code === 'NOT_FOUND' || err.code === 'BAD_REQUEST' || err.code === 'FORBIDDEN') {
      return <GuestTicketGone expired={err.appCode === 'TICKET_LINK_EXPIRED'} />;
    }
    return <TicketLoadError message={t('loadFailed')} />;
  }
  return (
    <TicketThreadView
      ticket={ticket.data}
      sending={reply.isPending}
      onReply={(body) =>
        reply.mutateAsync(
          { token, body },
          {
            onSuccess: (next) => queryClient.setQueryData(trpc.tickets.byLink.queryKey({ token }), next),
            onError: () => toast({ variant: 'destructive', title: t('sendFailed') }),
          },
        )
      }
    />
  );
}
