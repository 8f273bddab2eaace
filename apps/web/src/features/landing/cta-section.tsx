// Landing point 8: the closing call to action.
import { Button, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

export function CtaSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="cta-title" className={classes.ctaWrap}>
      <Container size="lg">
        <div className={classes.cta}>
          <Title order={2} id="cta-title" className={classes.ctaTitle}>
            {t('cta.title')}
          </Title>
          <Text className={classes.ctaText}>{t('cta.text')}</Text>
          <Group justify="center" gap="md" mt="xl">
            <Button
              size="lg"
              color="white"
              c="brand.8"
              rightSection={<IconArrowRight size={18} aria-hidden className={classes.flipRtl} />}
              renderRoot={(props) => <Link to="/plans" {...props} />}
            >
              {t('cta.viewPlans')}
            </Button>
            <Button size="lg" variant="outline" color="white" renderRoot={(props) => <Link to="/support" {...props} />}>
              {t('cta.contactSupport')}
            </Button>
          </Group>
        </div>
      </Container>
    </section>
  );
}
