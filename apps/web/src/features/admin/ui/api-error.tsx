// An API error in words: a signed-out or forbidden call, an unreachable server, the zod field
// messages (written for people, domain/admin.ts) or the service's AppError message.
import { Alert, Button, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { callError } from '../../auth/trpc-error.ts';

export interface ErrorWords {
  /** One sentence for the alert. */
  message: string;
  /** Field messages, by the input's field name. */
  fields: Record<string, string>;
}

/** What went wrong, in words a person can act on. */
export function errorWords(error: unknown, t: TFunction<'admin'>): ErrorWords {
  const e = callError(error);
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(e.fieldErrors)) {
    if (messages?.[0]) fields[field] = messages[0];
  }
  if (e.code === 'UNAUTHORIZED') return { message: t('common.error.unauthorized'), fields };
  if (e.code === 'FORBIDDEN') return { message: t('common.error.forbidden'), fields };
  if (Object.keys(fields).length > 0) return { message: t('common.error.invalid'), fields };
  // No tRPC code at all: the request never got an answer (offline, server down).
  if (e.code === null && /fetch|network|load failed/i.test(e.message)) return { message: t('common.error.network'), fields };
  return { message: e.message || t('common.error.network'), fields };
}

export interface ApiErrorAlertProps {
  error: unknown;
  title?: string;
  /** Field names whose messages show next to their fields; the others are listed here. */
  shownBeside?: readonly string[];
  /** Field name → its label, for the listed messages. */
  labels?: Record<string, string>;
  onRetry?: () => void;
}

export function ApiErrorAlert({ error, title, shownBeside = [], labels = {}, onRetry }: ApiErrorAlertProps) {
  const { t } = useTranslation('admin');
  const words = errorWords(error, t);
  const listed = Object.entries(words.fields).filter(([field]) => !shownBeside.includes(field));
  return (
    <Alert color="red" variant="light" role="alert" title={title ?? t('common.error.title')} icon={<IconAlertTriangle aria-hidden />}>
      {words.message}
      {listed.length > 0 ? (
        <List size="sm" mt={4}>
          {listed.map(([field, message]) => (
            <List.Item key={field}>{t('common.error.field', { field: labels[field] ?? field, message })}</List.Item>
          ))}
        </List>
      ) : null}
      {onRetry ? (
        <Button size="xs" variant="default" mt="sm" onClick={onRetry}>
          {t('common.error.retry')}
        </Button>
      ) : null}
    </Alert>
  );
}
