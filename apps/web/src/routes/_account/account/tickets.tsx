import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ChatLauncher } from '../../../features/chat/chat-launcher.tsx';
import { MyTicket, MyTickets } from '../../../features/tickets/ticket-pages.tsx';
import { pageHead, tHead } from '../../../lib/page-meta.ts';

/**
 * /account/tickets: the traveller's support tickets; ?number=T-000123 opens one (issue 30). No
 * validateSearch (the shop's initial chunk is at its budget): the page reads the number itself.
 */
export const Route = createFileRoute('/_account/account/tickets')({
  head: ({ match }) => pageHead(match.pathname, { title: tHead('tickets:title'), noindex: true }),
  component: TicketsPage,
});

function TicketsPage() {
  const { t } = useTranslation('tickets');
  const raw = useLocation({ select: (l) => new URLSearchParams(l.searchStr).get('number') });
  const number = raw && /^T-\d{1,12}$/i.test(raw) ? raw.toUpperCase() : undefined;
  if (number) return <MyTicket key={number} number={number} />;
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {t('title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('intro')}
        </Text>
      </div>
      {/* The live chat, bound to the account (issue 30). */}
      <ChatLauncher />
      <MyTickets />
    </Stack>
  );
}
