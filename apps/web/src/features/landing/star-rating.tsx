import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { starsFor } from './star-rating.ts';
import classes from './landing.module.css';

/** Five stars (full, half, empty) with one accessible name: 'Rated 4.5 out of 5'. */
export function StarRating({ rating }: { rating: number }) {
  const { t, i18n } = useTranslation('landing');
  const label = t('testimonials.rating', { rating: new Intl.NumberFormat(i18n.language).format(rating) });
  return (
    <span role="img" aria-label={label} className={classes.stars} data-rating={rating}>
      {starsFor(rating).map((kind, i) =>
        kind === 'full' ? (
          <IconStarFilled key={i} size={18} aria-hidden data-star="full" />
        ) : kind === 'half' ? (
          <IconStarHalfFilled key={i} size={18} aria-hidden data-star="half" className={classes.flipRtl} />
        ) : (
          <IconStar key={i} size={18} aria-hidden data-star="empty" />
        ),
      )}
    </span>
  );
}
