// Issue 31, on the profile page: download my data (the JSON the server builds now, and a readable
// summary of it made here, in the page's language), and delete my account (the password, then a
// link e-mailed to the account's address). The link opens this page as
// /account/profile?deleteAccount=<token> (signed in as that account: the server checks both) and
// this section asks once more before the account goes. No route of its own: a route's definition
// is part of the shop's first chunk, which is at its budget.
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast.tsx';
import { config } from '../../../config.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { PasswordField } from '../../auth/password-field.tsx';
import { callError } from '../../auth/trpc-error.ts';
import { setSessionUser } from '../../auth/session.ts';
import { useShopForm } from '../../../lib/forms/use-shop-form.ts';

type Export = Record<string, unknown> & { generatedAt: string };

/** The labels may wrap: 'Download a readable summary' is wider than a 320 px phone's card. */
const WRAP = { h: 'auto', mih: 36, py: 6, styles: { label: { whiteSpace: 'normal', textAlign: 'center' } } } as const;

function save(name: string, body: string, type: string) {
  const url = URL.createObjectURL(new Blob([body], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A readable page of the export: the account's facts, then how many records of each kind (the JSON has them all). */
export function summaryHtml(
  data: Export,
  t: (key: string, values?: Record<string, unknown>) => string,
  lang: string,
  dir: string,
  product: string,
) {
  const account = (data.account ?? {}) as Record<string, unknown>;
  const rows = Object.entries(account)
    .filter(([, v]) => v !== null && v !== '')
    .map(([k, v]) => `<tr><th scope="row">${escape(k)}</th><td>${escape(String(v))}</td></tr>`)
    .join('');
  const count = (key: string) => (Array.isArray(data[key]) ? (data[key] as unknown[]).length : 0);
  const sections = (
    [
      ['orders', 'orders'],
      ['esims', 'esims'],
      ['points', 'pointsLedger'],
      ['checkIns', 'checkIns'],
      ['messages', 'supportMessages'],
      ['sessions', 'sessions'],
      ['signIns', 'signInHistory'],
    ] as const
  )
    .map(
      ([label, key]) =>
        `<tr><th scope="row">${escape(t(`summary.${label}`))}</th><td>${escape(t('summary.count', { count: count(key) }))}</td></tr>`,
    )
    .join('');
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(data.generatedAt));
  return `<!doctype html><html lang="${escape(lang)}" dir="${escape(dir)}"><head><meta charset="utf-8"><title>${escape(
    t('summary.title', { product }),
  )}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}th{text-align:start;padding:.25rem 1rem .25rem 0;vertical-align:top}td{overflow-wrap:anywhere}</style></head><body><h1>${escape(
    t('summary.title', { product }),
  )}</h1><p>${escape(t('summary.generated', { date }))}</p><h2>${escape(t('summary.account'))}</h2><table>${rows}</table><h2>${escape(
    t('data.title'),
  )}</h2><table>${sections}</table><p>${escape(t('summary.fullFile'))}</p></body></html>`;
}

export function YourData() {
  const { t, i18n } = useTranslation('rights');
  const trpc = useTRPC();
  const productName = config.productName;
  const exportData = useMutation(trpc.users.exportData.mutationOptions());
  const [deleting, setDeleting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const search = useSearch({ strict: false }) as { deleteAccount?: unknown };
  const token = typeof search.deleteAccount === 'string' && search.deleteAccount.length <= 200 ? search.deleteAccount : null;

  const download = (kind: 'json' | 'summary') =>
    exportData.mutate(undefined, {
      onSuccess: (data) => {
        const day = data.generatedAt.slice(0, 10);
        if (kind === 'json') save(`my-data-${day}.json`, JSON.stringify(data, null, 2), 'application/json');
        else
          save(
            `my-data-${day}.html`,
            summaryHtml(data as unknown as Export, t as never, i18n.language, i18n.dir(i18n.language), productName),
            'text/html',
          );
        toast({ title: t('data.ready') });
      },
      onError: (error) => toast({ title: t('data.failed'), description: callError(error).message, variant: 'destructive' }),
    });

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('data.intro')}
      </Text>
      <Group gap="sm">
        <Button variant="light" loading={exportData.isPending} onClick={() => download('json')} {...WRAP}>
          {t('data.download')}
        </Button>
        <Button variant="default" disabled={exportData.isPending} onClick={() => download('summary')} {...WRAP}>
          {t('data.summary')}
        </Button>
      </Group>
      {token ? <ConfirmDeletion token={token} /> : null}
      <Title order={4} fz="md" mt="sm">
        {t('delete.title')}
      </Title>
      <Text size="sm">{t('delete.intro')}</Text>
      {sentTo ? (
        <Alert color="green" role="status" data-testid="deletion-sent">
          {t('delete.sent', { email: sentTo })}
        </Alert>
      ) : (
        <Group>
          <Button color="red.8" variant="outline" onClick={() => setDeleting(true)} {...WRAP}>
            {t('delete.button')}
          </Button>
        </Group>
      )}
      <Modal opened={deleting} onClose={() => setDeleting(false)} title={t('delete.dialogTitle')} centered>
        {deleting ? (
          <DeletionForm
            onCancel={() => setDeleting(false)}
            onSent={(to) => {
              setDeleting(false);
              setSentTo(to);
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

function DeletionForm({ onCancel, onSent }: { onCancel: () => void; onSent: (to: string) => void }) {
  const { t } = useTranslation('rights');
  const trpc = useTRPC();
  const request = useMutation(trpc.users.requestDeletion.mutationOptions());
  const form = useShopForm({
    name: 'delete-account',
    initialValues: { password: '' },
    rules: (v) => (v.password ? {} : { password: t('delete.passwordRequired') }),
  });
  const onSubmit = form.onSubmit(({ password }) =>
    request.mutate(
      { password },
      {
        onSuccess: (answer) => onSent(answer.to),
        onError: (error) => {
          const e = callError(error);
          if (e.details['field'] === 'password') form.setFieldError('password', e.message);
          else toast({ title: t('delete.dialogTitle'), description: e.message, variant: 'destructive' });
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('delete.intro')}</Text>
        <PasswordField
          label={t('delete.password')}
          autoComplete="current-password"
          required
          data-autofocus
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('delete.cancel')}
          </Button>
          <Button type="submit" color="red.8" loading={request.isPending}>
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The e-mailed link's last step: one button erases the account, then this browser is signed out. */
function ConfirmDeletion({ token }: { token: string }) {
  const { t } = useTranslation('rights');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const confirm = useMutation(trpc.users.confirmDeletion.mutationOptions());
  // A block body: Chromium's scrollIntoView returns a promise, which React would call as the cleanup.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <Alert ref={ref} color="red" variant="light" title={t('confirm.title')} data-testid="confirm-deletion">
      <Stack gap="sm">
        <Text size="sm">{t('confirm.lead')}</Text>
        {confirm.isError ? (
          <Text size="sm" c="red.9" role="alert">
            {callError(confirm.error).message}
          </Text>
        ) : null}
        <Group>
          <Button
            color="red.8"
            loading={confirm.isPending}
            onClick={() =>
              confirm.mutate(
                { token },
                {
                  onSuccess: async () => {
                    // Leave the account area first: signed out inside it, its guard would send us to /login.
                    await navigate({ to: '/', replace: true });
                    setSessionUser(queryClient, trpc, null);
                    toast({ title: t('confirm.done') });
                  },
                },
              )
            }
          >
            {t('confirm.button')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
