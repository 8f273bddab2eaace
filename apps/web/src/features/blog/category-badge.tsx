import { useTranslation } from 'react-i18next';
import type { BlogCategory } from './route-params.ts';
import classes from './category-badge.module.css';

/** The article's category as a small coloured label (dark text on a light tint: AA contrast). */
export function CategoryBadge({ category }: { category: BlogCategory }) {
  const { t } = useTranslation('blog');
  return (
    <span className={classes.badge} data-category={category}>
      {t(`categories.${category}`)}
    </span>
  );
}
