// A legal page (terms, privacy): title, 'Last updated', a table of contents with anchor links,
// then the sections. Headings are translated; the body text is English (marked lang="en"), and a
// note says so in the other languages.
import { Anchor, Container, Text, Title } from '@mantine/core';
import { IconLanguage, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/page-hero.tsx';
import { config } from '../../config.ts';
import { formatIsoDate } from '../../lib/format-date.ts';
import { useLanguage } from '../../lib/preferences/index.ts';
import { LEGAL_LAST_UPDATED, type LegalBlock, type LegalSection } from './types.ts';
import classes from './legal-document.module.css';

export interface LegalDocumentProps {
  /** Anchor prefix: 'terms' → #terms-refunds. */
  idPrefix: string;
  title: string;
  sections: readonly (LegalSection & { heading: string })[];
}

export function LegalDocument({ idPrefix, title, sections }: LegalDocumentProps) {
  const { t } = useTranslation('legal');
  const { language } = useLanguage();
  const updated = formatIsoDate(LEGAL_LAST_UPDATED, language);
  const anchor = (id: string) => `${idPrefix}-${id}`;

  return (
    <>
      <PageHero title={title} align="start">
        <Text className={classes.updated}>{t('lastUpdated', { date: updated })}</Text>
      </PageHero>
      <Container size="lg" py={{ base: 28, sm: 48 }}>
        <div className={classes.layout}>
          <nav className={classes.toc} aria-labelledby={`${idPrefix}-toc`}>
            <Title order={2} id={`${idPrefix}-toc`} className={classes.tocTitle}>
              {t('toc')}
            </Title>
            <ol className={classes.tocList}>
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${anchor(s.id)}`} className={classes.tocLink}>
                    {s.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <div className={classes.content}>
            {language !== 'en' ? (
              <Text size="sm" className={classes.note}>
                <IconLanguage size={16} aria-hidden />
                {t('englishNote')}
              </Text>
            ) : null}
            {sections.map((s, index) => (
              <section key={s.id} id={anchor(s.id)} aria-labelledby={`${anchor(s.id)}-title`} className={classes.section}>
                <Title order={2} id={`${anchor(s.id)}-title`} className={classes.heading}>
                  <span className={classes.number} aria-hidden="true">
                    {index + 1}.
                  </span>
                  {s.heading}
                </Title>
                {s.blocks.map((block, i) => (
                  <Block key={i} block={block} />
                ))}
              </section>
            ))}
          </div>
        </div>
      </Container>
    </>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') {
    return (
      <p lang="en" dir="ltr" className={classes.paragraph}>
        {block}
      </p>
    );
  }
  if ('list' in block) {
    return (
      <ul lang="en" dir="ltr" className={classes.list}>
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  return <ContactDetails />;
}

function ContactDetails() {
  return (
    <div className={classes.contact}>
      <Anchor href={`mailto:${config.supportEmail}`} className={classes.email}>
        <IconMail size={18} aria-hidden />
        <span>{config.supportEmail}</span>
      </Anchor>
      <address className={classes.address}>
        {config.postalAddress.map((line) => (
          <span key={line}>
            <bdi>{line}</bdi>
          </span>
        ))}
      </address>
    </div>
  );
}
