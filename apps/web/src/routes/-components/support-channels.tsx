// /support: other contact routes — e-mail {email}, phone {phone} and the live chat (issue 30).
// The chat's badge says the spec's 'Available 24/7' only while an agent is online (there is no
// bot); otherwise when a person will answer. The chat window is a lazy chunk, loaded on 'Start chat'.
import { lazy, Suspense, useRef, useState } from 'react';
import { Anchor, Button, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconMessageCircle, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { config } from '../../config.ts';
import { LIVE_CHAT_ID } from '../../features/support/topics.ts';
import { useTRPC } from '../../lib/trpc.ts';
import classes from './support.module.css';

const ChatWindow = lazy(() => import('../../features/chat/chat-window.tsx'));

function ChatBadge() {
  const { t, i18n } = useTranslation(['support', 'chat']);
  const trpc = useTRPC();
  const badge = useQuery({ ...trpc.chat.availability.queryOptions(), refetchInterval: 60_000 });
  if (!badge.data) return null;
  const b = badge.data;
  if (b.kind === 'available') return <span className={classes.availability}>{t('support:channels.chat.availability')}</span>;
  const text =
    b.kind === 'soon'
      ? t('chat:badge.soon', { minutes: b.withinMinutes })
      : b.kind === 'opens'
        ? t('chat:badge.opens', {
            time: new Intl.DateTimeFormat(i18n.language, {
              weekday: 'short',
              hour: 'numeric',
              minute: '2-digit',
              timeZoneName: 'short',
            }).format(new Date(b.at)),
          })
        : t('chat:badge.email');
  return <span className={classes.availabilityLater}>{text}</span>;
}

export function SupportChannels() {
  const { t } = useTranslation(['support', 'chat']);
  const [chatOpen, setChatOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const closeChat = () => {
    setChatOpen(false);
    requestAnimationFrame(() => opener.current?.focus());
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
              <ChatBadge />
            </div>
            <Text size="sm" c="dimmed">
              {t('chat:intro')}
            </Text>
            {chatOpen ? (
              <Suspense fallback={null}>
                <ChatWindow onClose={closeChat} />
              </Suspense>
            ) : (
              <Button ref={opener} variant="light" size="sm" mt={4} onClick={() => setChatOpen(true)} className={classes.channelButton}>
                {t('chat:start')}
              </Button>
            )}
          </div>
        </li>
      </ul>
    </section>
  );
}
