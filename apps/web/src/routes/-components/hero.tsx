import { Badge, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EsimCardMock } from './esim-card-mock.tsx';
import classes from './hero.module.css';

export interface HeroProps {
  /** The destination search, under the hero text (the landing page's HeroSearch). */
  search?: ReactNode;
}

export function Hero({ search }: HeroProps) {
  const { t } = useTranslation('landing');
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" className={classes.inner}>
        <div className={classes.copy}>
          <Badge variant="light" color="brand" size="lg" radius="xl" className={classes.eyebrow}>
            {t('hero.eyebrow')}
          </Badge>
          <Title order={1} id="hero-title" className={classes.title}>
            {t('hero.title')}
          </Title>
          <Text className={classes.text}>{t('hero.text')}</Text>
          {search}
          <Group gap="md" mt="xl">
            <Button
              size="lg"
              rightSection={<IconArrowRight size={18} aria-hidden className={classes.arrow} />}
              renderRoot={(props) => <Link to="/plans" {...props} />}
            >
              {t('hero.viewPlans')}
            </Button>
            <Button size="lg" variant="default" renderRoot={(props) => <Link to="/how-it-works" {...props} />}>
              {t('hero.howItWorks')}
            </Button>
          </Group>
        </div>
        <div className={classes.visual}>
          <EsimCardMock />
        </div>
      </Container>
    </section>
  );
}
