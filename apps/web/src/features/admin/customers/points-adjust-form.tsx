// A manual points adjustment for one customer: a signed whole number and a required reason (the
// customer sees it in their points history). The request id is made once per submission
// (crypto.randomUUID) and kept while the values stay the same, so a double click or a retry after
// a lost answer adjusts once; changing a value makes the next submission a new one.
// A @mantine/form checked with the server's ZPointsAdjustment before sending.
import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_MSG, ZPointsAdjustment } from '@esim/api/domain/admin';
import { toast } from '../../../components/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { focusFirstError, serverFieldErrors, zodRules } from '../forms/field-errors.ts';
import { ApiErrorAlert } from '../ui/api-error.tsx';
import { formatCount } from '../ui/format.ts';

const FIELDS = ['amount', 'reason'] as const;

export interface PointsAdjustFormProps {
  userId: number;
  username: string;
}

/** '+250', '-100', '250' → a number; anything else is left for the schema to refuse. */
function amountOf(text: string): unknown {
  const t = text.trim().replace(/^\+/, '').replace(/,/g, '');
  return /^-?\d+$/.test(t) ? Number(t) : undefined;
}

export function PointsAdjustForm({ userId, username }: PointsAdjustFormProps) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const adjust = useMutation(trpc.admin.rewards.adjustPoints.mutationOptions());
  const [serverError, setServerError] = useState<unknown>(null);
  const requestId = useRef<string | null>(null);
  const inputOf = (v: { amount: string; reason: string }) => ({
    userId,
    amount: amountOf(v.amount),
    reason: v.reason,
    requestId: requestId.current,
  });
  const form = useForm({
    mode: 'controlled',
    initialValues: { amount: '', reason: '' },
    validate: zodRules(ZPointsAdjustment, inputOf, { amount: ADMIN_MSG.points }),
    transformValues: (v) => ZPointsAdjustment.parse(inputOf(v)),
    clearInputErrorOnChange: false,
    onValuesChange: () => {
      requestId.current = null;
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (adjust.isPending) return event.preventDefault();
    requestId.current ??= crypto.randomUUID();
    setServerError(null);
    form.onSubmit(send, focusFirstError)(event);
  };

  const send = (parsed: ReturnType<typeof ZPointsAdjustment.parse>) =>
    adjust.mutate(parsed, {
      onSuccess: async (result) => {
        requestId.current = null;
        form.reset();
        await Promise.all([
          queryClient.invalidateQueries(trpc.admin.customers.get.queryFilter({ userId })),
          queryClient.invalidateQueries(trpc.admin.rewards.pathFilter()),
        ]);
        toast({
          title: result.applied ? t('customers.points.applied', { username }) : t('customers.points.already', { username }),
          description: t('customers.points.balance', { balance: formatCount(result.balance) }),
        });
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        setServerError(error);
      },
    });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="points-adjust-heading">
      <Stack gap="sm">
        {serverError ? <ApiErrorAlert error={serverError} title={t('customers.points.notApplied')} shownBeside={FIELDS} /> : null}
        <TextInput
          name="amount"
          label={t('customers.points.amount')}
          description={t('customers.points.amountHint')}
          withAsterisk
          inputMode="numeric"
          dir="ltr"
          maw={240}
          {...form.getInputProps('amount')}
        />
        <Textarea
          name="reason"
          label={t('customers.points.reason')}
          description={t('customers.points.reasonHint')}
          withAsterisk
          rows={2}
          {...form.getInputProps('reason')}
        />
        <Group>
          <Button type="submit" loading={adjust.isPending}>
            {t('customers.points.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
