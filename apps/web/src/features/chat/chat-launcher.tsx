// The live chat in the account (issue 30): the same chat as the support page's (bound to the
// signed-in traveller), opened from the account's support tickets page. The window is a lazy chunk;
// its texts ('chat' namespace) load with it (useTranslation suspends until they are there).
import { lazy, Suspense, useRef, useState } from 'react';
import { Button, Paper, Text, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const ChatWindow = lazy(() => import('./chat-window.tsx'));

function Launcher() {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="account-chat-title">
      <Title order={3} size="h5" id="account-chat-title">
        {t('title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {t('intro')}
      </Text>
      {open ? (
        <Suspense fallback={null}>
          <ChatWindow
            onClose={() => {
              setOpen(false);
              requestAnimationFrame(() => opener.current?.focus());
            }}
          />
        </Suspense>
      ) : (
        <Button
          ref={opener}
          mt="sm"
          variant="light"
          leftSection={<IconMessageCircle size={18} aria-hidden />}
          onClick={() => setOpen(true)}
        >
          {t('start')}
        </Button>
      )}
    </Paper>
  );
}

export function ChatLauncher() {
  return (
    <Suspense fallback={null}>
      <Launcher />
    </Suspense>
  );
}
