// The signed-in username as a link to /account: shown by the header's account corner and by the
// account menu. Its own module so the menu (loaded lazily by the header) needn't import the header.
import type { CSSProperties, ComponentProps } from 'react';
import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** A long username ends in an ellipsis; the whole name stays in the DOM (the link's name). */
const SHORTENED: CSSProperties = { display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

/**
 * The username, linking to /account: at most 160 px wide in the header, shortened with an
 * ellipsis, isolated (<bdi>) so a Latin name keeps its order inside Arabic.
 */
export function AccountLink({
  username,
  fullWidth,
  onNavigate,
  ...rest
}: { username: string; fullWidth?: boolean; onNavigate?: () => void } & Omit<ComponentProps<typeof Button<'a'>>, 'children'>) {
  return (
    // `rest`: what a wrapping Tooltip hands its target (ref, pointer handlers).
    <Button
      {...rest}
      variant={fullWidth ? 'light' : 'subtle'}
      color={fullWidth ? 'brand' : 'dark'}
      fullWidth={fullWidth}
      justify={fullWidth ? 'flex-start' : undefined}
      maw={fullWidth ? '100%' : 160}
      styles={{ inner: { minWidth: 0 }, label: { minWidth: 0 } }}
      renderRoot={(props) => <Link to={'/account' as '/'} onClick={onNavigate} {...props} />}
    >
      <bdi style={SHORTENED}>{username}</bdi>
    </Button>
  );
}
