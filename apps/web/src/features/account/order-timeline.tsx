// The traveller's view of an order's history (orders.history, issue 23): each move of the order's
// status, oldest first, with who made it (you, us, automatically, the payment service) and when.
// The server's reasons are for the back office and stay there: what the traveller needs to know
// of a refund (the owner's note, what was kept) the receipt's refund lines say.
import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts';
import classes from './order-timeline.module.css';

export type OrderEvent = RouterOutputs['orders']['history'][number];
type Tone = 'done' | 'wait' | 'stop';

const TONE: Record<OrderEvent['to'], Tone> = {
  pending_payment: 'wait',
  payment_failed: 'stop',
  paid: 'done',
  provisioning: 'wait',
  fulfilled: 'done',
  refunded: 'stop',
  canceled: 'stop',
  expired: 'stop',
};

const times = new Map<string, Intl.DateTimeFormat>();
function formatTime(iso: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  let f = times.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    times.set(locale, f);
  }
  return f.format(d);
}

export function OrderTimeline({ orderId, className }: { orderId: string; className?: string }) {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const titleId = useId();
  const history = useQuery(trpc.orders.history.queryOptions({ orderId }));

  let body: ReactNode;
  if (history.isPending) {
    body = (
      <Stack gap="xs" mt="sm" aria-busy="true">
        <Skeleton height={18} width="50%" />
        <Skeleton height={18} width="40%" />
      </Stack>
    );
  } else if (history.isError) {
    body = (
      <Alert color="red" variant="light" mt="sm" title={t('orders.history.loadFailed')}>
        <Button mt="xs" size="xs" variant="default" loading={history.isFetching} onClick={() => void history.refetch()}>
          {t('orders.retry')}
        </Button>
      </Alert>
    );
  } else if (history.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed" mt="sm">
        {t('orders.history.empty')}
      </Text>
    );
  } else {
    body = (
      <ol className={classes.list} data-testid="order-timeline">
        {history.data.map((e) => (
          <li key={e.id} className={classes.item} data-tone={TONE[e.to]} data-state={e.to}>
            <span className={classes.dot} aria-hidden="true" />
            <Text fw={700} size="sm">
              {t(`orders.history.states.${e.to}`)}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`orders.history.actors.${e.actor}`)} · <time dateTime={e.at}>{formatTime(e.at, language)}</time>
            </Text>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby={titleId} className={[classes.section, className].filter(Boolean).join(' ')}>
      <Title order={3} fz="md" id={titleId}>
        {t('orders.history.title')}
      </Title>
      {body}
    </section>
  );
}
