import { createFileRoute, redirect, Link } from '@tanstack/react-router';
import { Anchor, Button, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ARTICLE_BODY } from '../../features/blog/article-body.ts';
import { getArticle, relatedArticles, type BlogArticle } from '../../features/blog/articles.ts';
import { BlogCard, initials } from '../../features/blog/blog-card.tsx';
import { BlogImage } from '../../features/blog/blog-image.tsx';
import { CategoryBadge } from '../../features/blog/category-badge.tsx';
import { BLOG_ARTICLE_KEYS, parseArticleId } from '../../features/blog/route-params.ts';
import { ShareButtons } from '../../features/blog/share-buttons.tsx';
import { useArticleDate } from '../../features/blog/use-article-date.ts';
import { useLanguage } from '../../lib/preferences/index.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { pageHead, tHead } from '../../lib/page-meta.ts';
import classes from '../-components/blog-article.module.css';

export const Route = createFileRoute('/blog/$id')({
  // The head needs only the article's key (route-params.ts), so the article data stays in the page's chunk.
  head: ({ match, params }) => {
    const id = parseArticleId(params.id);
    const key = id === null ? null : BLOG_ARTICLE_KEYS[id];
    return key
      ? pageHead(match.pathname, { title: tHead(`blog:articles.${key}.title`), description: tHead(`blog:articles.${key}.excerpt`) })
      : pageHead(match.pathname, { title: tHead('blog:meta.title') });
  },
  // Spec §8: an id that matches no article (or is not a number) goes back to the list.
  beforeLoad: ({ params }) => {
    if (parseArticleId(params.id) === null) throw redirect({ to: '/blog', replace: true });
  },
  loader: () => loadNamespaces('blog'),
  component: BlogArticlePage,
});

function BlogArticlePage() {
  const { id } = Route.useParams();
  const article = getArticle(Number(id));
  // beforeLoad has already sent unknown ids to /blog.
  return article ? <ArticleView key={article.id} article={article} /> : null;
}

function ArticleView({ article }: { article: BlogArticle }) {
  const { t } = useTranslation('blog');
  const { language } = useLanguage();
  const title = t(`articles.${article.key}.title`);
  const excerpt = t(`articles.${article.key}.excerpt`);
  const date = useArticleDate(article.date);
  const url = `${globalThis.location?.origin ?? ''}/blog/${article.id}`;
  const related = relatedArticles(article.id);

  return (
    <Container size="md" py={{ base: 28, sm: 44 }}>
      <article aria-labelledby="article-title">
        <Anchor component={Link} to="/blog" className={classes.back}>
          <IconArrowLeft size={18} aria-hidden className={classes.flip} />
          {t('article.back')}
        </Anchor>

        <header className={classes.header}>
          <CategoryBadge category={article.category} />
          <Title order={1} id="article-title" className={classes.title}>
            {title}
          </Title>
          <Text className={classes.lead}>{excerpt}</Text>
          <Group gap="md" className={classes.meta} wrap="wrap">
            <Group gap={10} wrap="nowrap">
              <span className={classes.avatar} aria-hidden="true">
                {initials(article.author)}
              </span>
              <div>
                <Text size="xs" c="dimmed">
                  {t('article.by')}
                </Text>
                <Text size="sm" fw={700}>
                  {article.author}
                </Text>
              </div>
            </Group>
            <div className={classes.metaItem}>
              <Text size="xs" c="dimmed">
                {t('article.published')}
              </Text>
              <Text size="sm" fw={600}>
                <time dateTime={article.date}>{date}</time>
              </Text>
            </div>
            <Text size="sm" fw={600} className={classes.metaItem}>
              {t('card.readTime', { count: article.readTime })}
            </Text>
          </Group>
        </header>

        <BlogImage src={article.image} alt={t(`articles.${article.key}.imageAlt`)} priority className={classes.image} />

        {language !== 'en' ? (
          <Text size="sm" className={classes.note}>
            <IconLanguage size={16} aria-hidden />
            {t('article.englishNote')}
          </Text>
        ) : null}

        <div className={classes.body}>
          {ARTICLE_BODY.map((section) => (
            <section key={section.heading} aria-labelledby={`body-${section.heading}`}>
              <Title order={2} id={`body-${section.heading}`} className={classes.bodyHeading}>
                {t(`article.body.${section.heading}`)}
              </Title>
              {section.paragraphs.map((p) => (
                <p key={p.slice(0, 24)} lang="en" dir="ltr" className={classes.paragraph}>
                  {p}
                </p>
              ))}
            </section>
          ))}
        </div>

        <footer className={classes.footer}>
          <ShareButtons url={url} title={title} />
        </footer>
      </article>

      <aside className={classes.cta} aria-labelledby="article-cta">
        <div>
          <Title order={2} id="article-cta" className={classes.ctaTitle}>
            {t('article.ctaTitle')}
          </Title>
          <Text className={classes.ctaText}>{t('article.ctaText')}</Text>
        </div>
        <Button
          size="md"
          color="sunset.8"
          rightSection={<IconArrowRight size={18} aria-hidden className={classes.flip} />}
          renderRoot={(props) => <Link to="/plans" {...props} />}
        >
          {t('article.ctaButton')}
        </Button>
      </aside>

      <section className={classes.related} aria-labelledby="related-title">
        <Title order={2} id="related-title" className={classes.relatedTitle}>
          {t('article.related')}
        </Title>
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="xl" className={classes.relatedList}>
          {related.map((a) => (
            <li key={a.id}>
              <BlogCard article={a} headingLevel={3} />
            </li>
          ))}
        </SimpleGrid>
      </section>
    </Container>
  );
}
