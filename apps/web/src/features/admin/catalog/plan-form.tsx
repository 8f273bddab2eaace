// Create or edit a plan of a region: name, description, price (typed as money, '19.99' → 1999
// USD cents), data (shown as '5GB' + MB, or Unlimited), validity days, features (one per line),
// popular and visible. Checked with the server's schema before sending; the server's answer shows
// next to its field, and nothing changes on bad input. A @mantine/form.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useModalClose } from '../ui/modal-close.ts';
import { ADMIN_MSG, ZPlanInput, type TPlanInput } from '@esim/api/domain/admin';
import { toast } from '../../../components/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { focusFirstError, serverFieldErrors, zodRules } from '../forms/field-errors.ts';
import { ApiErrorAlert } from '../ui/api-error.tsx';
import { Money } from '../ui/money.tsx';
import type { AdminPlan, AdminRegion } from '../forms/views.ts';
import { parsePriceText, priceTextOf } from './price-text.ts';
import { useCatalogChanged } from './use-catalog-changed.ts';

/** The fields with a place for their message; the alert lists any other. */
const FIELDS = ['name', 'description', 'priceMinor', 'dataAmount', 'dataMb', 'validityDays', 'features'] as const;

export interface PlanValues {
  name: string;
  description: string;
  price: string;
  unlimited: boolean;
  dataAmount: string;
  dataMb: string;
  validityDays: string;
  features: string;
  isPopular: boolean;
  visible: boolean;
}

function valuesOf(plan: AdminPlan | null): PlanValues {
  return {
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    price: plan ? priceTextOf(plan.priceMinor) : '',
    unlimited: plan ? plan.dataMb === null : false,
    dataAmount: plan && plan.dataMb !== null ? plan.dataAmount : '',
    dataMb: plan?.dataMb != null ? String(plan.dataMb) : '',
    validityDays: plan ? String(plan.validityDays) : '',
    features: plan?.features.join('\n') ?? '',
    isPopular: plan?.isPopular ?? false,
    visible: plan?.visible ?? true,
  };
}

/** '5GB' → 5120, '500MB' → 500, '1.5 GB' → 1536 (1 GB = 1024 MB, as the seed's plans). */
export function mbOfDataText(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(GB|MB)\s*$/i.exec(text);
  if (!m) return null;
  const n = Number(m[1]) * (m[2]?.toUpperCase() === 'GB' ? 1024 : 1);
  return Number.isInteger(n) ? n : Math.round(n);
}

/** A whole number typed in a text field; anything else stays as typed, for the schema to refuse. */
function numberOf(text: string): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

/** The form's values as the procedure's input, plus the price's own message when it is not money. */
export function planInputOf(regionId: number, values: PlanValues): { input: Record<string, unknown>; priceError?: string } {
  const price = parsePriceText(values.price);
  return {
    input: {
      regionId,
      name: values.name,
      description: values.description,
      priceMinor: price.ok ? price.minor : undefined,
      dataAmount: values.unlimited ? 'Unlimited' : values.dataAmount,
      dataMb: values.unlimited ? null : numberOf(values.dataMb),
      validityDays: numberOf(values.validityDays),
      features: values.features
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      isPopular: values.isPopular,
      visible: values.visible,
    },
    ...(price.ok ? {} : { priceError: price.message }),
  };
}

export interface PlanFormProps {
  region: AdminRegion;
  /** null: a new plan. */
  plan: AdminPlan | null;
  opened: boolean;
  onClose: () => void;
}

export function PlanFormModal({ region, plan, opened, onClose }: PlanFormProps) {
  const { t } = useTranslation('admin');
  const close = useModalClose();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={close}
      size="lg"
      title={plan ? t('catalog.plan.editTitle', { name: plan.name }) : t('catalog.plan.newTitle', { region: region.name })}
    >
      {opened ? <PlanForm key={plan?.id ?? 'new'} region={region} plan={plan} onDone={onClose} /> : null}
    </Modal>
  );
}

