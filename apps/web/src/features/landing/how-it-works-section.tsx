// Landing point 8: 'How it works' (/how-it-works lands on #how-it-works): the three steps of
// spec §1 and the four activation steps.
import { Container, Text, ThemeIcon, Title } from '@mantine/core';
import { IconQrcode, IconShoppingCart, IconWifi } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

const STEPS = [
  { key: 'purchase', Icon: IconShoppingCart },
  { key: 'install', Icon: IconQrcode },
  { key: 'connect', Icon: IconWifi },
] as const;

const ACTIVATION = ['one', 'two', 'three', 'four'] as const;

export function HowItWorksSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className={classes.section}>
      <Container size="lg">
        <header className={classes.sectionHead}>
          <Title order={2} id="how-it-works-title">
            {t('howItWorks.title')}
          </Title>
          <Text className={classes.lead}>{t('howItWorks.subtitle')}</Text>
        </header>
        <ol className={classes.steps}>
          {STEPS.map(({ key, Icon }, i) => (
            <li key={key} className={classes.step}>
              <ThemeIcon size={56} radius="xl" variant="light" color="brand" aria-hidden>
                <Icon size={28} stroke={1.7} />
              </ThemeIcon>
              <Text size="xs" fw={700} tt="uppercase" className={classes.stepNumber}>
                {t('howItWorks.stepLabel', { number: i + 1 })}
              </Text>
              <Title order={3} className={classes.cardTitle}>
                {t(`howItWorks.steps.${key}.title`)}
              </Title>
              <Text c="dimmed">{t(`howItWorks.steps.${key}.text`)}</Text>
            </li>
          ))}
        </ol>
        <div className={classes.activation}>
          <Title order={3} className={classes.cardTitle}>
            {t('howItWorks.activation.title')}
          </Title>
          <ol className={classes.activationList}>
            {ACTIVATION.map((key) => (
              <li key={key}>{t(`howItWorks.activation.${key}`)}</li>
            ))}
          </ol>
        </div>
      </Container>
    </section>
  );
}
