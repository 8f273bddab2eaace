// The signed-in username as a link to /account: shown by the header's account corner and by the
// account menu. Its own module so the menu (loaded lazily by the header) needn't import the header.
import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** The username, linking to /account. */
export function AccountLink({ username, fullWidth, onNavigate }: { username: string; fullWidth?: boolean; onNavigate?: () => void }) {
  return (
    <Button
      variant={fullWidth ? 'light' : 'subtle'}
      color={fullWidth ? 'brand' : 'dark'}
      fullWidth={fullWidth}
      justify={fullWidth ? 'flex-start' : undefined}
      maw={fullWidth ? undefined : 200}
      title={username}
      renderRoot={(props) => <Link to={'/account' as '/'} onClick={onNavigate} {...props} />}
    >
      {username}
    </Button>
  );
}
