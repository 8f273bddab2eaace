// The owner's form for a promo code (issue 29): a @mantine/form checked with the server's own
// schema (ZPromoCodeFields, domain/promotions.ts) on submit, the server's field errors beside the
// fields. Dates are UTC; amounts are typed in units ('5.00') and sent in minor units.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHECKOUT_CURRENCIES, minorDigits } from '@esim/api/domain';
import { ZPromoCodeFields, type TPromoCodeFields } from '@esim/api/domain/promotions';
import { toast } from '../../../components/toast.tsx';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { focusFirstError, serverFieldErrors, zodRules } from '../forms/field-errors.ts';
import { ApiErrorAlert } from '../ui/index.ts';
import { useModalClose } from '../ui/modal-close.ts';

export type AdminPromoCode = RouterOutputs['admin']['promotions']['list'][number];

/** Every currency the checkout takes: a fixed amount is given in each one it applies in. */
const CURRENCIES = CHECKOUT_CURRENCIES;
type Currency = (typeof CURRENCIES)[number];

interface Values {
  code: string;
  kind: 'percent' | 'fixed';
  percent: string;
  /** Per currency, in major units as typed ('5.00', '¥500' as '500'). */
  amounts: Record<Currency, string>;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  minSpend: string;
  planIds: string;
  regionIds: string;
  firstOrderOnly: boolean;
  combinesWithPoints: boolean;
}

/**
 * Typed major units → minor units of `currency` (its own digits: USD '5.50' → 550, JPY '500' → 500,
 * JPY '5.5' refused); '' → null; anything else → NaN (the schema says what is wrong).
 */
export function minorOf(text: string, currency = 'USD'): number | null {
  const s = text.trim().replace(',', '.');
  if (s === '') return null;
  const digits = minorDigits(currency);
  const shape = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  if (!shape.test(s)) return Number.NaN;
  const [whole = '0', fraction = ''] = s.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}
function wholeOrNull(text: string): number | null {
  const s = text.trim();
  if (s === '') return null;
  return /^\d+$/.test(s) ? Number(s) : Number.NaN;
}
/** '12, 40' → [12, 40]; '' → null; else [NaN] (refused). */
export function idsOf(text: string): number[] | null {
  const s = text.trim();
  if (s === '') return null;
  return s.split(/[\s,]+/).map((p) => (/^\d+$/.test(p) ? Number(p) : Number.NaN));
}
/** 'YYYY-MM-DDTHH:mm' (UTC) from a datetime-local field → ISO; '' → null. */
function isoOf(local: string): string | null {
  const s = local.trim();
  if (s === '') return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s) ? `${s}:00.000Z` : s;
}
const localOf = (iso: string | null) => (iso ? iso.slice(0, 16) : '');
const unitsOf = (minor: number | undefined | null, currency = 'USD') => {
  if (minor == null) return '';
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
};

export function inputOf(v: Values): TPromoCodeFields {
  const amounts: Partial<Record<Currency, number>> = {};
  for (const c of CURRENCIES) {
    const m = minorOf(v.amounts[c], c);
    if (m !== null) amounts[c] = m;
  }
  return {
    code: v.code,
    kind: v.kind,
    percent: v.kind === 'percent' ? wholeOrNull(v.percent) : null,
    amounts: v.kind === 'fixed' ? amounts : null,
    startsAt: isoOf(v.startsAt),
    endsAt: isoOf(v.endsAt),
    maxUses: wholeOrNull(v.maxUses),
    maxUsesPerCustomer: wholeOrNull(v.maxUsesPerCustomer),
    minSpendUsdMinor: minorOf(v.minSpend) ?? 0,
    planIds: idsOf(v.planIds),
    regionIds: idsOf(v.regionIds),
    firstOrderOnly: v.firstOrderOnly,
    combinesWithPoints: v.combinesWithPoints,
  } as TPromoCodeFields;
}

function valuesOf(code: AdminPromoCode | null): Values {
  return {
    code: code?.code ?? '',
    kind: code?.kind ?? 'percent',
    percent: code?.percent != null ? String(code.percent) : '',
    amounts: Object.fromEntries(CURRENCIES.map((c) => [c, unitsOf(code?.amounts?.[c], c)])) as Record<Currency, string>,
    startsAt: localOf(code?.startsAt ?? null),
    endsAt: localOf(code?.endsAt ?? null),
    maxUses: code?.maxUses != null ? String(code.maxUses) : '',
    maxUsesPerCustomer: code?.maxUsesPerCustomer != null ? String(code.maxUsesPerCustomer) : '',
    minSpend: code && code.minSpendUsdMinor > 0 ? unitsOf(code.minSpendUsdMinor) : '',
    planIds: code?.planIds?.join(', ') ?? '',
    regionIds: code?.regionIds?.join(', ') ?? '',
    firstOrderOnly: code?.firstOrderOnly ?? false,
    combinesWithPoints: code?.combinesWithPoints ?? true,
  };
}

