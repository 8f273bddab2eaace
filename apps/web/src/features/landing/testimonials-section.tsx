// Landing point 8: 'What Our Customers Say' — three fixed testimonials (spec §1), with the
// star rating of spec §9.
import { Avatar, Card, Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StarRating } from './star-rating.tsx';
import classes from './landing.module.css';

export const TESTIMONIALS = [
  { key: 'sarah', rating: 5, color: 'brand.7' },
  { key: 'kenji', rating: 4.5, color: 'teal.9' },
  { key: 'amara', rating: 5, color: 'grape.9' },
] as const;

export function TestimonialsSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="testimonials-title" className={classes.section}>
      <Container size="lg">
        <header className={classes.sectionHead}>
          <Title order={2} id="testimonials-title">
            {t('testimonials.title')}
          </Title>
          <Text className={classes.lead}>{t('testimonials.subtitle')}</Text>
        </header>
        <ul className={classes.testimonials}>
          {TESTIMONIALS.map(({ key, rating, color }) => (
            <li key={key}>
              <Card component="figure" padding="xl" className={classes.testimonial}>
                <StarRating rating={rating} />
                <Text component="blockquote" className={classes.quote}>
                  {t(`testimonials.items.${key}.text`)}
                </Text>
                <figcaption className={classes.author}>
                  <Avatar color={color} variant="filled" radius="xl" size={44} aria-hidden>
                    {t(`testimonials.items.${key}.initials`)}
                  </Avatar>
                  <div>
                    <Text fw={700}>{t(`testimonials.items.${key}.name`)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`testimonials.items.${key}.plan`)}
                    </Text>
                  </div>
                </figcaption>
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
