// The achievement detail dialog (spec §2, §4, §5): name, 'Completed', description, progress bar
// with 'progress / target', category, reward '+N points', the completion date ('Not completed
// yet' without one), and while unfinished 'Update Progress' ('Updating...' while working). A press
// while completed or while an update is pending does nothing. Toasts per spec §8.
import { Badge, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { toast } from '../../components/toast.tsx';
import { useUpdateProgress } from './rewards-api.ts';
import { type AchievementView, PROGRESS_INCREMENT, progressPercent } from './rewards-model.ts';
import { Ltr, Points, useRewardsText } from './rewards-text.tsx';
import classes from './rewards.module.css';

export interface AchievementDialogProps {
  /** The achievement shown; null closes the dialog. */
  view: AchievementView | null;
  onClose: () => void;
}

export function AchievementDialog({ view, onClose }: AchievementDialogProps) {
  const x = useRewardsText();
  const { t } = x;
  const update = useUpdateProgress();
  const a = view?.achievement;

  const onUpdate = () => {
    if (!view || view.isCompleted || update.isPending) return;
    update.mutate(
      { achievementId: view.achievement.id, increment: PROGRESS_INCREMENT },
      {
        onSuccess: (result) =>
          result.changed === false
            ? toast({ title: t('toasts.progressUnchanged'), description: t('toasts.progressUnchangedText') })
            : toast({ title: t('toasts.progressUpdated'), description: t('toasts.progressUpdatedText') }),
        onError: () => toast({ title: t('toasts.updateFailed'), description: t('toasts.updateFailedText'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Modal
      opened={view !== null}
      onClose={onClose}
      title={a ? x.achievementName(a) : ''}
      centered
      radius="lg"
      size="md"
      classNames={{ title: classes.dialogTitle }}
      closeButtonProps={{ 'aria-label': t('achievementDialog.close') }}
    >
      {view && a ? (
        <Stack gap="md">
          {view.isCompleted ? (
            <Badge
              color="green.9"
              radius="sm"
              className={classes.badgeText}
              leftSection={<IconCircleCheck size={12} aria-hidden />}
              w="fit-content"
            >
              {t('achievements.completed')}
            </Badge>
          ) : null}
          <Text>{x.achievementDescription(a)}</Text>
          <div>
            <Group justify="space-between" mb={4}>
              <Text size="sm" fw={600}>
                {t('achievementDialog.progress')}
              </Text>
              <Text size="sm" c="dimmed" data-testid="dialog-progress">
                <Ltr>
                  {x.number(view.progress)} / {x.number(view.target)}
                </Ltr>
              </Text>
            </Group>
            <Progress
              value={progressPercent(view.progress, view.target)}
              size="lg"
              radius="xl"
              color={view.isCompleted ? 'green.9' : undefined}
              aria-label={t('achievements.progressLabel', { name: x.achievementName(a) })}
            />
          </div>
          <dl className={classes.facts}>
            <div>
              <dt>{t('achievementDialog.category')}</dt>
              <dd>{x.category(a.category)}</dd>
            </div>
            <div>
              <dt>{t('achievementDialog.reward')}</dt>
              <dd className={classes.gain}>
                <Points value={a.pointsAwarded} unit="points" />
              </dd>
            </div>
            <div>
              <dt>{t('achievementDialog.completedOn')}</dt>
              <dd>{view.isCompleted && view.earnedAt ? x.date(view.earnedAt) : t('achievementDialog.notCompleted')}</dd>
            </div>
          </dl>
          {view.isCompleted ? null : (
            <Button
              onClick={onUpdate}
              loading={false}
              disabled={update.isPending}
              leftSection={<IconRefresh size={16} aria-hidden />}
              aria-busy={update.isPending || undefined}
            >
              {update.isPending ? t('achievementDialog.updating') : t('achievementDialog.update')}
            </Button>
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}
