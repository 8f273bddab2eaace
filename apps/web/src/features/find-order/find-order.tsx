// The one 'Find my order' the pages use (/login, /support, /order-success): the form is a lazy
// chunk of its own, loaded when it is first shown, so a route that offers it pays nothing up front
// and /login, behind its disclosure, not even that until a guest asks.
import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FindOrderFormProps } from './find-order-form.tsx';

const load = () => import('./find-order-form.tsx');
const LazyFindOrderForm = lazy(load);

function Pending() {
  const { t } = useTranslation('common');
  return (
    <Center py="xl">
      <Loader size="sm" role="status" aria-label={t('a11y.loading')} />
    </Center>
  );
}

export function FindOrder(props: FindOrderFormProps) {
  return (
    <Suspense fallback={<Pending />}>
      <LazyFindOrderForm {...props} />
    </Suspense>
  );
}

/**
 * A question and a button that opens 'Find my order' in place (/login: 'Bought without an
 * account? Find your order'). The texts are the host page's, already loaded with it.
 */
export function FindOrderDisclosure({ question, action }: { question: string; action: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} bg="white" data-testid="find-order-disclosure">
      <Stack gap="sm">
        <Text fw={600}>{question}</Text>
        {open ? null : (
          <Button
            variant="light"
            leftSection={<IconReceipt size={18} aria-hidden />}
            aria-expanded={false}
            aria-controls={panelId}
            onClick={() => setOpen(true)}
            // Fetched on the way to a click, so the form is usually there when it opens.
            onPointerEnter={() => void load()}
            onFocus={() => void load()}
            style={{ alignSelf: 'flex-start' }}
          >
            {action}
          </Button>
        )}
        <div id={panelId}>{open ? <FindOrder focusOnOpen /> : null}</div>
      </Stack>
    </Paper>
  );
}
