// /support: other contact routes — e-mail {email}, phone {phone} and live chat 'Available 24/7'.
// The chat window itself is not built yet; its block says so and leads to the contact form.
import { Anchor, Button, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconMessageCircle, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { config } from '../../config.ts';
import { CONTACT_FORM_ID, LIVE_CHAT_ID } from '../../features/support/topics.ts';
import { scrollToId } from '../../lib/scroll.ts';
import classes from './support.module.css';

export function SupportChannels() {
  const { t } = useTranslation('support');

  const startWriting = () => {
    scrollToId(CONTACT_FORM_ID);
    document.querySelector<HTMLInputElement>(`#${CONTACT_FORM_ID} [name="name"]`)?.focus({ preventScroll: true });
  };

  return (
    <section aria-labelledby="support-channels-title" className={classes.channels}>
      <Title order={2} id="support-channels-title" className={classes.channelsTitle}>
        {t('channels.title')}
      </Title>
      <ul className={classes.channelList}>
        <li className={classes.channel}>
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            <IconMail size={22} />
          </ThemeIcon>
          <div className={classes.channelBody}>
            <Title order={3} className={classes.channelName}>
              {t('channels.email.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('channels.email.text')}
            </Text>
            <Anchor href={`mailto:${config.supportEmail}`} fw={600} className={classes.channelLink}>
              {config.supportEmail}
            </Anchor>
          </div>
        </li>
        <li className={classes.channel}>
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            <IconPhone size={22} />
          </ThemeIcon>
          <div className={classes.channelBody}>
            <Title order={3} className={classes.channelName}>
              {t('channels.phone.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('channels.phone.text')}
            </Text>
            <Anchor href={config.phoneHref} fw={600} dir="ltr" className={classes.channelLink}>
              {config.phone}
            </Anchor>
          </div>
        </li>
        <li className={classes.channel} id={LIVE_CHAT_ID} tabIndex={-1}>
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            <IconMessageCircle size={22} />
          </ThemeIcon>
          <div className={classes.channelBody}>
            <div className={classes.channelHead}>
              <Title order={3} className={classes.channelName}>
                {t('channels.chat.title')}
              </Title>
              <span className={classes.availability}>{t('channels.chat.availability')}</span>
            </div>
            <Text size="sm" c="dimmed">
              {t('channels.chat.text')}
            </Text>
            <Button variant="light" size="sm" mt={4} onClick={startWriting} className={classes.channelButton}>
              {t('channels.chat.action')}
            </Button>
          </div>
        </li>
      </ul>
    </section>
  );
}
