// Edit a traveller level (name, description, colour, points required, multiplier, perks) or an
// achievement (name, description, points, target). Checked with the server's schema before
// sending; messages show next to their fields and nothing changes on bad input. @mantine/form.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, ColorInput, Group, Modal, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useModalClose } from '../ui/modal-close.ts';
import { ADMIN_MSG, ZAchievementUpdate, ZLevelUpdate } from '@esim/api/domain/admin';
import { toast } from '../../../components/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { focusFirstError, serverFieldErrors, zodRules } from '../forms/field-errors.ts';
import type { AdminAchievement, AdminLevel } from '../forms/views.ts';
import { ApiErrorAlert } from '../ui/api-error.tsx';

/** '250' → 250; '' or words stay as they are, for the schema to refuse. */
function wholeOf(text: string): unknown {
  const t = text.trim().replace(/,/g, '');
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

/** '1.25' → 125 (per cent), exactly; anything else is left for the schema to refuse. */
export function multiplierPercentOf(text: string): unknown {
  const m = /^\s*(\d{1,2})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return text;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function multiplierTextOf(percent: number): string {
  return (percent / 100).toFixed(2);
}

/** An admin form's submit and the server's answer: the error beside the fields, the alert for the rest. */
function useServerError(setErrors: (errors: ReturnType<typeof serverFieldErrors>) => void) {
  const [serverError, setServerError] = useState<unknown>(null);
  const failed = (error: unknown) => {
    setErrors(serverFieldErrors(error));
    setServerError(error);
  };
  return { serverError, failed, clear: () => setServerError(null) };
}

function EditModal({ opened, title, onClose, children }: { opened: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const close = useModalClose();
  return (
    <Modal opened={opened} onClose={onClose} closeButtonProps={close} title={title} size="lg">
      {opened ? children : null}
    </Modal>
  );
}

export function LevelFormModal({ level, onClose }: { level: AdminLevel | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <EditModal opened={level !== null} onClose={onClose} title={level ? t('rewards.level.editTitle', { name: level.name }) : ''}>
      {level ? <LevelForm key={level.id} level={level} onDone={onClose} /> : null}
    </EditModal>
  );
}

const LEVEL_FIELDS = ['name', 'description', 'color', 'pointsRequired', 'multiplierPercent', 'perks'] as const;

export function LevelForm({ level, onDone }: { level: AdminLevel; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.admin.rewards.updateLevel.mutationOptions());
  type LevelValues = { name: string; description: string; color: string; pointsRequired: string; multiplier: string; perks: string };
  const inputOf = (values: LevelValues) => ({
    id: level.id,
    patch: {
      name: values.name,
      description: values.description,
      color: values.color.trim(),
      pointsRequired: wholeOf(values.pointsRequired),
      multiplierPercent: multiplierPercentOf(values.multiplier),
      perks: values.perks
        .split('\n')
        .map((p) => p.trim())
        .filter(Boolean),
    },
  });
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: level.name,
      description: level.description,
      color: level.color,
      pointsRequired: String(level.pointsRequired),
      multiplier: multiplierTextOf(level.multiplierPercent),
      perks: level.perks.join('\n'),
    },
    // A type message (text where a number belongs) reads as the field's own rule.
    validate: zodRules(ZLevelUpdate, inputOf, { pointsRequired: ADMIN_MSG.pointsRequired, multiplierPercent: ADMIN_MSG.multiplier }),
    transformValues: (v) => ZLevelUpdate.parse(inputOf(v)),
    clearInputErrorOnChange: false,
  });
  const { serverError, failed, clear } = useServerError(form.setErrors);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (update.isPending) return event.preventDefault();
    clear();
    form.onSubmit(send, focusFirstError)(event);
  };

  const send = (input: ReturnType<typeof ZLevelUpdate.parse>) =>
    update.mutate(input, {
      onSuccess: async (saved) => {
        await queryClient.invalidateQueries(trpc.admin.rewards.pathFilter());
        // The shop's rewards page reads the levels too.
        await queryClient.invalidateQueries(trpc.rewards.pathFilter());
        toast({ title: t('rewards.level.saved', { name: saved.name }) });
        onDone();
      },
      onError: failed,
    });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {serverError ? <ApiErrorAlert error={serverError} title={t('rewards.notSaved')} shownBeside={LEVEL_FIELDS} /> : null}
        <TextInput name="name" label={t('rewards.level.name')} withAsterisk {...form.getInputProps('name')} />
        <Textarea name="description" label={t('rewards.level.description')} rows={2} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ColorInput
            name="color"
            label={t('rewards.level.color')}
            description={t('rewards.level.colorHint')}
            format="hex"
            withEyeDropper={false}
            dir="ltr"
            {...form.getInputProps('color')}
          />
          <TextInput
            name="pointsRequired"
            label={t('rewards.level.pointsRequired')}
            inputMode="numeric"
            {...form.getInputProps('pointsRequired')}
          />
          <TextInput
            name="multiplierPercent"
            label={t('rewards.level.multiplier')}
            description={t('rewards.level.multiplierHint')}
            inputMode="decimal"
            dir="ltr"
            {...form.getInputProps('multiplier')}
            error={form.errors.multiplierPercent}
          />
        </SimpleGrid>
        <Textarea
          name="perks"
          label={t('rewards.level.perks')}
          description={t('rewards.level.perksHint')}
          rows={4}
          {...form.getInputProps('perks')}
        />
        <FormButtons pending={update.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

function FormButtons({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {t('rewards.cancel')}
      </Button>
      <Button type="submit" loading={pending}>
        {t('rewards.save')}
      </Button>
    </Group>
  );
}

export function AchievementFormModal({ achievement, onClose }: { achievement: AdminAchievement | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <EditModal
      opened={achievement !== null}
      onClose={onClose}
      title={achievement ? t('rewards.achievement.editTitle', { name: achievement.name }) : ''}
    >
      {achievement ? <AchievementForm key={achievement.id} achievement={achievement} onDone={onClose} /> : null}
    </EditModal>
  );
}

const ACHIEVEMENT_FIELDS = ['name', 'description', 'pointsAwarded', 'targetProgress'] as const;

export function AchievementForm({ achievement, onDone }: { achievement: AdminAchievement; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.admin.rewards.updateAchievement.mutationOptions());
  type AchievementValues = { name: string; description: string; pointsAwarded: string; targetProgress: string };
  const inputOf = (values: AchievementValues) => ({
    id: achievement.id,
    patch: {
      name: values.name,
      description: values.description,
      pointsAwarded: wholeOf(values.pointsAwarded),
      targetProgress: wholeOf(values.targetProgress),
    },
  });
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: achievement.name,
      description: achievement.description,
      pointsAwarded: String(achievement.pointsAwarded),
      targetProgress: String(achievement.targetProgress),
    },
    validate: zodRules(ZAchievementUpdate, inputOf, { pointsAwarded: ADMIN_MSG.points, targetProgress: ADMIN_MSG.target }),
    transformValues: (v) => ZAchievementUpdate.parse(inputOf(v)),
    clearInputErrorOnChange: false,
  });
  const { serverError, failed, clear } = useServerError(form.setErrors);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (update.isPending) return event.preventDefault();
    clear();
    form.onSubmit(send, focusFirstError)(event);
  };

  const send = (input: ReturnType<typeof ZAchievementUpdate.parse>) =>
    update.mutate(input, {
      onSuccess: async (saved) => {
        await queryClient.invalidateQueries(trpc.admin.rewards.pathFilter());
        await queryClient.invalidateQueries(trpc.rewards.pathFilter());
        toast({ title: t('rewards.achievement.saved', { name: saved.name }) });
        onDone();
      },
      onError: failed,
    });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {serverError ? <ApiErrorAlert error={serverError} title={t('rewards.notSaved')} shownBeside={ACHIEVEMENT_FIELDS} /> : null}
        <TextInput name="name" label={t('rewards.achievement.name')} withAsterisk {...form.getInputProps('name')} />
        <Textarea name="description" label={t('rewards.achievement.description')} rows={2} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            name="pointsAwarded"
            label={t('rewards.achievement.points')}
            inputMode="numeric"
            {...form.getInputProps('pointsAwarded')}
          />
          <TextInput
            name="targetProgress"
            label={t('rewards.achievement.target')}
            description={t('rewards.achievement.targetHint')}
            inputMode="numeric"
            {...form.getInputProps('targetProgress')}
          />
        </SimpleGrid>
        <FormButtons pending={update.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
