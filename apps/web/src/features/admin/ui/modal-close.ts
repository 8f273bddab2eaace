// The back office's dialogs name their close button (Mantine's is an icon: axe 'button-name').
import { useTranslation } from 'react-i18next';

export function useModalClose(): { 'aria-label': string } {
  const { t } = useTranslation('admin');
  return { 'aria-label': t('common.close') };
}
