// The account's sessions (issue 27, ASVS V7.5.2): every browser signed in to the account — device
// and browser, IP address, when it signed in and was last seen, this device marked — with 'Sign
// out' for each other one and 'Sign out everywhere else' (sessions.list / end / endOthers).
import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog.tsx';
import { deviceName } from './device-name.ts';
import { formatWhen } from './format-when.ts';
import { ACCOUNT_ONLY } from './second-factors.tsx';
import classes from './security.module.css';

export function SessionList() {
  const { t, i18n } = useTranslation('account');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery({ ...trpc.sessions.list.queryOptions(), ...ACCOUNT_ONLY });
  const end = useMutation(trpc.sessions.end.mutationOptions());
  const endOthers = useMutation(trpc.sessions.endOthers.mutationOptions());
  const [asking, setAsking] = useState<ConfirmRequest | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.sessions.list.queryKey() });
  const failed = () => toast({ title: t('security.failedTitle'), description: t('security.failedBody'), variant: 'destructive' });

  if (sessions.isPending) return <Loader size="sm" role="status" aria-label={t('sessions.loading')} />;
  if (sessions.isError)
    return (
      <Stack gap="xs" align="flex-start">
        <Text role="alert">{t('sessions.loadFailed')}</Text>
        <Button variant="default" onClick={() => sessions.refetch()}>
          {t('security.retry')}
        </Button>
      </Stack>
    );

  const locale = i18n.language;
  const name = (userAgent: string) => {
    const d = deviceName(userAgent);
    if (d.browser && d.os) return t('sessions.browserOn', { browser: d.browser, os: d.os });
    return d.browser ?? d.os ?? (userAgent.trim() || t('sessions.unknownDevice'));
  };
  const others = sessions.data.filter((s) => !s.current);

  const signOut = async (id: string) => {
    try {
      await end.mutateAsync({ id });
      toast({ title: t('sessions.signedOut') });
    } catch {
      failed();
    }
    await refresh();
  };
  const signOutOthers = async () => {
    try {
      const { ended } = await endOthers.mutateAsync();
      toast({ title: t('sessions.signedOutOthers', { n: ended }) });
    } catch {
      failed();
    }
    await refresh();
  };

  return (
    <Stack gap="sm">
      <Text c="dimmed" size="sm">
        {t('sessions.intro')}
      </Text>
      <ul className={classes.list} aria-labelledby="sessions-heading">
        {sessions.data.map((s) => {
          const device = name(s.userAgent);
          return (
            <li key={s.id} className={classes.row} data-testid="session">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>
                    <bdi>{device}</bdi>
                  </Text>
                  {s.current ? (
                    <Badge color="green.9" variant="filled" autoContrast tt="none">
                      {t('sessions.thisDevice')}
                    </Badge>
                  ) : null}
                </Group>
                <dl className={classes.facts}>
                  <div className={classes.fact}>
                    <Text component="dt" size="sm">
                      {t('sessions.ip')}
                    </Text>
                    <Text component="dd" size="sm" dir="ltr">
                      {s.ip || '—'}
                    </Text>
                  </div>
                  <div className={classes.fact}>
                    <Text component="dt" size="sm">
                      {t('sessions.signedIn')}
                    </Text>
                    <Text component="dd" size="sm">
                      {formatWhen(s.createdAt, locale)}
                    </Text>
                  </div>
                  <div className={classes.fact}>
                    <Text component="dt" size="sm">
                      {t('sessions.lastSeen')}
                    </Text>
                    <Text component="dd" size="sm">
                      {formatWhen(s.lastSeenAt, locale)}
                    </Text>
                  </div>
                </dl>
              </Stack>
              {s.current ? null : (
                <Button
                  variant="default"
                  size="compact-sm"
                  aria-label={t('sessions.signOutNamed', { device })}
                  disabled={end.isPending && end.variables?.id === s.id}
                  onClick={() => signOut(s.id)}
                >
                  {t('sessions.signOut')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <Button
          variant="default"
          color="red"
          style={{ alignSelf: 'flex-start' }}
          loading={endOthers.isPending}
          onClick={() =>
            setAsking({
              title: t('sessions.signOutOthersTitle'),
              body: t('sessions.signOutOthersBody'),
              confirmLabel: t('sessions.signOutOthers'),
              onConfirm: signOutOthers,
            })
          }
        >
          {t('sessions.signOutOthers')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t('sessions.onlyThis')}
        </Text>
      )}
      <ConfirmDialog request={asking} onClose={() => setAsking(null)} />
    </Stack>
  );
}