export function PlanForm({ region, plan, onDone }: { region: AdminRegion; plan: AdminPlan | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const changed = useCatalogChanged();
  const create = useMutation(trpc.admin.catalog.createPlan.mutationOptions());
  const update = useMutation(trpc.admin.catalog.updatePlan.mutationOptions());
  const inputOf = (v: PlanValues) => planInputOf(region.id, v).input;
  const schemaRules = zodRules(ZPlanInput, inputOf, { validityDays: ADMIN_MSG.validity, dataMb: ADMIN_MSG.dataMb });
  const form = useForm({
    mode: 'controlled',
    initialValues: valuesOf(plan),
    // The price's own message (not money) before the schema's.
    validate: (v: PlanValues) => {
      const { priceError } = planInputOf(region.id, v);
      return { ...schemaRules(v), ...(priceError ? { priceMinor: priceError } : {}) };
    },
    transformValues: (v) => ZPlanInput.parse(inputOf(v)) as TPlanInput,
    clearInputErrorOnChange: false,
  });
  // The MB field follows the shown amount ('5GB' → 5120) until someone types in it.
  const [mbTouched, setMbTouched] = useState(plan !== null);
  const [serverError, setServerError] = useState<unknown>(null);
  const pending = create.isPending || update.isPending;
  const { values, errors } = form;

  const failed = (error: unknown) => {
    form.setErrors(serverFieldErrors(error));
    setServerError(error);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (pending) return event.preventDefault();
    setServerError(null);
    form.onSubmit(send, focusFirstError)(event);
  };

  const send = (parsed: TPlanInput) => {
    const done = async (saved: AdminPlan) => {
      await changed();
      toast({ title: plan ? t('catalog.plan.saved', { name: saved.name }) : t('catalog.plan.created', { name: saved.name }) });
      onDone();
    };
    if (plan) update.mutate({ id: plan.id, patch: parsed }, { onSuccess: done, onError: failed });
    else create.mutate(parsed, { onSuccess: done, onError: failed });
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {serverError ? <ApiErrorAlert error={serverError} title={t('catalog.notSaved')} shownBeside={FIELDS} /> : null}
        {plan ? (
          // Where the plan comes from (set by `catalog sync`, not editable here): provider, package, cost.
          <Text size="sm" c="dimmed" data-testid="plan-source">
            {t('catalog.plans.provider')}: {plan.provider ?? t('catalog.plans.ownPlan')}
            {plan.providerPackage ? ` (${plan.providerPackage})` : ''} · {t('catalog.plans.cost')}:{' '}
            {plan.wholesaleMinor === null || plan.wholesaleCurrency === null ? (
              t('catalog.plans.noCost')
            ) : (
              <Money minor={plan.wholesaleMinor} currency={plan.wholesaleCurrency} />
            )}
          </Text>
        ) : null}
        <TextInput name="name" label={t('catalog.plan.name')} withAsterisk {...form.getInputProps('name')} />
        <Textarea name="description" label={t('catalog.plan.description')} rows={2} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            name="priceMinor"
            label={t('catalog.plan.price')}
            description={t('catalog.plan.priceHint')}
            withAsterisk
            inputMode="decimal"
            leftSection="$"
            dir="ltr"
            {...form.getInputProps('price')}
            error={errors.priceMinor}
          />
          <TextInput
            name="validityDays"
            label={t('catalog.plan.validity')}
            withAsterisk
            inputMode="numeric"
            {...form.getInputProps('validityDays')}
          />
        </SimpleGrid>
        <Checkbox name="unlimited" label={t('catalog.plan.unlimited')} {...form.getInputProps('unlimited', { type: 'checkbox' })} />
        {values.unlimited ? null : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              name="dataAmount"
              label={t('catalog.plan.dataAmount')}
              description={t('catalog.plan.dataAmountHint')}
              withAsterisk
              value={values.dataAmount}
              onChange={(e) => {
                const text = e.currentTarget.value;
                const mb = mbOfDataText(text);
                form.setFieldValue('dataAmount', text);
                if (!mbTouched && mb !== null) form.setFieldValue('dataMb', String(mb));
              }}
              error={errors.dataAmount}
            />
            <TextInput
              name="dataMb"
              label={t('catalog.plan.dataMb')}
              withAsterisk
              inputMode="numeric"
              value={values.dataMb}
              onChange={(e) => {
                setMbTouched(true);
                form.setFieldValue('dataMb', e.currentTarget.value);
              }}
              error={errors.dataMb}
            />
          </SimpleGrid>
        )}
        <Textarea
          name="features"
          label={t('catalog.plan.features')}
          description={t('catalog.plan.featuresHint')}
          rows={4}
          {...form.getInputProps('features')}
        />
        <Group gap="xl">
          <Switch name="isPopular" label={t('catalog.plan.popular')} {...form.getInputProps('isPopular', { type: 'checkbox' })} />
          <Switch name="visible" label={t('catalog.plan.visible')} {...form.getInputProps('visible', { type: 'checkbox' })} />
        </Group>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t('catalog.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {plan ? t('catalog.save') : t('catalog.plan.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
