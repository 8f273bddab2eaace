// The hero of the coverage, support and FAQ pages: eyebrow, h1, subtitle and an optional slot
// (a search box).
import type { ReactNode } from 'react';
import { Badge, Container, Text, Title } from '@mantine/core';
import classes from './info-pages.module.css';

export interface InfoHeroProps {
  id: string;
  eyebrow?: string;
  title: string;
  subtitle: string;
  children?: ReactNode;
}

export function InfoHero({ id, eyebrow, title, subtitle, children }: InfoHeroProps) {
  return (
    <section className={classes.hero} aria-labelledby={id}>
      <Container size="lg" className={classes.heroInner}>
        {eyebrow ? (
          <Badge variant="light" color="brand" size="lg" radius="xl" className={classes.eyebrow}>
            {eyebrow}
          </Badge>
        ) : null}
        <Title order={1} id={id} className={classes.heroTitle}>
          {title}
        </Title>
        <Text className={classes.heroText}>{subtitle}</Text>
        {children ? <div className={classes.heroSlot}>{children}</div> : null}
      </Container>
    </section>
  );
}
