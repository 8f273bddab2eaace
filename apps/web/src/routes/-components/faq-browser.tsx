// /faq: search ('Search for questions...'), the category sidebar (General by default; choosing a
// category clears the search), one accordion with one answer open at a time, and the no-results
// message with 'Clear search'. A search looks through every category.
import { useMemo, useState } from 'react';
import { Accordion, Badge, Button, CloseButton, Container, Text, TextInput, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FaqAnswer } from '../../features/faq/faq-answer.tsx';
import { ALL_FAQ_ROWS, DEFAULT_FAQ_CATEGORY, FAQ_CATEGORIES, type FaqCategory, type FaqRow } from '../../features/faq/faq-content.ts';
import { searchFaq } from '../../features/faq/faq-search.ts';
import { InfoHero } from './info-hero.tsx';
import classes from './faq.module.css';
import shared from './info-pages.module.css';

interface Entry extends FaqRow {
  question: string;
  answer: string;
}

export function FaqBrowser() {
  const { t } = useTranslation('faq');
  const [category, setCategory] = useState<FaqCategory>(DEFAULT_FAQ_CATEGORY);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | null>(null);

  const entries = useMemo<Entry[]>(
    () => ALL_FAQ_ROWS.map((row) => ({ ...row, question: t(`items.${row.id}.q`), answer: t(`items.${row.id}.a`) })),
    [t],
  );
  const trimmed = query.trim();
  const shown = useMemo(
    () => (trimmed ? searchFaq(entries, trimmed) : entries.filter((e) => e.category === category)),
    [entries, category, trimmed],
  );

  const choose = (next: FaqCategory) => {
    setCategory(next);
    setQuery(''); // spec §4: changing category clears the search
    setOpen(null);
  };

  const heading = trimmed ? t('search.heading') : t(`categories.${category}`);

  return (
    <>
      <InfoHero id="faq-hero-title" eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <TextInput
          type="search"
          size="lg"
          radius="xl"
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setOpen(null);
          }}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          aria-controls="faq-answers"
          leftSection={<IconSearch size={20} aria-hidden />}
          rightSection={query ? <CloseButton aria-label={t('search.clear')} onClick={() => setQuery('')} /> : null}
          classNames={{ input: shared.searchInput }}
        />
      </InfoHero>

      <Container size="lg" className={classes.layout}>
        <nav aria-label={t('categories.label')} className={classes.sidebar}>
          <ul className={classes.categoryList}>
            {FAQ_CATEGORIES.map((key) => {
              const current = !trimmed && key === category;
              return (
                <li key={key}>
                  <UnstyledButton
                    className={classes.category}
                    aria-pressed={current}
                    aria-controls="faq-answers"
                    data-active={current || undefined}
                    data-category={key}
                    onClick={() => choose(key)}
                  >
                    {t(`categories.${key}`)}
                  </UnstyledButton>
                </li>
              );
            })}
          </ul>
        </nav>

        <section id="faq-answers" aria-labelledby="faq-list-title" className={classes.answers}>
          <Title order={2} id="faq-list-title" className={classes.listTitle}>
            {heading}
          </Title>
          {trimmed && shown.length ? (
            <Text role="status" size="sm" c="dimmed" mb="md">
              {t('search.count', { count: shown.length, query: trimmed })}
            </Text>
          ) : null}
          {shown.length ? (
            <Accordion
              value={open}
              onChange={setOpen}
              order={3}
              variant="separated"
              radius="md"
              classNames={{ item: classes.item, control: classes.control, label: classes.controlLabel }}
            >
              {shown.map((entry) => (
                <Accordion.Item key={entry.id} value={entry.id}>
                  <Accordion.Control>
                    {entry.question}
                    {trimmed ? (
                      <Badge variant="light" color="gray" size="sm" radius="sm" className={classes.categoryBadge}>
                        <VisuallyHidden>{' — '}</VisuallyHidden>
                        {t(`categories.${entry.category}`)}
                      </Badge>
                    ) : null}
                  </Accordion.Control>
                  <Accordion.Panel>
                    <FaqAnswer text={entry.answer} html={entry.html} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          ) : (
            <div className={classes.empty}>
              <Text role="status" fw={600}>
                {t('search.empty', { query: trimmed })}
              </Text>
              <Button variant="default" mt="md" onClick={() => setQuery('')}>
                {t('search.clear')}
              </Button>
            </div>
          )}
        </section>
      </Container>
    </>
  );
}
