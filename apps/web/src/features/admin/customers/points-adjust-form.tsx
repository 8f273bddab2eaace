// A manual points adjustment for one customer: a signed whole number and a required reason (the
// customer sees it in their points history). The request id is made once per submission
// (crypto.randomUUID) and kept while the values stay the same, so a double click or a retry after
// a lost answer adjusts once; changing a value makes the next submission a new one.
import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_MSG, ZPointsAdjustment } from '@esim/api/domain/admin';
import { toast } from '../../../components/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { fieldErrorsOf, useFormErrors } from '../forms/field-errors.ts';
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
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { errors, serverError, accept, failed } = useFormErrors();
  const requestId = useRef<string | null>(null);

  const edit = (set: (v: string) => void) => (value: string) => {
    requestId.current = null;
    set(value);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (adjust.isPending) return;
    requestId.current ??= crypto.randomUUID();
    const input = { userId, amount: amountOf(amount), reason, requestId: requestId.current };
    const found = fieldErrorsOf(ZPointsAdjustment, input);
    if (found.amount) found.amount = ADMIN_MSG.points;
    if (!accept(event.currentTarget, found)) return;
    const parsed = ZPointsAdjustment.parse(input);
    adjust.mutate(parsed, {
      onSuccess: async (result) => {
        requestId.current = null;
        setAmount('');
        setReason('');
        await Promise.all([
          queryClient.invalidateQueries(trpc.admin.customers.get.queryFilter({ userId })),
          queryClient.invalidateQueries(trpc.admin.rewards.pathFilter()),
        ]);
        toast({
          title: result.applied ? t('customers.points.applied', { username }) : t('customers.points.already', { username }),
          description: t('customers.points.balance', { balance: formatCount(result.balance) }),
        });
      },
      onError: failed,
    });
  };

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
          value={amount}
          onChange={(e) => edit(setAmount)(e.currentTarget.value)}
          error={errors.amount}
        />
        <Textarea
          name="reason"
          label={t('customers.points.reason')}
          description={t('customers.points.reasonHint')}
          withAsterisk
          rows={2}
          value={reason}
          onChange={(e) => edit(setReason)(e.currentTarget.value)}
          error={errors.reason}
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
