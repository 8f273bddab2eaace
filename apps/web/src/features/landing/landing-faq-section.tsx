// Landing point 8: the FAQ accordion — five entries of spec §1, one open at a time and
// collapsible — with 'View all FAQs'.
import { Accordion, Button, Container, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

export const LANDING_FAQ = ['whatIsEsim', 'install', 'calls', 'activation', 'topUp'] as const;

export function LandingFaqSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="landing-faq-title" className={`${classes.section} ${classes.tinted}`}>
      <Container size="md">
        <header className={classes.sectionHead}>
          <Title order={2} id="landing-faq-title">
            {t('faq.title')}
          </Title>
          <Text className={classes.lead}>{t('faq.subtitle')}</Text>
        </header>
        <Accordion
          order={3}
          variant="separated"
          radius="md"
          chevronPosition="right"
          classNames={{ item: classes.faqItem, control: classes.faqControl }}
        >
          {LANDING_FAQ.map((key) => (
            <Accordion.Item key={key} value={key}>
              <Accordion.Control>{t(`faq.items.${key}.q`)}</Accordion.Control>
              <Accordion.Panel>
                <Text c="dark.5" lh={1.65}>
                  {t(`faq.items.${key}.a`)}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <div className={classes.center}>
          <Button variant="default" size="md" renderRoot={(props) => <Link to="/faq" {...props} />}>
            {t('faq.viewAll')}
          </Button>
        </div>
      </Container>
    </section>
  );
}
