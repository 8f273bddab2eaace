// /support: the six topics (cards that filter the answers and jump to them) and the FAQ list
// with its search ('Search FAQs...', question or answer text, 'Clear search').
import { useMemo } from 'react';
import { Accordion, Anchor, Button, Container, Group, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCreditCard, IconDeviceMobile, IconMap2, IconQrcode, IconTool, IconUserCircle, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { searchFaq } from '../../features/faq/faq-search.ts';
import { SUPPORT_FAQ, type SupportFaqId } from '../../features/support/support-faq.ts';
import { SUPPORT_FAQ_ID, SUPPORT_TOPICS, type SupportTopic } from '../../features/support/topics.ts';
import classes from './support.module.css';
import shared from './info-pages.module.css';

const TOPIC_ICONS = {
  installation: IconQrcode,
  billing: IconCreditCard,
  technical: IconTool,
  account: IconUserCircle,
  coverage: IconMap2,
  devices: IconDeviceMobile,
} as const satisfies Record<SupportTopic, unknown>;

export interface SupportTopicsProps {
  topic: SupportTopic | undefined;
  onTopic: (topic: SupportTopic | undefined) => void;
}

export function SupportTopics({ topic, onTopic }: SupportTopicsProps) {
  const { t } = useTranslation('support');
  return (
    <section className={shared.section} aria-labelledby="support-topics-title">
      <Container size="lg">
        <div className={shared.sectionHeadCenter}>
          <Title order={2} id="support-topics-title">
            {t('categories.title')}
          </Title>
        </div>
        <ul className={classes.topics} aria-label={t('categories.label')}>
          {SUPPORT_TOPICS.map((key) => {
            const Icon = TOPIC_ICONS[key];
            const active = topic === key;
            return (
              <li key={key}>
                <UnstyledButton
                  className={classes.topic}
                  aria-pressed={active}
                  aria-controls={SUPPORT_FAQ_ID}
                  data-active={active || undefined}
                  data-topic={key}
                  onClick={() => onTopic(active ? undefined : key)}
                >
                  <span className={classes.topicIcon} aria-hidden>
                    <Icon size={24} stroke={1.7} />
                  </span>
                  <span>
                    <Text component="span" fw={700} className={classes.topicTitle}>
                      {t(`categories.${key}.title`)}
                    </Text>
                    <Text component="span" size="sm" c="dimmed" className={classes.topicText}>
                      {t(`categories.${key}.text`)}
                    </Text>
                  </span>
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      </Container>
    </section>
  );
}

interface Row {
  id: SupportFaqId;
  topic: SupportTopic;
  question: string;
  answer: string;
}

export interface SupportFaqProps extends SupportTopicsProps {
  search: string;
  onClearSearch: () => void;
}

export function SupportFaq({ topic, onTopic, search, onClearSearch }: SupportFaqProps) {
  const { t } = useTranslation('support');
  const rows = useMemo<Row[]>(
    () =>
      SUPPORT_TOPICS.flatMap((key) =>
        SUPPORT_FAQ[key].map((id) => ({ id, topic: key, question: t(`faq.items.${id}.q`), answer: t(`faq.items.${id}.a`) })),
      ),
    [t],
  );
  const trimmed = search.trim();
  const shown = useMemo(() => searchFaq(topic && !trimmed ? rows.filter((r) => r.topic === topic) : rows, trimmed), [rows, topic, trimmed]);

  return (
    <section id={SUPPORT_FAQ_ID} className={`${shared.section} ${shared.tinted}`} aria-labelledby="support-faq-title">
      <Container size="md">
        <Group justify="space-between" align="center" gap="sm" mb="lg">
          <Title order={2} id="support-faq-title">
            {t('faq.title')}
          </Title>
          <Anchor component={Link} to="/faq" fw={600}>
            {t('faq.allFaqs')}
          </Anchor>
        </Group>
        {topic && !trimmed ? (
          <Group gap="sm" mb="md">
            <Text fw={600}>{t('faq.showing', { category: t(`categories.${topic}.title`) })}</Text>
            <Button size="compact-sm" variant="light" leftSection={<IconX size={14} aria-hidden />} onClick={() => onTopic(undefined)}>
              {t('faq.showAll')}
            </Button>
          </Group>
        ) : null}
        {trimmed && shown.length ? <VisuallyHidden role="status">{t('search.results', { count: shown.length })}</VisuallyHidden> : null}
        {shown.length ? (
          <Accordion order={3} variant="separated" radius="md" classNames={{ item: classes.faqItem, control: classes.faqControl }}>
            {shown.map((row) => (
              <Accordion.Item key={row.id} value={row.id}>
                <Accordion.Control>{row.question}</Accordion.Control>
                <Accordion.Panel>
                  <Text className={classes.answer}>{row.answer}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        ) : (
          <div className={classes.empty}>
            <Text role="status" fw={600}>
              {t('search.empty', { search: trimmed })}
            </Text>
            <Button variant="default" mt="md" onClick={onClearSearch}>
              {t('search.clear')}
            </Button>
          </div>
        )}
      </Container>
    </section>
  );
}
