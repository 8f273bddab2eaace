// /accessibility (issue 31): the accessibility statement — the standard aimed at (WCAG 2.2 AA),
// how far the shop is, how it is tested (the browser suite's axe audits, counted in
// accessibility-facts.ts and checked by its test; Chromium; no screen-reader checks recorded),
// the known limitations, the date of the last review, and a form to report a barrier.
import { useEffect } from 'react';
import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/page-hero.tsx';
import { config } from '../../config.ts';
import { formatIsoDate } from '../../lib/format-date.ts';
import { i18n } from '../../lib/i18n.ts';
import { useLanguage } from '../../lib/preferences/index.ts';
import { ACCESSIBILITY_LAST_REVIEWED, AUDIT_CALLS, AUDIT_FILES } from './accessibility-facts.ts';
import { BarrierForm } from './barrier-form.tsx';

const LIMITATIONS = ['globe', 'payment', 'qr', 'pdf', 'legal'] as const;

function Section({ id, heading, children }: { id: string; heading: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`a11y-${id}`}>
      <Title order={2} id={`a11y-${id}`} fz="xl" mb="sm">
        {heading}
      </Title>
      {children}
    </section>
  );
}

export function AccessibilityPage() {
  const { t } = useTranslation('accessibility');
  const { language } = useLanguage();
  const product = config.productName;
  const title = t('meta.title');
  // The route has no head() (the shop's initial JS is at its budget): the title is set here, after
  // the root head's default, and again when the language changes.
  useEffect(() => {
    document.title = i18n.t('common:meta.titleTemplate', { title });
  }, [title]);
  return (
    <>
      <PageHero title={t('title')} align="start" size="md" lead={t('intro', { product })}>
        <Text mt="sm" fz="sm" c="gray.7">
          {t('reviewed', { date: formatIsoDate(ACCESSIBILITY_LAST_REVIEWED, language) })}
        </Text>
      </PageHero>
      <Container size="md" py={{ base: 28, sm: 48 }}>
        <Stack gap="xl">
          <Section id="standard" heading={t('standard.heading')}>
            <Text>{t('standard.body')}</Text>
          </Section>
          <Section id="status" heading={t('status.heading')}>
            <Text>{t('status.body')}</Text>
          </Section>
          <Section id="testing" heading={t('testing.heading')}>
            <List spacing="sm">
              <List.Item>{t('testing.automated', { calls: AUDIT_CALLS, files: AUDIT_FILES })}</List.Item>
              <List.Item>{t('testing.rules')}</List.Item>
              <List.Item>{t('testing.browsers')}</List.Item>
              <List.Item>{t('testing.manual')}</List.Item>
            </List>
          </Section>
          <Section id="limitations" heading={t('limitations.heading')}>
            <List spacing="sm">
              {LIMITATIONS.map((key) => (
                <List.Item key={key}>{t(`limitations.${key}`)}</List.Item>
              ))}
            </List>
          </Section>
          <Section id="report" heading={t('report.heading')}>
            <Text mb="md">{t('report.body')}</Text>
            <BarrierForm />
          </Section>
          <Section id="contact" heading={t('contact.heading')}>
            <Text>
              {t('contact.body', { email: '\u2068EMAIL\u2069', phone: '\u2068PHONE\u2069' })
                .split(/(\u2068EMAIL\u2069|\u2068PHONE\u2069)/)
                .map((part, i) =>
                  part === '\u2068EMAIL\u2069' ? (
                    <Anchor key={i} href={`mailto:${config.supportEmail}`}>
                      <bdi>{config.supportEmail}</bdi>
                    </Anchor>
                  ) : part === '\u2068PHONE\u2069' ? (
                    <Anchor key={i} href={config.phoneHref}>
                      <bdi dir="ltr">{config.phone}</bdi>
                    </Anchor>
                  ) : (
                    part
                  ),
                )}
            </Text>
          </Section>
        </Stack>
      </Container>
    </>
  );
}
