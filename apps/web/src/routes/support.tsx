import { lazy, Suspense, useEffect, useState } from 'react';
import { CloseButton, Container, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
// In the page's own chunk, not lazy: a form that arrived after the page would push the blocks
// below it down after a /support#live-chat or #contact-form link has scrolled to them.
import { FindOrderForm } from '../features/find-order/find-order-form.tsx';
import { ContactForm } from '../features/support/contact-form.tsx';
import { SUPPORT_FAQ_ID, isSupportTopic, type SupportTopic } from '../features/support/topics.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { scrollToId } from '../lib/scroll.ts';
import { InfoHero } from './-components/info-hero.tsx';
import { SupportChannels } from './-components/support-channels.tsx';
import { SupportFaq, SupportTopics } from './-components/support-help.tsx';
import shared from './-components/info-pages.module.css';
import classes from './-components/support.module.css';
import { pageHead, tHead } from '../lib/page-meta.ts';

/** ?topic=devices opens the answers on that topic (the landing page's compatibility link). */
export interface SupportSearch {
  topic?: SupportTopic;
}

function validateSupportSearch(search: Record<string, unknown>): SupportSearch {
  return isSupportTopic(search.topic) ? { topic: search.topic } : {};
}

// Issue 30: a guest's ticket through the signed link of its e-mails (?ticket=<token>), lazy.
const GuestTicketSection = lazy(() => import('../features/tickets/ticket-pages.tsx').then((m) => ({ default: m.GuestTicketSection })));

export const Route = createFileRoute('/support')({
  head: ({ match }) => pageHead(match.pathname, { title: tHead('support:meta.title'), description: tHead('support:meta.description') }),
  validateSearch: validateSupportSearch,
  loader: () => loadNamespaces('support', 'chat'),
  component: SupportPage,
});

function SupportPage() {
  const { t } = useTranslation('support');
  const { topic: initialTopic } = Route.useSearch();
  const hash = useLocation({ select: (l) => l.hash });
  const ticketToken = useLocation({ select: (l) => new URLSearchParams(l.searchStr).get('ticket') });
  const [topic, setTopic] = useState<SupportTopic | undefined>(initialTopic);
  const [search, setSearch] = useState('');

  useEffect(() => setTopic(initialTopic), [initialTopic]);

  // /support#live-chat, /support?topic=devices#support-faq: the target exists once this renders.
  useEffect(() => {
    if (hash) requestAnimationFrame(() => scrollToId(hash, { smooth: false }));
  }, [hash]);

  const chooseTopic = (next: SupportTopic | undefined) => {
    setTopic(next);
    setSearch('');
    if (next) scrollToId(SUPPORT_FAQ_ID);
  };

  return (
    <>
      <InfoHero id="support-hero-title" eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <TextInput
          type="search"
          size="lg"
          radius="xl"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          aria-controls={SUPPORT_FAQ_ID}
          leftSection={<IconSearch size={20} aria-hidden />}
          rightSection={search ? <CloseButton aria-label={t('search.clear')} onClick={() => setSearch('')} /> : null}
          classNames={{ input: shared.searchInput }}
        />
      </InfoHero>
      {ticketToken ? (
        <Suspense fallback={null}>
          <GuestTicketSection token={ticketToken} />
        </Suspense>
      ) : null}
      <SupportTopics topic={topic} onTopic={chooseTopic} />
      <SupportFaq topic={topic} onTopic={chooseTopic} search={search} onClearSearch={() => setSearch('')} />
      {/* A guest's way back to their eSIM (issue 26): /support#find-order. */}
      <div className={shared.section} id="find-order" style={{ paddingBlockEnd: 0 }}>
        <Container size="sm">
          <div className={classes.contactCard}>
            <FindOrderForm />
          </div>
        </Container>
      </div>
      <section className={shared.section} aria-labelledby="contact-title">
        <Container size="lg" className={classes.contactGrid}>
          <div className={classes.contactCard}>
            <Title order={2} id="contact-title">
              {t('contact.title')}
            </Title>
            <Text className={shared.lead} mb="lg">
              {t('contact.subtitle')}
            </Text>
            <ContactForm />
          </div>
          <SupportChannels />
        </Container>
      </section>
    </>
  );
}
