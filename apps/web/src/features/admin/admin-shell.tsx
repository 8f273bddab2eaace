// The admin area's frame: the menu beside the page (768 px and up), or behind an 'Admin menu'
// button that opens it in a drawer (phones). The page itself comes in as children (<Outlet/>).
import type { ReactNode } from 'react';
import { Burger, Drawer, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { AdminNav, type AdminRoleName } from './admin-nav.tsx';
import classes from './admin-shell.module.css';

export function AdminShell({
  username,
  role,
  children,
}: {
  username: string;
  role: AdminRoleName | null | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <div className={classes.shell} data-testid="admin-shell">
      <aside className={classes.side}>
        <Text className={classes.brand} fw={800} size="sm" tt="uppercase" c="dimmed" aria-hidden="true">
          {t('nav.label')}
        </Text>
        <AdminNav username={username} role={role} />
      </aside>
      <Group className={classes.bar} gap="xs" wrap="nowrap">
        <Burger
          opened={opened}
          onClick={toggle}
          size="sm"
          aria-label={t('nav.menu')}
          aria-expanded={opened}
          aria-controls="admin-menu-drawer"
        />
        <Text fw={700} size="sm" aria-hidden="true" onClick={toggle} className={classes.barLabel}>
          {t('nav.menu')}
        </Text>
      </Group>
      <Drawer opened={opened} onClose={close} title={t('nav.menu')} size={280} id="admin-menu-drawer" padding="md">
        <AdminNav username={username} role={role} onNavigate={close} />
      </Drawer>
      {/* The pages are English whatever the shop's language: left to right, so their sentences,
          figures and codes read as written; the frame (menu side) follows the shop's direction. */}
      <div className={classes.content} lang="en" dir="ltr">
        {children}
      </div>
    </div>
  );
}
