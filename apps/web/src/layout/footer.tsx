// Site footer (spec §2): brand blurb, postal address, social links, link columns, 'Get in touch',
// copyright with the current year, payment brand badges.
import { ActionIcon, Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandWhatsapp, IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { config } from '../config.ts';
import { AppLink } from '../components/app-link.tsx';
import { LogoMark } from '../components/logo.tsx';
import { AmexIcon, MastercardIcon, VisaIcon } from '../components/payment-icons.tsx';
import classes from './footer.module.css';

type FooterKey =
  | 'footer.about'
  | 'footer.newsBlog'
  | 'footer.faq'
  | 'footer.contactUs'
  | 'footer.terms'
  | 'footer.privacy'
  | 'footer.accessibility';

const COLUMNS: { title: 'footer.company' | 'footer.support' | 'footer.legal'; links: { label: FooterKey; href: string }[] }[] = [
  {
    title: 'footer.company',
    links: [
      { label: 'footer.about', href: '/about-us' },
      { label: 'footer.newsBlog', href: '/blog' },
    ],
  },
  {
    title: 'footer.support',
    links: [
      { label: 'footer.faq', href: '/faq' },
      { label: 'footer.contactUs', href: '/support' },
    ],
  },
  {
    title: 'footer.legal',
    links: [
      { label: 'footer.terms', href: '/terms' },
      { label: 'footer.privacy', href: '/privacy' },
      { label: 'footer.accessibility', href: '/accessibility' },
    ],
  },
];

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const social = [
    { href: config.social.facebook, label: t('footer.social.facebook'), Icon: IconBrandFacebook },
    { href: config.social.instagram, label: t('footer.social.instagram'), Icon: IconBrandInstagram },
    { href: config.social.linkedin, label: t('footer.social.linkedin'), Icon: IconBrandLinkedin },
  ];

  return (
    <footer className={classes.footer}>
      <Container size="lg" py={56}>
        <div className={classes.grid}>
          <Stack gap="md" className={classes.brand}>
            <Group gap={10}>
              <LogoMark size={36} />
              <Text fw={800} fz="lg" c="white">
                {config.productName}
              </Text>
            </Group>
            <Text size="sm" className={classes.muted} maw={420}>
              {t('footer.blurb')}
            </Text>
            <address className={classes.address}>
              <Text size="xs" tt="uppercase" fw={700} className={classes.label}>
                {t('footer.address')}
              </Text>
              {/* <bdi>: a line that starts with a house number keeps its order in Arabic. */}
              {config.postalAddress.map((line) => (
                <Text key={line} size="sm" className={classes.muted}>
                  <bdi>{line}</bdi>
                </Text>
              ))}
            </address>
            <Group gap="xs" aria-label={t('footer.followUs')} role="group">
              {social.map(({ href, label, Icon }) => (
                <ActionIcon
                  key={label}
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label} ${t('a11y.opensInNewTab')}`}
                  variant="outline"
                  color="gray.3"
                  size="lg"
                  radius="xl"
                  className={classes.social}
                >
                  <Icon size={18} aria-hidden />
                </ActionIcon>
              ))}
            </Group>
          </Stack>

          {COLUMNS.map((col) => (
            <nav key={col.title} aria-labelledby={`footer-${col.title}`}>
              <Title order={2} id={`footer-${col.title}`} className={classes.heading}>
                {t(col.title)}
              </Title>
              <ul className={classes.list}>
                {col.links.map((link) => (
                  <li key={link.href}>
                    <AppLink href={link.href} className={classes.link}>
                      {t(link.label)}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}

          <div>
            <Title order={2} className={classes.heading}>
              {t('footer.getInTouch')}
            </Title>
            <ul className={classes.list}>
              <li>
                <Text size="xs" className={classes.label}>
                  {t('footer.frontDesk')} · {t('footer.generalEnquiries')}
                </Text>
                <Anchor href={config.phoneHref} className={classes.contact}>
                  <IconPhone size={16} aria-hidden /> <span dir="ltr">{config.phone}</span>
                </Anchor>
              </li>
              <li>
                <Text size="xs" className={classes.label}>
                  {t('footer.salesEmail')}
                </Text>
                <Anchor href={`mailto:${config.salesEmail}`} className={classes.contact}>
                  <IconMail size={16} aria-hidden /> <span>{config.salesEmail}</span>
                </Anchor>
              </li>
              <li>
                <Text size="xs" className={classes.label}>
                  {t('footer.partnerWhatsapp')}
                </Text>
                <Anchor href={config.whatsappHref} target="_blank" rel="noopener noreferrer" className={classes.contact}>
                  <IconBrandWhatsapp size={16} aria-hidden /> <span dir="ltr">{config.whatsappPhone}</span>
                  <span className={classes.srOnly}> {t('a11y.opensInNewTab')}</span>
                </Anchor>
              </li>
            </ul>
          </div>
        </div>

        <div className={classes.bottom}>
          <Text size="sm" className={classes.muted}>
            {t('footer.copyright', { year })}
          </Text>
          <Group gap={8} role="group" aria-label={t('footer.paymentMethods')}>
            <VisaIcon title={t('footer.visa')} />
            <MastercardIcon title={t('footer.mastercard')} />
            <AmexIcon title={t('footer.amex')} />
          </Group>
        </div>
      </Container>
    </footer>
  );
}
