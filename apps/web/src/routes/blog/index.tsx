import { createFileRoute, useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Button, Container, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/page-hero.tsx';
import { filterArticles } from '../../features/blog/articles.ts';
import { BlogCard } from '../../features/blog/blog-card.tsx';
import { NewsletterForm } from '../../features/blog/newsletter-form.tsx';
import { BLOG_CATEGORIES, validateBlogSearch, type BlogCategory } from '../../features/blog/route-params.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import classes from '../-components/blog.module.css';
import { pageHead, tHead } from '../../lib/page-meta.ts';

export const Route = createFileRoute('/blog/')({
  head: ({ match }) => pageHead(match.pathname, { title: tHead('blog:meta.title'), description: tHead('blog:meta.description') }),
  validateSearch: validateBlogSearch,
  loader: () => loadNamespaces('blog'),
  component: BlogListPage,
});

// Issue 30: the newsletter's confirmation and unsubscribe links land here (?newsletter=<token>).
const NewsletterLink = lazy(() => import('../../features/tickets/newsletter-page.tsx').then((m) => ({ default: m.NewsletterLink })));

const FILTERS: readonly (BlogCategory | undefined)[] = [undefined, ...BLOG_CATEGORIES];

function BlogListPage() {
  const { t } = useTranslation('blog');
  const { category } = Route.useSearch();
  const navigate = Route.useNavigate();
  const articles = filterArticles(category);
  const newsletterToken = useLocation({ select: (l) => new URLSearchParams(l.searchStr).get('newsletter') });

  const choose = (next: BlogCategory | undefined) => {
    void navigate({ search: next ? { category: next } : {}, replace: true, resetScroll: false });
  };

  return (
    <>
      <PageHero title={t('list.title')} lead={t('list.subtitle')} />
      <Container size="lg" py={{ base: 36, sm: 56 }}>
        {newsletterToken ? (
          <Suspense fallback={null}>
            <NewsletterLink token={newsletterToken} />
          </Suspense>
        ) : null}
        <Group gap="xs" role="group" aria-label={t('list.filterLabel')} className={classes.filters}>
          {FILTERS.map((c) => {
            const active = c === category;
            return (
              <Button key={c ?? 'all'} radius="xl" variant={active ? 'filled' : 'default'} aria-pressed={active} onClick={() => choose(c)}>
                {t(`categories.${c ?? 'all'}`)}
              </Button>
            );
          })}
        </Group>

        <Text size="sm" c="dimmed" mt="md" ta="center" role="status">
          {t('list.showing', { count: articles.length })}
        </Text>
        {articles.length === 0 ? (
          <Text mt="lg">{t('list.empty')}</Text>
        ) : (
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2 }}
            spacing="xl"
            mt="md"
            className={classes.grid}
            aria-label={t('list.articlesHeading')}
          >
            {articles.map((article) => (
              <li key={article.id}>
                <BlogCard article={article} headingLevel={2} />
              </li>
            ))}
          </SimpleGrid>
        )}

        <div className={classes.newsletter}>
          <NewsletterForm />
        </div>
      </Container>
    </>
  );
}
