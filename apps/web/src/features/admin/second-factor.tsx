// The back office's second-factor door (issue 27): the server answers no admin procedure before a
// second factor was given in the session. An account without one enrols here (authenticator app:
// QR code to scan, the key to type, a code to confirm; then its 10 recovery codes, shown once); an
// account with one gives a code (or a recovery code) after its password. The server decides; this
// only shows the step it asks for (factors.status).
import { Alert, Anchor, Button, Code, Container, Image, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZRecoveryCode, ZTotpCode } from '@esim/api/domain/second-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { isStepUpRequired, StepUpDialog } from '../auth/step-up.tsx';
import { callError } from '../auth/trpc-error.ts';
import { focusFirstError, serverFieldErrors, zodRules } from './forms/field-errors.ts';

/** Renders `children` once the session has given its second factor; else the enrolment or the prompt. */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const status = useQuery(trpc.factors.status.queryOptions());
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (status.isPending) return <Loader m="xl" role="status" aria-label="…" />;
  if (status.data?.enrolmentRequired) return <Enrol onEnrolled={(c) => setCodes(c)} />;
  if (status.data?.required) return <Prompt />;
  return (
    <>
      {children}
      <StepUpPrompt />
    </>
  );
}

/**
 * A sensitive change (rates, points, disabling an account, …) the server refused with
 * STEP_UP_REQUIRED: the shared step-up dialog (features/auth/step-up.tsx: a code from the app, a
 * passkey or a recovery code), then the admin sends the change once more.
 */
function StepUpPrompt() {
  const { t } = useTranslation('auth');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.factors.status.queryOptions());
  const [open, setOpen] = useState(false);
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && isStepUpRequired(event.action.error)) {
          setOpen(true);
        }
      }),
    [queryClient],
  );
  return (
    <StepUpDialog
      opened={open}
      methods={{ totp: status.data?.totp ?? true, passkeys: status.data?.passkeys.map((p) => p.id) ?? [] }}
      onClose={() => setOpen(false)}
      onConfirmed={() => {
        setOpen(false);
        toast({ title: t('factors.stepUpDone') });
      }}
    />
  );
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="xs" py={{ base: 32, sm: 56 }}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

function useAfterFactor() {
  const queryClient = useQueryClient();
  const router = useRouter();
  // Everything the back office asked before the factor was refused: ask again (queries and loaders).
  return async () => {
    await queryClient.invalidateQueries();
    await router.invalidate();
  };
}

function CodeForm({
  onSubmitCode,
  pending,
  label,
  recovery,
}: {
  onSubmitCode: (code: string) => Promise<void>;
  pending: boolean;
  label: string;
  recovery: boolean;
}) {
  const { t } = useTranslation('auth');
  const schema = recovery ? ZRecoveryCode : ZTotpCode;
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: zodRules(schema, (v: { code: string }) => ({ code: v.code }), {
      code: recovery ? t('factors.recoveryCodeNeeded') : t('factors.codeNeeded'),
    }),
    clearInputErrorOnChange: false,
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (v) => {
        try {
          await onSubmitCode(v.code.trim());
        } catch (e) {
          const err = callError(e);
          if (err.code === 'TOO_MANY_REQUESTS') form.setErrors({ code: t('factors.throttled') });
          else form.setErrors({ ...serverFieldErrors(e), code: t('factors.wrongCode') });
        }
      }, focusFirstError)}
    >
      <Stack gap="sm">
        <TextInput
          name="code"
          label={label}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          spellCheck={false}
          required
          {...form.getInputProps('code')}
        />
        <Button type="submit" disabled={pending}>
          {t('factors.verify')}
        </Button>
      </Stack>
    </form>
  );
}

function Prompt() {
  const { t } = useTranslation('auth');
  const trpc = useTRPC();
  const [recovery, setRecovery] = useState(false);
  const verify = useMutation(trpc.factors.verifyTotp.mutationOptions());
  const useCode = useMutation(trpc.factors.useRecoveryCode.mutationOptions());
  const after = useAfterFactor();
  return (
    <Shell title={t('factors.promptTitle')}>
      <Text>{recovery ? t('factors.recoveryBody') : t('factors.promptBody')}</Text>
      <CodeForm
        key={recovery ? 'recovery' : 'totp'}
        recovery={recovery}
        label={recovery ? t('factors.recoveryLabel') : t('factors.codeLabel')}
        pending={verify.isPending || useCode.isPending}
        onSubmitCode={async (code) => {
          if (recovery) await useCode.mutateAsync({ code });
          else await verify.mutateAsync({ code });
          await after();
        }}
      />
      <Anchor component="button" type="button" onClick={() => setRecovery((r) => !r)}>
        {recovery ? t('factors.useApp') : t('factors.useRecovery')}
      </Anchor>
    </Shell>
  );
}

function Enrol({ onEnrolled }: { onEnrolled: (codes: string[] | null) => void }) {
  const { t } = useTranslation('auth');
  const trpc = useTRPC();
  const begin = useMutation(trpc.factors.beginTotp.mutationOptions());
  const confirm = useMutation(trpc.factors.confirmTotp.mutationOptions());
  const after = useAfterFactor();
  const enrolment = begin.data;
  return (
    <Shell title={t('factors.enrolTitle')}>
      <Text>{t('factors.enrolBody')}</Text>
      {!enrolment ? (
        <Button onClick={() => begin.mutate()} disabled={begin.isPending}>
          {t('factors.enrolStart')}
        </Button>
      ) : (
        <>
          <Text>{t('factors.scan')}</Text>
          <Image src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`} alt={t('factors.qrAlt')} w={220} h={220} />
          <Text size="sm">
            {t('factors.keyLabel')} <Code data-testid="totp-secret">{enrolment.secret}</Code>
          </Text>
          <CodeForm
            recovery={false}
            label={t('factors.codeLabel')}
            pending={confirm.isPending}
            onSubmitCode={async (code) => {
              const { recoveryCodes } = await confirm.mutateAsync({ code });
              onEnrolled(recoveryCodes);
              await after();
            }}
          />
        </>
      )}
      {begin.isError ? <Alert color="red">{callError(begin.error).message}</Alert> : null}
    </Shell>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Shell title={t('factors.codesTitle')}>
      <Alert color="yellow">{t('factors.codesBody')}</Alert>
      <List spacing={4} data-testid="recovery-codes" style={{ fontFamily: 'monospace' }}>
        {codes.map((c) => (
          <List.Item key={c}>{c}</List.Item>
        ))}
      </List>
      <Button onClick={onDone}>{t('factors.codesDone')}</Button>
    </Shell>
  );
}
