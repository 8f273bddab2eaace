// The exchange rates in force: currency, name, units per 1 USD, when and how it last changed (seed
// or an admin), and by whom. Each rate is edited in its row: Edit turns the figure into a field;
// Save sends it, bad input (0, letters) shows the message under the field and changes nothing.
// USD is the base and is not editable. The field is a @mantine/form checked with ZRateUpdate.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZRateUpdate, microsToRate, rateBounds } from '@esim/api/domain/admin';
import { toast } from '../../../components/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { serverFieldErrors, zodRules } from '../forms/field-errors.ts';
import type { AdminRate } from '../forms/views.ts';
import { errorWords } from '../ui/api-error.tsx';
import { DataTable, type DataColumn } from '../ui/data-table.tsx';
import { Code } from '../ui/money.tsx';
import { formatDateTime } from '../ui/format.ts';

type Translate = ReturnType<typeof useTranslation<'admin'>>['t'];

/** 'admin', 'seed' or 'feed:<name>' (the daily feed that set it) in the owner's words. */
export function sourceLabel(source: string, t: Translate): string {
  if (source === 'admin') return t('rates.source.admin');
  if (source === 'seed') return t('rates.source.seed');
  const feed = /^feed:(.+)$/.exec(source)?.[1];
  if (!feed) return source;
  const known = feed === 'ecb' || feed === 'fake' ? t(`rates.source.feedNames.${feed}`) : feed;
  return t('rates.source.feed', { name: known });
}

export function RatesTable({ rates }: { rates: readonly AdminRate[] }) {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState<string | null>(null);
  // Closing the field (saved, cancelled, Escape) gives the focus back to the row's Edit button.
  const [closed, setClosed] = useState<string | null>(null);
  const close = (currency: string) => {
    setEditing(null);
    setClosed(currency);
  };
  useEffect(() => {
    if (!closed) return;
    document.querySelector<HTMLElement>(`[data-rate-edit="${closed}"]`)?.focus();
    setClosed(null);
  }, [closed]);
  const columns: DataColumn<AdminRate>[] = [
    {
      key: 'currency',
      header: t('rates.table.currency'),
      rowHeader: true,
      nowrap: true,
      cell: (r) => (
        <>
          <Code>{r.currency}</Code> <bdi>{r.symbol}</bdi>
        </>
      ),
    },
    { key: 'name', header: t('rates.table.name'), cell: (r) => r.name },
    {
      key: 'rate',
      header: t('rates.table.rate'),
      cell: (r) =>
        editing === r.currency ? (
          <RateEditor rate={r} onDone={() => close(r.currency)} />
        ) : (
          <Group gap="xs" wrap="nowrap">
            <bdi dir="ltr" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {r.rate}
            </bdi>
            {r.currency === 'USD' ? null : (
              <Button
                size="compact-sm"
                variant="default"
                data-rate-edit={r.currency}
                aria-label={t('rates.editOf', { currency: r.currency })}
                onClick={() => setEditing(r.currency)}
              >
                {t('rates.edit')}
              </Button>
            )}
          </Group>
        ),
    },
    { key: 'updated', header: t('rates.table.updated'), nowrap: true, cell: (r) => formatDateTime(r.updatedAt) },
    {
      key: 'source',
      header: t('rates.table.source'),
      cell: (r) => sourceLabel(r.source, t),
    },
    { key: 'by', header: t('rates.table.by'), cell: (r) => (r.updatedBy ? <bdi>{r.updatedBy}</bdi> : t('rates.none')) },
  ];
  return (
    <DataTable
      caption={t('rates.table.caption')}
      columns={columns}
      rows={rates}
      rowKey={(r) => r.currency}
      empty={t('rates.table.none')}
      minWidth={820}
      testId="rates-table"
    />
  );
}

export function RateEditor({ rate, onDone }: { rate: AdminRate; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.admin.rates.update.mutationOptions());
  const inputOf = (v: { rate: string }) => ({ currency: rate.currency, rate: v.rate });
  const schemaRules = zodRules(ZRateUpdate, inputOf);
  const form = useForm({
    mode: 'controlled',
    initialValues: { rate: rate.rate },
    // One message under the one field: the rate's, or the currency's.
    validate: (v: { rate: string }) => {
      const found = schemaRules(v);
      return found.rate || found.currency ? { rate: found.rate ?? found.currency } : {};
    },
    transformValues: (v) => ZRateUpdate.parse(inputOf(v)),
    clearInputErrorOnChange: false,
  });
  // The sane band the server keeps the rate in (1/10 to 10× the reference rate), shown under the field.
  const bounds = rateBounds(rate.currency);
  const input = useRef<HTMLInputElement>(null);
  // Edit moves the focus into the field (the button that had it is gone).
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (update.isPending) return event.preventDefault();
    form.onSubmit(send, () => input.current?.focus())(event);
  };

  const send = (body: ReturnType<typeof ZRateUpdate.parse>) =>
    update.mutate(body, {
      onSuccess: async (saved) => {
        queryClient.setQueryData(trpc.admin.rates.list.queryKey(), (old: AdminRate[] | undefined) =>
          old?.map((r) => (r.currency === saved.currency ? saved : r)),
        );
        // The shop converts prices with these rates: its own copy is refetched too.
        await Promise.all([
          queryClient.invalidateQueries(trpc.admin.rates.pathFilter()),
          queryClient.invalidateQueries(trpc.catalog.exchangeRates.pathFilter()),
        ]);
        toast({ title: t('rates.saved', { currency: saved.currency, rate: saved.rate }) });
        onDone();
      },
      onError: (err) => {
        const fields = serverFieldErrors(err);
        form.setFieldError('rate', fields.rate ?? fields.currency ?? errorWords(err, t).message);
      },
    });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('rates.formOf', { currency: rate.currency })}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          name="rate"
          aria-label={t('rates.rateOf', { currency: rate.currency })}
          description={t('rates.allowed', { min: microsToRate(bounds.minMicros), max: microsToRate(bounds.maxMicros) })}
          ref={input}
          size="xs"
          w={140}
          dir="ltr"
          inputMode="decimal"
          {...form.getInputProps('rate')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onDone();
          }}
        />
        <Button type="submit" size="compact-sm" mt={4} loading={update.isPending}>
          {t('rates.save')}
        </Button>
        <Button size="compact-sm" mt={4} variant="default" onClick={onDone} disabled={update.isPending}>
          {t('rates.cancel')}
        </Button>
      </Group>
    </form>
  );
}
