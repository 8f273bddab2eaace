// Server paging: 'Page 2 of 13 · 312 results' with previous / next. The page usually lives in the
// URL (the caller navigates), so the back button returns to it.
import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './admin-ui.module.css';
import { formatCount } from './format.ts';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Disables both buttons (a page is loading). */
  busy?: boolean;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

export function Pager({ page, pageSize, total, onPage, busy = false }: PagerProps) {
  const { t } = useTranslation('admin');
  const pages = pageCount(total, pageSize);
  return (
    <Group component="nav" aria-label={t('common.pager.label')} justify="space-between" gap="sm" wrap="wrap" data-testid="pager">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 0
          ? t('common.pager.empty')
          : t('common.pager.status', { page: formatCount(page), pages: formatCount(pages), count: total })}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconChevronLeft size={16} aria-hidden className={classes.mirror} />}
          disabled={busy || page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('common.pager.previous')}
        </Button>
        <Button
          variant="default"
          size="sm"
          rightSection={<IconChevronRight size={16} aria-hidden className={classes.mirror} />}
          disabled={busy || page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('common.pager.next')}
        </Button>
      </Group>
    </Group>
  );
}
