import { Menu, NativeSelect } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '@esim/i18n/languages';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { FlagImage } from './flag-image.tsx';
import { LanguageButton } from './selector-buttons.tsx';
import { usePendingOpen } from './use-pending-open.ts';

/** Header language selector: a menu of the ten languages in their own names. */
export function LanguageMenu() {
  const [opened, setOpened] = usePendingOpen('language');
  const { t } = useTranslation();
  const { language, languages, setLanguage } = useLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={210} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <LanguageButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {languages.map((l) => (
          <Menu.Item
            key={l.code}
            lang={l.code}
            onClick={() => setLanguage(l.code)}
            leftSection={<FlagImage code={l.flag} />}
            rightSection={l.code === language ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={l.code === language ? 'true' : undefined}
            fw={l.code === language ? 700 : 400}
          >
            {l.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same choice as a labelled native select (mobile drawer). */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { language, languages, setLanguage } = useLanguage();
  return (
    <NativeSelect
      label={t('language.label')}
      value={language}
      onChange={(e) => {
        const code = e.currentTarget.value;
        if (isLanguageCode(code)) setLanguage(code);
      }}
      data={languages.map((l) => ({ value: l.code, label: l.name }))}
    />
  );
}
