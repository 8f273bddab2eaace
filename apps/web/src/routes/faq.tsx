import { Button, Container, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeadset, IconMessageCircle } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LIVE_CHAT_ID } from '../features/support/topics.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { ALL_FAQ_ROWS } from '../features/faq/faq-content.ts';
import { htmlToText } from '../features/faq/faq-search.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';
import { FaqBrowser } from './-components/faq-browser.tsx';
import classes from './-components/faq.module.css';

export const Route = createFileRoute('/faq')({
  head: ({ match }) =>
    pageHead(match.pathname, {
      title: tHead('faq:meta.title'),
      description: tHead('faq:meta.description'),
      jsonLd: [faqPage()],
    }),
  loader: () => loadNamespaces('faq'),
  component: FaqPage,
});

function FaqPage() {
  const { t } = useTranslation('faq');
  return (
    <>
      <FaqBrowser />
      <Container size="lg" className={classes.stillWrap}>
        <section aria-labelledby="still-title" className={classes.still}>
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconHeadset size={30} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} id="still-title" className={classes.stillTitle}>
            {t('still.title')}
          </Title>
          <Text c="dimmed" maw={520} ta="center">
            {t('still.text')}
          </Text>
          <Group justify="center" gap="md" mt="md">
            <Button size="md" renderRoot={(props) => <Link to="/support" {...props} />}>
              {t('still.contact')}
            </Button>
            <Button
              size="md"
              variant="default"
              leftSection={<IconMessageCircle size={18} aria-hidden />}
              renderRoot={(props) => <Link to="/support" hash={LIVE_CHAT_ID} {...props} />}
            >
              {t('still.chat')}
            </Button>
          </Group>
        </section>
      </Container>
    </>
  );
}

/** schema.org FAQPage: every question and its answer (as text) in the page's language. */
function faqPage(): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: ALL_FAQ_ROWS.map(({ id }) => ({
      '@type': 'Question',
      name: tHead(`faq:items.${id}.q`),
      acceptedAnswer: { '@type': 'Answer', text: htmlToText(tHead(`faq:items.${id}.a`)) },
    })),
  };
}
