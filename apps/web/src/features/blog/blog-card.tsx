// One article in the blog grid or under 'Related Articles' (spec §2): image (logo fallback),
// category badge, date, minutes to read, title, excerpt, author and a 'Read More' link. The link
// stretches over the whole card, so the card is one click target and one tab stop.
import { Card, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { BlogArticle } from './articles.ts';
import { BlogImage } from './blog-image.tsx';
import { CategoryBadge } from './category-badge.tsx';
import { useArticleDate } from './use-article-date.ts';
import classes from './blog-card.module.css';

export interface BlogCardProps {
  article: BlogArticle;
  /** h2 in the blog list, h3 under the article page's 'Related Articles'. */
  headingLevel?: 2 | 3;
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

export function BlogCard({ article, headingLevel = 2 }: BlogCardProps) {
  const { t } = useTranslation('blog');
  const date = useArticleDate(article.date);
  const title = t(`articles.${article.key}.title`);
  const titleId = `blog-card-${article.id}-title`;
  return (
    <Card component="article" padding={0} className={classes.card} aria-labelledby={titleId} data-testid="blog-card">
      <BlogImage src={article.image} alt={t(`articles.${article.key}.imageAlt`)} />
      <div className={classes.body}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <CategoryBadge category={article.category} />
          <Text size="sm" c="dimmed">
            <time dateTime={article.date}>{date}</time>
            {' · '}
            {t('card.readTime', { count: article.readTime })}
          </Text>
        </Group>
        <Title order={headingLevel} id={titleId} className={classes.title}>
          {title}
        </Title>
        <Text className={classes.excerpt}>{t(`articles.${article.key}.excerpt`)}</Text>
        <Group justify="space-between" gap="sm" className={classes.footer} wrap="nowrap">
          <Group gap={10} wrap="nowrap" className={classes.author}>
            <span className={classes.avatar} aria-hidden="true">
              {initials(article.author)}
            </span>
            <Text size="sm" fw={600} truncate>
              <VisuallyHidden>{t('card.by', { author: article.author })}</VisuallyHidden>
              <span aria-hidden="true">{article.author}</span>
            </Text>
          </Group>
          <Link to="/blog/$id" params={{ id: String(article.id) }} className={classes.readMore}>
            {t('card.readMore')}
            <VisuallyHidden> {t('card.readMoreAbout', { title })}</VisuallyHidden>
            <IconArrowRight size={16} aria-hidden className={classes.arrow} />
          </Link>
        </Group>
      </div>
    </Card>
  );
}
