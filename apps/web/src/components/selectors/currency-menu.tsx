import { Menu, NativeSelect } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../lib/preferences/currency-provider.tsx';
import { CurrencyButton, currencyName } from './selector-buttons.tsx';
import { usePendingOpen } from './use-pending-open.ts';

/** Header currency selector (the ten of issue 28 — whatever the server supports). */
export function CurrencyMenu() {
  const [opened, setOpened] = usePendingOpen('currency');
  const { t, i18n } = useTranslation();
  const { currency, currencies, setCurrency } = useCurrency();
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <CurrencyButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('currency.label')}</Menu.Label>
        {currencies.map((c) => (
          <Menu.Item
            key={c.code}
            onClick={() => setCurrency(c.code)}
            leftSection={
              <span aria-hidden="true" style={{ display: 'inline-block', minWidth: 18, fontWeight: 700 }}>
                {c.symbol}
              </span>
            }
            rightSection={c.code === currency ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={c.code === currency ? 'true' : undefined}
            fw={c.code === currency ? 700 : 400}
          >
            {c.code} · {currencyName(t, c.code, c.name, i18n.language)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function CurrencySelect() {
  const { t, i18n } = useTranslation();
  const { currency, currencies, setCurrency } = useCurrency();
  return (
    <NativeSelect
      label={t('currency.label')}
      value={currency}
      onChange={(e) => setCurrency(e.currentTarget.value)}
      data={currencies.map((c) => ({ value: c.code, label: `${c.symbol} ${c.code} · ${currencyName(t, c.code, c.name, i18n.language)}` }))}
    />
  );
}
