// The account order table's 'view QR code': a dialog with the order's eSIM and how to install it
// (esims.list, matched by order number), and a link to the whole order.
import { Button, Center, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PlanTextFacts } from '@esim/api/domain';
import { useTRPC } from '../../lib/trpc.ts';
import { usePlanTexts } from '../catalog/use-plan-texts.ts';
import { InstallDetails } from './install-details.tsx';
import { isolated } from '../../components/bidi.tsx';

export interface OrderRef {
  id: string | number;
  planId?: number | null;
  planName?: string | null;
  planFacts?: PlanTextFacts | null;
  esimQrCode?: string | null;
  paymentIntentId?: string | null;
}

export function OrderEsimModal({ order, onClose }: { order: OrderRef | null; onClose: () => void }) {
  const { t } = useTranslation('esim');
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={order ? isolated({ id: String(order.id) }, (v) => t('orderModal.title', v)) : ''}
      closeButtonProps={{ 'aria-label': t('orderModal.close') }}
      size="lg"
      radius="lg"
      centered
      styles={{ title: { fontWeight: 750 } }}
    >
      {order ? <OrderEsim order={order} onNavigate={onClose} /> : null}
    </Modal>
  );
}

function OrderEsim({ order, onNavigate }: { order: OrderRef; onNavigate: () => void }) {
  const { t } = useTranslation('esim');
  const trpc = useTRPC();
  const esims = useQuery(trpc.esims.list.queryOptions());
  const planName = usePlanTexts(order.planFacts)?.name ?? order.planName;
  if (esims.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader aria-hidden />
        <Text ms="sm" c="dimmed">
          {t('orderModal.loading')}
        </Text>
      </Center>
    );
  }
  const esim = esims.data?.find((e) => e.orderId === String(order.id));
  return (
    <Stack gap="lg">
      {esim ? (
        <InstallDetails esim={esim} layout="compact" titleOrder={3} idPrefix={`order-${order.id}`} />
      ) : (
        <Stack align="center" gap="sm">
          {order.esimQrCode ? (
            <Image src={order.esimQrCode} alt={t('install.qrAlt', { plan: planName ?? 'eSIM' })} w={200} h={200} fit="contain" bg="white" />
          ) : null}
          <Text size="sm" c="dimmed" ta="center">
            {t('orderModal.unavailable')}
          </Text>
        </Stack>
      )}
      {order.paymentIntentId && order.planId ? (
        <Button
          variant="default"
          onClick={onNavigate}
          renderRoot={(props) => (
            <Link
              to="/order-success/$planId"
              params={{ planId: String(order.planId) }}
              search={{ payment_intent: order.paymentIntentId! }}
              {...props}
            />
          )}
        >
          {t('orderModal.details')}
        </Button>
      ) : null}
    </Stack>
  );
}
