// A customer's account actions: Disable / Enable (asks first; disabling ends every session at
// once) and the role: customer, or a back-office role — owner (everything), support or catalogue —
// chosen from a list and changed after asking (shown with the reason when the server says this
// admin may not change it: the last owner).
import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import type { AdminCustomerDetail } from '../forms/views.ts';
import { errorWords } from '../ui/api-error.tsx';
import { ConfirmActionButton } from '../ui/confirm-action-button.tsx';

const ROLE_CHOICES = ['customer', 'owner', 'support', 'catalogue'] as const;
type RoleChoice = (typeof ROLE_CHOICES)[number];

export function CustomerActions({ customer }: { customer: AdminCustomerDetail }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setDisabled = useMutation(trpc.admin.customers.setDisabled.mutationOptions());
  const setRole = useMutation(trpc.admin.customers.setRole.mutationOptions());
  const exportData = useMutation(trpc.admin.customers.exportData.mutationOptions());
  const erase = useMutation(trpc.admin.customers.erase.mutationOptions());
  const navigate = useNavigate();
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
  const current: RoleChoice = customer.role === 'admin' ? (customer.adminRole ?? 'owner') : 'customer';
  const [role, setRoleChoice] = useState<RoleChoice>(current);
  const roleName = (r: RoleChoice) => t(`customers.actions.roleOptions.${r}`).split(/[:(]/)[0]!.trim().toLowerCase();
  const changeRole = () =>
    setRole.mutate(
      { userId: customer.id, role },
      {
        onSuccess: (next) => {
          const now: RoleChoice = next.role === 'admin' ? (next.adminRole ?? 'owner') : 'customer';
          setRoleChoice(now);
          return saved(next, t('customers.actions.roleToast', { name, role: roleName(now) }));
        },
        onError: failed,
      },
    );

  // Issue 31: a data request fulfilled for the person (an owner only).
  const downloadData = () =>
    exportData.mutate(
      { userId: customer.id },
      {
        onSuccess: (data) => {
          const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
          const a = document.createElement('a');
          a.href = url;
          a.download = `account-${customer.id}-data-${data.generatedAt.slice(0, 10)}.json`;
          a.click();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
          toast({ title: t('customers.actions.exportedToast', { name }) });
        },
        onError: failed,
      },
    );
  const eraseAccount = () =>
    erase.mutate(
      { userId: customer.id },
      {
        onSuccess: async () => {
          toast({ title: t('customers.actions.erasedToast') });
          await queryClient.invalidateQueries(trpc.admin.customers.search.pathFilter());
          await navigate({ to: '/admin/customers' });
        },
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
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('customers.actions.role')}
              aria-label={t('customers.actions.roleOf', { name })}
              value={role}
              onChange={(e) => setRoleChoice(e.currentTarget.value as RoleChoice)}
              data={ROLE_CHOICES.map((r) => ({ value: r, label: t(`customers.actions.roleOptions.${r}`) }))}
            />
            <ConfirmActionButton
              label={t('customers.actions.changeRole')}
              variant="default"
              loading={setRole.isPending}
              disabled={role === current}
              onConfirm={changeRole}
              confirm={{
                title: t('customers.actions.changeRoleTitle', { name, role: roleName(role) }),
                body: t('customers.actions.changeRoleBody'),
                confirmLabel: t('customers.actions.changeRole'),
              }}
            />
          </Group>
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
      {customer.canEndSessions && customer.role !== 'admin' ? (
        <Group gap="sm" wrap="wrap" role="group" aria-label={t('customers.actions.dataTitle')}>
          <Button
            variant="default"
            loading={exportData.isPending}
            onClick={downloadData}
            aria-label={t('customers.actions.exportDataOf', { name })}
          >
            {t('customers.actions.exportData')}
          </Button>
          <ConfirmActionButton
            label={t('customers.actions.erase')}
            ariaLabel={t('customers.actions.eraseOf', { name })}
            color="red.8"
            loading={erase.isPending}
            onConfirm={eraseAccount}
            confirm={{
              title: t('customers.actions.eraseTitle', { name }),
              body: t('customers.actions.eraseBody'),
              confirmLabel: t('customers.actions.erase'),
            }}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
