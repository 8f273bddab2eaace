// The owner's wording of a plan, per language (admin.catalog.planTexts / setPlanText): a name and a
// description that replace the texts the shop composes from the plan's facts ('Japan 1 GB – 7 days')
// on its pages, in e-mails and in the REST API. English wording stands in for a language without its
// own; 'Use the composed texts' removes the wording of that language. Each field shows the composed
// text as its placeholder. Checked with the server's schema before sending. A @mantine/form.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Modal, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useModalClose } from '../ui/modal-close.ts';
import { ZPlanOwnerText } from '@esim/api/domain/admin';
import { toast } from '../../../components/toast.tsx';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { focusFirstError, serverFieldErrors, zodRules } from '../forms/field-errors.ts';
import { ApiErrorAlert } from '../ui/api-error.tsx';
import type { AdminPlan } from '../forms/views.ts';
import { useCatalogChanged } from './use-catalog-changed.ts';

type Wording = RouterOutputs['admin']['catalog']['planTexts'];
type Lang = Wording['languages'][number]['lang'];

interface WordingValues {
  name: string;
  description: string;
}

const languageName = (lang: string) => new Intl.DisplayNames(['en'], { type: 'language' }).of(lang) ?? lang;

/** The form's values as setPlanText's input: an empty field is null (the composed text). */
function inputOf(planId: number, lang: Lang, v: WordingValues) {
  const orNull = (s: string) => (s.trim() === '' ? null : s);
  return { planId, lang, name: orNull(v.name), description: orNull(v.description) };
}

export function PlanWordingModal({ plan, opened, onClose }: { plan: AdminPlan; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const close = useModalClose();
  return (
    <Modal opened={opened} onClose={onClose} closeButtonProps={close} size="lg" title={t('catalog.wording.title', { name: plan.name })}>
      {opened ? <PlanWording plan={plan} onDone={onClose} /> : null}
    </Modal>
  );
}

function PlanWording({ plan, onDone }: { plan: AdminPlan; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const wording = useQuery(trpc.admin.catalog.planTexts.queryOptions({ id: plan.id }, { staleTime: 0 }));
  const [lang, setLang] = useState<Lang>('en');
  if (wording.isError) return <ApiErrorAlert error={wording.error} />;
  if (!wording.data) return <Loader size="sm" aria-label={t('catalog.wording.loading')} />;
  const entry = wording.data.languages.find((l) => l.lang === lang) ?? wording.data.languages[0]!;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('catalog.wording.intro')}</Text>
      <NativeSelect
        label={t('catalog.wording.language')}
        value={lang}
        onChange={(e) => setLang(e.currentTarget.value as Lang)}
        data={wording.data.languages.map((l) => ({
          value: l.lang,
          label: l.name || l.description ? t('catalog.wording.languageOwn', { language: languageName(l.lang) }) : languageName(l.lang),
        }))}
      />
      {/* A fresh form per language: its fields start from that language's wording. */}
      <WordingForm key={lang} planId={plan.id} entry={entry} onDone={onDone} />
    </Stack>
  );
}

function WordingForm({ planId, entry, onDone }: { planId: number; entry: Wording['languages'][number]; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const changed = useCatalogChanged();
  const save = useMutation(trpc.admin.catalog.setPlanText.mutationOptions());
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<WordingValues>({
    mode: 'controlled',
    initialValues: { name: entry.name ?? '', description: entry.description ?? '' },
    validate: zodRules(ZPlanOwnerText, (v: WordingValues) => inputOf(planId, entry.lang, v)),
    clearInputErrorOnChange: false,
  });
  const hasOwn = entry.name !== null || entry.description !== null;

  const send = (values: WordingValues) => {
    setServerError(null);
    save.mutate(inputOf(planId, entry.lang, values), {
      onSuccess: async ({ changed: didChange }) => {
        await changed();
        toast({ title: didChange ? t('catalog.wording.saved', { language: languageName(entry.lang) }) : t('catalog.wording.unchanged') });
        onDone();
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        setServerError(error);
      },
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (save.isPending) return event.preventDefault();
    form.onSubmit(send, focusFirstError)(event);
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {serverError ? <ApiErrorAlert error={serverError} title={t('catalog.notSaved')} shownBeside={['name', 'description']} /> : null}
        {entry.composedName === null ? (
          <Alert color="gray" variant="light">
            {t('catalog.wording.notSold')}
          </Alert>
        ) : null}
        <TextInput
          name="name"
          label={t('catalog.wording.name')}
          description={t('catalog.wording.emptyHint')}
          placeholder={entry.composedName ?? undefined}
          dir="auto"
          {...form.getInputProps('name')}
        />
        <Textarea
          name="description"
          label={t('catalog.wording.description')}
          description={t('catalog.wording.emptyHint')}
          placeholder={entry.composedDescription ?? undefined}
          dir="auto"
          rows={3}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end" gap="sm">
          {hasOwn ? (
            <Button variant="subtle" color="red.8" disabled={save.isPending} onClick={() => send({ name: '', description: '' })}>
              {t('catalog.wording.useComposed')}
            </Button>
          ) : null}
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('catalog.wording.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('catalog.wording.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