export function PromoCodeModal({ code, opened, onClose }: { code: AdminPromoCode | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('promotions');
  const close = useModalClose();
  return (
    <Modal opened={opened} onClose={onClose} closeButtonProps={close} title={code ? code.code : t('admin.new')} size="lg">
      {opened ? <PromoCodeForm code={code} onDone={onClose} /> : null}
    </Modal>
  );
}

export function PromoCodeForm({ code, onDone }: { code: AdminPromoCode | null; onDone: () => void }) {
  const { t } = useTranslation('promotions');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.admin.promotions.create.mutationOptions());
  const update = useMutation(trpc.admin.promotions.update.mutationOptions());
  const pending = create.isPending || update.isPending;
  const [serverError, setServerError] = useState<unknown>(null);
  const idsMessage = t('admin.form.idsInvalid');
  const form = useForm({
    mode: 'controlled',
    initialValues: valuesOf(code) as Values,
    validate: zodRules(ZPromoCodeFields, inputOf, { planIds: idsMessage, regionIds: idsMessage }),
    transformValues: (v) => ZPromoCodeFields.parse(inputOf(v)),
    clearInputErrorOnChange: false,
  });

  const send = (fields: TPromoCodeFields) => {
    const done = async (saved: AdminPromoCode) => {
      await queryClient.invalidateQueries(trpc.admin.promotions.pathFilter());
      toast({ title: t(code ? 'admin.saved' : 'admin.created', { code: saved.code }) });
      onDone();
    };
    const failed = (error: unknown) => {
      form.setErrors(serverFieldErrors(error));
      setServerError(error);
    };
    if (code) update.mutate({ id: code.id, fields }, { onSuccess: done, onError: failed });
    else create.mutate(fields, { onSuccess: done, onError: failed });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (pending) return event.preventDefault();
    setServerError(null);
    form.onSubmit(send, focusFirstError)(event);
  };
  const fixed = form.values.kind === 'fixed';

  return (
    <form noValidate onSubmit={onSubmit} data-testid="promo-code-form">
      <Stack gap="sm">
        {serverError ? <ApiErrorAlert error={serverError} shownBeside={['code', 'percent', 'amounts', 'endsAt']} /> : null}
        <TextInput
          name="code"
          label={t('admin.form.code')}
          withAsterisk
          dir="ltr"
          autoCapitalize="characters"
          {...form.getInputProps('code')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="promo-kind-label">
            {t('admin.form.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="promo-kind-label"
            data={[
              { value: 'percent', label: t('admin.form.percentKind') },
              { value: 'fixed', label: t('admin.form.fixedKind') },
            ]}
            {...form.getInputProps('kind')}
          />
        </Stack>
        {fixed ? (
          <Stack gap={4}>
            <SimpleGrid cols={{ base: 2, sm: 5 }}>
              {CURRENCIES.map((c) => (
                <TextInput
                  key={c}
                  name={`amount${c}`}
                  label={t('admin.form.amount', { currency: c })}
                  inputMode={minorDigits(c) === 0 ? 'numeric' : 'decimal'}
                  dir="ltr"
                  {...form.getInputProps(`amounts.${c}`)}
                />
              ))}
            </SimpleGrid>
            <Text size="xs" c={form.errors.amounts ? 'red.8' : 'dimmed'}>
              {form.errors.amounts ?? t('admin.form.amountHint')}
            </Text>
          </Stack>
        ) : (
          <TextInput name="percent" label={t('admin.form.percent')} inputMode="numeric" dir="ltr" {...form.getInputProps('percent')} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput name="startsAt" type="datetime-local" label={t('admin.form.startsAt')} {...form.getInputProps('startsAt')} />
          <TextInput name="endsAt" type="datetime-local" label={t('admin.form.endsAt')} {...form.getInputProps('endsAt')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            name="maxUses"
            label={t('admin.form.maxUses')}
            description={t('admin.form.limitHint')}
            inputMode="numeric"
            dir="ltr"
            {...form.getInputProps('maxUses')}
          />
          <TextInput
            name="maxUsesPerCustomer"
            label={t('admin.form.maxUsesPerCustomer')}
            description={t('admin.form.limitHint')}
            inputMode="numeric"
            dir="ltr"
            {...form.getInputProps('maxUsesPerCustomer')}
          />
          <TextInput
            name="minSpendUsdMinor"
            label={t('admin.form.minSpend')}
            inputMode="decimal"
            dir="ltr"
            {...form.getInputProps('minSpend')}
            error={form.errors.minSpendUsdMinor}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput name="planIds" label={t('admin.form.planIds')} dir="ltr" {...form.getInputProps('planIds')} />
          <TextInput name="regionIds" label={t('admin.form.regionIds')} dir="ltr" {...form.getInputProps('regionIds')} />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-6}>
          {t('admin.form.scopeHint')}
        </Text>
        <Checkbox label={t('admin.form.firstOrderOnly')} {...form.getInputProps('firstOrderOnly', { type: 'checkbox' })} />
        <Checkbox label={t('admin.form.combinesWithPoints')} {...form.getInputProps('combinesWithPoints', { type: 'checkbox' })} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="promo-code-save">
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
