// A password input with a keyboard-reachable show/hide toggle whose label says what it does.
import { useState } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PasswordField(props: PasswordInputProps & { autoComplete: 'current-password' | 'new-password' }) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': visible ? t('password.hide') : t('password.show') }}
      spellCheck={false}
      autoCapitalize="none"
      // Mantine marks the inner input only with data-invalid; screen readers need aria-invalid.
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
