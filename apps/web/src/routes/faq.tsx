import { Button, Container, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeadset, IconMessageCircle } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LIVE_CHAT_ID } from '../features/support/topics.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';
import { FaqBrowser } from './-components/faq-browser.tsx';
import classes from './-components/faq.module.css';

export const Route = createFileRoute('/faq')({
  // The FAQPage JSON-LD is built in its own chunk once the texts are in (not in the initial bundle).
  loader: async () => {
    const [, jsonLd] = await Promise.all([loadNamespaces('faq'), import('./-components/faq-json-ld.ts')]);
    return { faqPage: jsonLd.faqPage() };
  },
  head: ({ match, loaderData }) =>
    pageHead(match.pathname, {
      title: tHead('faq:meta.title'),
      description: tHead('faq:meta.description'),
      jsonLd: loaderData ? [loaderData.faqPage] : [],
    }),
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
