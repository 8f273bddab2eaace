// A filter form above a table: the fields in a grid, Apply and Clear. A <form role="search">, so
// Enter in any field applies and screen readers list it as a search. On a phone the fields fold
// behind a 'Filters' button (open when a filter is set), so the table is not pushed off screen.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './admin-ui.module.css';

export interface FilterBarProps {
  /** Names the search landmark, e.g. 'Order filters'. */
  label: string;
  onApply: () => void;
  onClear: () => void;
  /** Whether any filter is set (Clear is disabled otherwise). */
  active: boolean;
  busy?: boolean;
  children: ReactNode;
}

export function FilterBar({ label, onApply, onClear, active, busy = false, children }: FilterBarProps) {
  const { t } = useTranslation('admin');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  const [open, setOpen] = useState(active);
  const bodyId = useId();
  return (
    <form role="search" aria-label={label} onSubmit={submit} className={classes.filters} data-open={open || undefined} noValidate>
      <Text size="sm" fw={700} mb={6} aria-hidden="true" className={classes.filterLabel}>
        {label}
      </Text>
      <UnstyledButton className={classes.filterToggle} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
        {label}
        <IconChevronDown size={16} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined }} />
      </UnstyledButton>
      <div id={bodyId} className={classes.filterBody}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
          {children}
        </SimpleGrid>
        <Group gap="xs" mt="sm">
          <Button type="submit" size="sm" loading={busy}>
            {t('common.filters.apply')}
          </Button>
          <Button type="button" size="sm" variant="default" onClick={onClear} disabled={!active}>
            {t('common.filters.clear')}
          </Button>
        </Group>
      </div>
    </form>
  );
}

/**
 * A filter form's values (a @mantine/form), started from the URL's search (its page left out), and
 * the props of each field: label, value, the message beside it (the URL's own check), and the
 * change handler.
 */
export function useFilterFields<K extends string>(
  search: Partial<Record<K, string>> & { page?: number | undefined },
  errors: Partial<Record<K, string>>,
  label: (key: K) => string,
) {
  const { page: _page, ...initialValues } = search;
  const form = useForm<Record<string, string | undefined>>({ mode: 'controlled', initialValues });
  const values = form.values as Partial<Record<K, string>>;
  const field = (key: K) => ({
    label: label(key),
    value: values[key] ?? '',
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => form.setFieldValue(key as string, event.currentTarget.value),
  });
  return { values, field };
}
