// The account corner of the header. Guests see Login and Sign Up.
// ACCOUNTS: replace the body with the session-aware version — a placeholder (Skeleton) while
// the session loads, then a link to /account labelled with the username — keeping both variants.
import { Button, Group, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export interface HeaderAccountProps {
  /** 'header': inline buttons; 'drawer': full-width stacked buttons in the mobile menu. */
  variant?: 'header' | 'drawer';
  /** Called after a link is followed (the drawer closes itself). */
  onNavigate?: () => void;
}

export function HeaderAccount({ variant = 'header', onNavigate }: HeaderAccountProps) {
  const { t } = useTranslation();
  const drawer = variant === 'drawer';
  const login = (
    <Button
      variant="default"
      fullWidth={drawer}
      renderRoot={(props) => <Link to={'/login' as '/'} onClick={onNavigate} {...props} />}
    >
      {t('account.login')}
    </Button>
  );
  const signUp = (
    <Button fullWidth={drawer} renderRoot={(props) => <Link to={'/register' as '/'} onClick={onNavigate} {...props} />}>
      {t('account.signUp')}
    </Button>
  );
  return drawer ? (
    <Stack gap="sm">
      {login}
      {signUp}
    </Stack>
  ) : (
    <Group gap="xs" wrap="nowrap">
      {login}
      {signUp}
    </Group>
  );
}
