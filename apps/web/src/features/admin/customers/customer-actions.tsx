// A customer's account actions: Disable / Enable (asks first; disabling ends every session at
// once) and Grant / Remove admin (shown with the reason when the server says this admin may not
// change it: one's own last admin role).
import { Alert, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import type { AdminCustomerDetail } from '../forms/views.ts';
import { errorWords } from '../ui/api-error.tsx';
import { ConfirmActionButton } from '../ui/confirm-action-button.tsx';

export function CustomerActions({ customer }: { customer: AdminCustomerDetail }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setDisabled = useMutation(trpc.admin.customers.setDisabled.mutationOptions());
  const setRole = useMutation(trpc.admin.customers.setRole.mutationOptions());
  const name = customer.username;

  const saved = async (next: AdminCustomerDetail, title: string) => {
    queryClient.setQueryData(trpc.admin.customers.get.queryKey({ userId: next.id }), next);
    await queryClient.invalidateQueries(trpc.admin.customers.search.pathFilter());
    toast({ title });
  };
  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: t('customers.actions.failed'), description: errorWords(error, t).message });

  const toggleDisabled = () =>
    setDisabled.mutate(
      { userId: customer.id, disabled: !customer.disabled },
      {
        onSuccess: (next) =>
          saved(next, next.disabled ? t('customers.actions.disabledToast', { name }) : t('customers.actions.enabledToast', { name })),
        onError: failed,
      },
    );
  const toggleRole = () =>
    setRole.mutate(
      { userId: customer.id, role: customer.role === 'admin' ? 'customer' : 'owner' },
      {
        onSuccess: (next) =>
          saved(
            next,
            next.role === 'admin' ? t('customers.actions.grantedToast', { name }) : t('customers.actions.removedToast', { name }),
          ),
        onError: failed,
      },
    );

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        {customer.canDisable ? (
          customer.disabled ? (
            <ConfirmActionButton
              label={t('customers.actions.enable')}
              ariaLabel={t('customers.actions.enableOf', { name })}
              loading={setDisabled.isPending}
              onConfirm={toggleDisabled}
              confirm={{
                title: t('customers.actions.enableTitle', { name }),
                body: t('customers.actions.enableBody'),
                confirmLabel: t('customers.actions.enable'),
              }}
            />
          ) : (
            <ConfirmActionButton
              label={t('customers.actions.disable')}
              ariaLabel={t('customers.actions.disableOf', { name })}
              color="red.8"
              loading={setDisabled.isPending}
              onConfirm={toggleDisabled}
              confirm={{
                title: t('customers.actions.disableTitle', { name }),
                body: t('customers.actions.disableBody', { count: customer.activeSessions }),
                confirmLabel: t('customers.actions.disable'),
              }}
            />
          )
        ) : null}
        {customer.canChangeRole ? (
          <ConfirmActionButton
            label={customer.role === 'admin' ? t('customers.actions.removeAdmin') : t('customers.actions.grantAdmin')}
            variant="default"
            loading={setRole.isPending}
            onConfirm={toggleRole}
            confirm={{
              title: customer.role === 'admin' ? t('customers.actions.removeTitle', { name }) : t('customers.actions.grantTitle', { name }),
              body: customer.role === 'admin' ? t('customers.actions.removeBody') : t('customers.actions.grantBody'),
              confirmLabel: customer.role === 'admin' ? t('customers.actions.removeAdmin') : t('customers.actions.grantAdmin'),
            }}
          />
        ) : null}
      </Group>
      {customer.canDisable ? null : (
        <Text size="sm" c="dimmed">
          {t('customers.actions.cannotDisable')}
        </Text>
      )}
      {customer.canChangeRole ? null : (
        <Alert color="gray" variant="light" p="xs">
          <Text size="sm">{t('customers.actions.cannotChangeRole')}</Text>
        </Alert>
      )}
    </Stack>
  );
}
