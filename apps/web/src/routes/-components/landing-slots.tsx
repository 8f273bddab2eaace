// Slots on the landing page for sections other engineers build (spec §2 landing points 2 and 8).
import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * SLOT — spec §2 landing point 2: the globe video with its pause/play button, floating chat
 * bubbles and the 'Worldwide eSIM Coverage' section. Receives the picker's onSelect so a globe
 * pick can select a region (then scroll after SCROLL_DELAY_MS.globe, see lib/scroll.ts).
 */
export function GlobeSlot(_props: { onSelectRegionCode?: (code: string) => void }) {
  return null;
}

/**
 * SLOT — spec §2 landing point 8. /how-it-works lands on #how-it-works; keep that id.
 * To be filled: the 3 steps, 'Compatible Devices', 'What Our Customers Say', the FAQ accordion
 * with 'View all FAQs', and the call to action ('View eSIM Plans', 'Contact Support').
 */
export function HowItWorksSlot() {
  const { t } = useTranslation('landing');
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title">
      <Container size="lg" py={72} ta="center">
        <Title order={2} id="how-it-works-title">
          {t('howItWorks.title')}
        </Title>
        <Text c="dimmed" mt="sm" size="lg">
          {t('howItWorks.subtitle')}
        </Text>
      </Container>
    </section>
  );
}
