// The top band of a content page (about, blog, legal, rewards): an optional eyebrow, the page's
// h1 and a lead paragraph, on the same soft gradient as the landing hero.
import type { ReactNode } from 'react';
import { Container, Text, Title } from '@mantine/core';
import classes from './page-hero.module.css';

export interface PageHeroProps {
  title: ReactNode;
  lead?: ReactNode;
  eyebrow?: ReactNode;
  /** Extra content under the lead (meta lines, buttons). */
  children?: ReactNode;
  /** Container size: 'lg' for wide pages, 'md' for reading pages. */
  size?: 'md' | 'lg';
  align?: 'start' | 'center';
  titleId?: string;
}

export function PageHero({ title, lead, eyebrow, children, size = 'lg', align = 'center', titleId }: PageHeroProps) {
  return (
    <div className={classes.hero} data-align={align}>
      <Container size={size} className={classes.inner}>
        {eyebrow ? <p className={classes.eyebrow}>{eyebrow}</p> : null}
        <Title order={1} className={classes.title} id={titleId}>
          {title}
        </Title>
        {lead ? <Text className={classes.lead}>{lead}</Text> : null}
        {children}
      </Container>
    </div>
  );
}
