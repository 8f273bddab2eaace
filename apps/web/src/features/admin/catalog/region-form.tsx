// Create or edit a region: name, code, continent (none: a worldwide bundle), kind, popular and
// visible. Checked with the server's own schema before sending; the server's answer (a code
// already taken, …) shows next to its field, and nothing changes. A @mantine/form.
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTINENTS, ZRegionInput, type TRegionInput } from '@esim/api/domain/admin';
import type { AdminRegion } from '../forms/views.ts';
import { toast } from '../../../components/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { focusFirstError, serverFieldErrors, zodRules } from '../forms/field-errors.ts';
import { ApiErrorAlert } from '../ui/api-error.tsx';
import { useCatalogChanged } from './use-catalog-changed.ts';

const WORLDWIDE = 'worldwide';
/** The fields with a place for their message; the alert lists any other. */
const FIELDS = ['name', 'code', 'continent', 'kind'] as const;

interface RegionValues {
  name: string;
  code: string;
  continent: string;
  kind: 'country' | 'bundle';
  isPopular: boolean;
  visible: boolean;
}

function valuesOf(region: AdminRegion | null): RegionValues {
  return {
    name: region?.name ?? '',
    code: region?.code ?? '',
    continent: region ? (region.continent ?? WORLDWIDE) : '',
    kind: region?.kind ?? 'country',
    isPopular: region?.isPopular ?? false,
    visible: region?.visible ?? true,
  };
}

function inputOf(values: RegionValues): Record<string, unknown> {
  return {
    ...values,
    // '' (nothing picked) stays invalid: the schema's continent message.
    continent: values.continent === WORLDWIDE ? null : values.continent || undefined,
  };
}

export interface RegionFormProps {
  /** null: a new region. */
  region: AdminRegion | null;
  opened: boolean;
  onClose: () => void;
}

export function RegionFormModal({ region, opened, onClose }: RegionFormProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={region ? t('catalog.region.editTitle', { name: region.name }) : t('catalog.region.newTitle')}
    >
      {/* Remounted per region, so the fields start from its values. */}
      {opened ? <RegionForm key={region?.id ?? 'new'} region={region} onDone={onClose} /> : null}
    </Modal>
  );
}

export function RegionForm({ region, onDone }: { region: AdminRegion | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const changed = useCatalogChanged();
  const create = useMutation(trpc.admin.catalog.createRegion.mutationOptions());
  const update = useMutation(trpc.admin.catalog.updateRegion.mutationOptions());
  const form = useForm({
    mode: 'controlled',
    initialValues: valuesOf(region),
    validate: zodRules(ZRegionInput, inputOf),
    transformValues: (v) => ZRegionInput.parse(inputOf(v)) as TRegionInput,
    clearInputErrorOnChange: false,
  });
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

  const send = (parsed: TRegionInput) => {
    const done = async (saved: AdminRegion) => {
      await changed();
      toast({ title: region ? t('catalog.region.saved', { name: saved.name }) : t('catalog.region.created', { name: saved.name }) });
      onDone();
    };
    if (region) update.mutate({ id: region.id, patch: parsed }, { onSuccess: done, onError: failed });
    else create.mutate(parsed, { onSuccess: done, onError: failed });
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {serverError ? <ApiErrorAlert error={serverError} title={t('catalog.notSaved')} shownBeside={FIELDS} /> : null}
        <TextInput name="name" label={t('catalog.region.name')} withAsterisk {...form.getInputProps('name')} />
        <TextInput
          name="code"
          label={t('catalog.region.code')}
          description={t('catalog.region.codeHint')}
          withAsterisk
          value={values.code}
          onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
          error={errors.code}
          dir="ltr"
        />
        <Select
          name="continent"
          label={t('catalog.region.continent')}
          withAsterisk
          placeholder={t('catalog.region.continentPick')}
          data={[...CONTINENTS.map((c) => ({ value: c, label: c })), { value: WORLDWIDE, label: t('catalog.region.worldwide') }]}
          value={values.continent || null}
          onChange={(v) => form.setFieldValue('continent', v ?? '')}
          error={errors.continent}
          allowDeselect={false}
        />
        <Select
          name="kind"
          label={t('catalog.region.kind')}
          data={[
            { value: 'country', label: t('catalog.region.kindCountry') },
            { value: 'bundle', label: t('catalog.region.kindBundle') },
          ]}
          value={values.kind}
          onChange={(v) => form.setFieldValue('kind', v === 'bundle' ? 'bundle' : 'country')}
          error={errors.kind}
          allowDeselect={false}
        />
        <Switch name="isPopular" label={t('catalog.region.popular')} {...form.getInputProps('isPopular', { type: 'checkbox' })} />
        <Switch
          name="visible"
          label={t('catalog.region.visible')}
          description={t('catalog.region.visibleHint')}
          {...form.getInputProps('visible', { type: 'checkbox' })}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t('catalog.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {region ? t('catalog.save') : t('catalog.region.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
