// The traveller's second factors (issue 27, optional for them): an authenticator app (QR code and
// key from factors.beginTotp, rendered here; a 6-digit code turns it on; removable), passkeys
// (listed with when added and last used; 'Add a passkey' through the browser; 'Remove' each) and
// recovery codes (how many are left; new ones on request). Adding a factor signs the other devices
// out and, the first time, shows 10 recovery codes once. Changes to an account that has a factor
// need it again when it was not given in the last 5 minutes (useStepUp).
import { Badge, Button, Group, Image, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast.tsx';
import { config } from '../../../config.ts';
import { useShopForm } from '../../../lib/forms/use-shop-form.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { CodeForm } from '../../auth/code-form.tsx';
import { createPasskey, passkeysSupported } from '../../auth/passkey-browser.ts';
import { useSession } from '../../auth/session.ts';
import { StepUpCancelled, useStepUp } from '../../auth/step-up.tsx';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog.tsx';
import { formatWhen } from './format-when.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import classes from './security.module.css';

/** These answers belong to the signed-in account: kept only while the page shows them. */
export const ACCOUNT_ONLY = { staleTime: 0, gcTime: 0 } as const;

export function SecondFactors() {
  const { t, i18n } = useTranslation('account');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const status = useQuery({ ...trpc.factors.status.queryOptions(), ...ACCOUNT_ONLY });
  const passkeyIds = status.data?.passkeys.map((p) => p.id) ?? [];
  const stepUp = useStepUp({ totp: status.data?.totp ?? false, passkeys: passkeyIds });
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<ConfirmRequest | null>(null);

  const begin = useMutation(trpc.factors.beginTotp.mutationOptions());
  const confirmTotp = useMutation(trpc.factors.confirmTotp.mutationOptions());
  const removeTotp = useMutation(trpc.factors.removeTotp.mutationOptions());
  const registrationOptions = useMutation(trpc.factors.passkeyRegistrationOptions.mutationOptions());
  const register = useMutation(trpc.factors.registerPasskey.mutationOptions());
  const removePasskey = useMutation(trpc.factors.removePasskey.mutationOptions());
  const regenerate = useMutation(trpc.factors.regenerateRecoveryCodes.mutationOptions());
  const [enrolment, setEnrolment] = useState<{ qrSvg: string; secret: string } | null>(null);
  const [addingPasskey, setAddingPasskey] = useState(false);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.factors.status.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.sessions.list.queryKey() }),
    ]);
  const failed = (error: unknown) => {
    if (error instanceof StepUpCancelled) return;
    toast({ title: t('security.failedTitle'), description: t('security.failedBody'), variant: 'destructive' });
  };
  const factorAdded = async (title: string, recoveryCodes: string[] | null) => {
    if (recoveryCodes) setCodes(recoveryCodes);
    toast({ title, description: t('security.othersSignedOut') });
    await refresh();
  };

  if (status.isPending) return <Loader size="sm" role="status" aria-label={t('security.loading')} />;
  if (status.isError || !user)
    return (
      <Stack gap="xs" align="flex-start">
        <Text role="alert">{t('security.loadFailed')}</Text>
        <Button variant="default" onClick={() => status.refetch()}>
          {t('security.retry')}
        </Button>
      </Stack>
    );
  const factors = status.data;
  const hasFactor = factors.totp || factors.passkeys.length > 0;

  const startTotp = async () => {
    try {
      const e = await stepUp.run(() => begin.mutateAsync());
      setEnrolment({ qrSvg: e.qrSvg, secret: e.secret });
    } catch (error) {
      failed(error);
    }
  };

  const askRemoveTotp = () =>
    setAsking({
      title: t('security.app.removeTitle'),
      body: t('security.app.removeBody'),
      confirmLabel: t('security.app.remove'),
      onConfirm: async () => {
        try {
          await stepUp.run(() => removeTotp.mutateAsync());
          toast({ title: t('security.app.removed'), description: t('security.othersSignedOut') });
          await refresh();
        } catch (error) {
          failed(error);
        }
      },
    });

  const addPasskey = async (name: string) => {
    let options: Awaited<ReturnType<typeof registrationOptions.mutateAsync>>;
    try {
      options = await stepUp.run(() => registrationOptions.mutateAsync());
    } catch (error) {
      failed(error);
      return;
    }
    let answer: Awaited<ReturnType<typeof createPasskey>>;
    try {
      answer = await createPasskey(options, {
        userHandle: `user-${user.id}`,
        displayName: user.fullName?.trim() || user.username,
        rpName: config.productName,
        name: name || t('security.passkeys.defaultName'),
        exclude: passkeyIds,
      });
    } catch {
      // Cancelled in the browser's dialog, timed out, or this authenticator is already added.
      toast({ title: t('security.passkeys.notCreatedTitle'), description: t('security.passkeys.notCreatedBody'), variant: 'destructive' });
      return;
    }
    try {
      const { recoveryCodes } = await register.mutateAsync(answer);
      setAddingPasskey(false);
      await factorAdded(t('security.passkeys.added'), recoveryCodes);
    } catch (error) {
      failed(error);
    }
  };

  const askRemovePasskey = (id: string, name: string) =>
    setAsking({
      title: t('security.passkeys.removeTitle'),
      body: t('security.passkeys.removeBody', { name }),
      confirmLabel: t('security.passkeys.remove'),
      onConfirm: async () => {
        try {
          await stepUp.run(() => removePasskey.mutateAsync({ id }));
          toast({ title: t('security.passkeys.removed'), description: t('security.othersSignedOut') });
          await refresh();
        } catch (error) {
          failed(error);
        }
      },
    });

  const askRegenerate = () =>
    setAsking({
      title: t('security.codes.regenerateTitle'),
      body: t('security.codes.regenerateBody'),
      confirmLabel: t('security.codes.regenerate'),
      onConfirm: async () => {
        try {
          const { recoveryCodes } = await stepUp.run(() => regenerate.mutateAsync());
          setCodes(recoveryCodes);
          await refresh();
        } catch (error) {
          failed(error);
        }
      },
    });

  const locale = i18n.language;
  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        {t('security.intro')}
      </Text>
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}

      <Stack gap="xs" component="section" aria-labelledby="factor-app-heading">
        <Group gap="sm">
          <Title order={4} fz="md" id="factor-app-heading">
            {t('security.app.title')}
          </Title>
          <Badge color={factors.totp ? 'green.9' : 'gray.7'} variant="filled" autoContrast tt="none">
            {factors.totp ? t('security.on') : t('security.off')}
          </Badge>
        </Group>
        <Text size="sm">{t('security.app.body')}</Text>
        {factors.totp ? (
          <Button variant="default" color="red" onClick={askRemoveTotp} disabled={removeTotp.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('security.app.remove')}
          </Button>
        ) : enrolment ? (
          <Stack gap="sm">
            <Text size="sm">{t('security.app.scan')}</Text>
            <Image
              className={classes.qr}
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
              alt={t('security.app.qrAlt')}
            />
            <Text size="sm">
              {t('security.app.keyLabel')}{' '}
              <span className={classes.secret} dir="ltr" data-testid="totp-secret">
                {enrolment.secret}
              </span>
            </Text>
            <CodeForm
              name="totp-confirm"
              recovery={false}
              label={t('security.app.codeLabel')}
              submitLabel={t('security.app.turnOn')}
              pending={confirmTotp.isPending}
              onSubmitCode={async (code) => {
                const { recoveryCodes } = await confirmTotp.mutateAsync({ code });
                setEnrolment(null);
                await factorAdded(t('security.app.added'), recoveryCodes);
              }}
            />
            <Button variant="subtle" onClick={() => setEnrolment(null)} style={{ alignSelf: 'flex-start' }}>
              {t('security.cancel')}
            </Button>
          </Stack>
        ) : (
          <Button onClick={startTotp} loading={begin.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('security.app.start')}
          </Button>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="factor-passkeys-heading">
        <Title order={4} fz="md" id="factor-passkeys-heading">
          {t('security.passkeys.title')}
        </Title>
        <Text size="sm">{t('security.passkeys.body')}</Text>
        {factors.passkeys.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('security.passkeys.none')}
          </Text>
        ) : (
          <ul className={classes.list} aria-labelledby="factor-passkeys-heading">
            {factors.passkeys.map((p) => (
              <li key={p.id} className={classes.row}>
                <Stack gap={2}>
                  <Text fw={600}>
                    <bdi>{p.name}</bdi>
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('security.passkeys.addedOn', { date: formatWhen(p.createdAt, locale, false) })}
                    {' · '}
                    {p.lastUsedAt
                      ? t('security.passkeys.lastUsed', { date: formatWhen(p.lastUsedAt, locale) })
                      : t('security.passkeys.neverUsed')}
                  </Text>
                </Stack>
                <Button
                  variant="default"
                  size="compact-sm"
                  aria-label={t('security.passkeys.removeNamed', { name: p.name })}
                  onClick={() => askRemovePasskey(p.id, p.name)}
                >
                  {t('security.passkeys.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {!passkeysSupported() ? (
          <Text size="sm" c="dimmed">
            {t('security.passkeys.unsupported')}
          </Text>
        ) : addingPasskey ? (
          <PasskeyNameForm
            pending={registrationOptions.isPending || register.isPending}
            onSubmit={addPasskey}
            onCancel={() => setAddingPasskey(false)}
          />
        ) : (
          <Button variant="default" onClick={() => setAddingPasskey(true)} style={{ alignSelf: 'flex-start' }}>
            {t('security.passkeys.add')}
          </Button>
        )}
      </Stack>

      {hasFactor ? (
        <Stack gap="xs" component="section" aria-labelledby="factor-codes-heading">
          <Title order={4} fz="md" id="factor-codes-heading">
            {t('security.codes.title')}
          </Title>
          <Text size="sm">{t('security.codes.body')}</Text>
          <Text size="sm" fw={600}>
            {t('security.codes.left', { n: factors.recoveryCodesLeft })}
          </Text>
          <Button variant="default" onClick={askRegenerate} disabled={regenerate.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('security.codes.regenerate')}
          </Button>
        </Stack>
      ) : null}

      <ConfirmDialog request={asking} onClose={() => setAsking(null)} />
      {stepUp.dialog}
    </Stack>
  );
}

function PasskeyNameForm({
  pending,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const form = useShopForm({
    name: 'passkey-name',
    initialValues: { name: '' },
    rules: (v) => (v.name.trim().length > 64 ? { name: t('security.passkeys.nameTooLong') } : {}),
    transformValues: (v) => ({ name: v.name.trim() }),
  });
  return (
    <form noValidate onSubmit={form.onSubmit(({ name }) => onSubmit(name))}>
      <Stack gap="sm" maw={360}>
        <TextInput
          label={t('security.passkeys.nameLabel')}
          description={t('security.passkeys.nameHint')}
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <Group gap="sm">
          <Button type="submit" loading={pending}>
            {t('security.passkeys.create')}
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            {t('security.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
