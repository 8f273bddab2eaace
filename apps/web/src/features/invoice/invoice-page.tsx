// The VAT invoice and its credit notes (issue 31), for the order's owner (the receipt's page with
// ?view=invoice, signed in) or a guest holding the order's 'Manage your eSIM' link (/esim-link
// with ?view=invoice; invoice-href.ts). The documents are written in
// the order's language (its texts loaded for that language), whatever the page's; each shows net,
// VAT rate and VAT per line and in total from what was frozen at issue. 'Print or save as PDF' is
// the browser's print dialog: invoice.module.css prints the documents alone. 'Download PDF' (the
// invoice, and each credit note) fetches a PDF the server renders in the order's language
// (GET /api/invoices/:orderId/pdf, the guest's link token as ?token=), fetched and saved (a
// failure says so); no PDF library grows the bundle. Below, not printed, a business traveller adds or edits their
// company's details (invoices.saveBuyer).
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, NativeSelect, Skeleton, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { directionOf, isLanguageCode } from '@esim/i18n/languages';
import { formatMinor } from '../../lib/format.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { i18n } from '../../lib/i18n.ts';
import { useLanguage } from '../../lib/preferences/index.ts';
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import { BUSINESS_COUNTRIES, validateBusiness, type BusinessValues } from './business-rules.ts';
import { pdfHref } from './pdf-href.ts';
import classes from './invoice.module.css';

export type Invoice = RouterOutputs['invoices']['get'];
export type InvoiceRef = { orderId: string } | { token: string };

/** The 'invoice' texts in the order's language (loaded once; English until then). */
function useDocumentT(language: string): TFunction<'invoice'> {
  const lang = isLanguageCode(language) ? language : 'en';
  const [ready, setReady] = useState(() => i18n.hasResourceBundle(lang, 'invoice'));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void i18n
      .loadLanguages(lang)
      .then(() => i18n.loadNamespaces('invoice'))
      .then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [lang, ready]);
  return i18n.getFixedT(ready ? lang : i18n.language, 'invoice');
}

/** `standalone`: the page has no h1 of its own (a guest's link page), so the invoice's title is it. */
export function InvoiceScreen({ invoiceRef, standalone = false }: { invoiceRef: InvoiceRef | null; standalone?: boolean }) {
  const { t } = useTranslation('invoice');
  const trpc = useTRPC();
  const invoice = useQuery({
    ...trpc.invoices.get.queryOptions(invoiceRef ?? { token: '-' }, {
      retry: (count, err) => !['NOT_FOUND', 'CONFLICT', 'BAD_REQUEST', 'UNAUTHORIZED'].includes(callError(err).code ?? '') && count < 2,
    }),
    enabled: invoiceRef !== null,
  });
  if (invoiceRef === null) return <NotFound />;
  if (invoice.isPending)
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={60} radius="md" />
        <Skeleton height={360} radius="lg" />
      </Stack>
    );
  if (invoice.isError) {
    const code = callError(invoice.error).code;
    if (code === 'CONFLICT')
      return (
        <Alert color="yellow" variant="light" role="status">
          {t('notPaid')}
        </Alert>
      );
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST' || code === 'UNAUTHORIZED') return <NotFound />;
    return (
      <Alert color="red" variant="light" title={t('loadFailed')}>
        <Button mt="xs" size="xs" variant="default" loading={invoice.isFetching} onClick={() => void invoice.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  return <InvoiceView invoice={invoice.data} invoiceRef={invoiceRef} standalone={standalone} />;
}

function NotFound() {
  const { t } = useTranslation('invoice');
  return (
    <Alert color="gray" variant="light" title={t('notFound')} role="alert" data-testid="invoice-not-found">
      {t('notFoundBody')}
    </Alert>
  );
}

function InvoiceView({ invoice, invoiceRef, standalone }: { invoice: Invoice; invoiceRef: InvoiceRef; standalone: boolean }) {
  const { t } = useTranslation('invoice');
  const dt = useDocumentT(invoice.language);
  const [pdfFailed, setPdfFailed] = useState(false);
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm" className={classes.noPrint}>
        <Text size="sm" c="dimmed">
          {t('pdfHint')}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} data-testid="print-invoice">
            {t('print')}
          </Button>
          <PdfButton
            href={pdfHref(invoiceRef, invoice.orderId)}
            filename={`invoice-${invoice.number}.pdf`}
            testId="download-invoice-pdf"
            onFailed={setPdfFailed}
          >
            {t('pdf.download')}
          </PdfButton>
          {invoice.creditNotes.map((note) => (
            <PdfButton
              key={note.number}
              href={pdfHref(invoiceRef, invoice.orderId, note.number)}
              filename={`credit-note-${note.number}.pdf`}
              testId="download-credit-note-pdf"
              onFailed={setPdfFailed}
            >
              {t('pdf.credit', { number: note.number })}
            </PdfButton>
          ))}
        </Group>
      </Group>
      {pdfFailed ? (
        <Alert color="red" variant="light" role="alert" className={classes.noPrint} data-testid="pdf-failed">
          {t('pdf.failed')}
        </Alert>
      ) : null}
      <div className={classes.docs}>
        <InvoiceDocument invoice={invoice} t={dt} standalone={standalone} />
        {invoice.creditNotes.map((note) => (
          <CreditNoteDocument key={note.number} invoice={invoice} note={note} t={dt} />
        ))}
      </div>
      <BusinessDetails invoice={invoice} invoiceRef={invoiceRef} />
    </Stack>
  );
}

/**
 * A link to the server's PDF that downloads it through fetch, so a failure (the server cannot make
 * it, the connection drops) shows a message here instead of saving an error as a '.pdf' file. The
 * href stays for a middle click or 'Save link as'.
 */
function PdfButton({
  href,
  filename,
  testId,
  onFailed,
  children,
}: {
  href: string;
  filename: string;
  testId: string;
  onFailed: (failed: boolean) => void;
  children: React.ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const download = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    onFailed(false);
    try {
      const res = await fetch(href, { credentials: 'same-origin' });
      if (!res.ok || res.headers.get('content-type') !== 'application/pdf') throw new Error(`PDF ${res.status}`);
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      onFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      component="a"
      href={href}
      download={filename}
      onClick={(e: React.MouseEvent<HTMLAnchorElement>) => void download(e)}
      loading={busy}
      variant="default"
      leftSection={<IconDownload size={18} aria-hidden />}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

function docLang(invoice: Invoice): { lang: string; dir: 'ltr' | 'rtl' } {
  const lang = isLanguageCode(invoice.language) ? invoice.language : 'en';
  return { lang, dir: directionOf(lang) };
}

function formatDay(iso: string, locale: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

function percent(bp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);
}

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Parties({ invoice, t, lang }: { invoice: Invoice; t: TFunction<'invoice'>; lang: string }) {
  const b = invoice.buyer.business;
  return (
    <div className={classes.parties}>
      <section aria-label={t('seller')}>
        <Title order={3} fz="sm" className={classes.label}>
          {t('seller')}
        </Title>
        <Text fw={700}>{invoice.seller.companyName}</Text>
        {invoice.seller.address.map((line) => (
          <Text key={line} size="sm">
            <bdi>{line}</bdi>
          </Text>
        ))}
        <dl className={classes.facts}>
          <dt>{t('companyNumber')}</dt>
          <dd>
            <bdi dir="ltr">{invoice.seller.companyNumber}</bdi>
          </dd>
          {invoice.seller.vatNumber ? (
            <>
              <dt>{t('vatNumber')}</dt>
              <dd>
                <bdi dir="ltr">{invoice.seller.vatNumber}</bdi>
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      <section aria-label={t('buyer')} data-testid="invoice-buyer">
        <Title order={3} fz="sm" className={classes.label}>
          {t('buyer')}
        </Title>
        {b ? (
          <>
            <Text fw={700}>
              <bdi>{b.companyName}</bdi>
            </Text>
            <Text size="sm" className={classes.pre}>
              <bdi>{b.address}</bdi>
            </Text>
            <Text size="sm">{countryName(b.country, lang)}</Text>
            {b.vatId ? (
              <Text size="sm" data-testid="invoice-vat-id">
                {t('vatId')}: <bdi dir="ltr">{b.vatId}</bdi> ({t(`vatStatus.${b.vatStatus}`)})
              </Text>
            ) : null}
          </>
        ) : invoice.buyer.name ? (
          <Text fw={700}>
            <bdi>{invoice.buyer.name}</bdi>
          </Text>
        ) : null}
        <Text size="sm">
          <bdi dir="ltr">{invoice.buyer.email}</bdi>
        </Text>
      </section>
    </div>
  );
}

function InvoiceDocument({ invoice, t, standalone }: { invoice: Invoice; t: TFunction<'invoice'>; standalone: boolean }) {
  const { lang, dir } = docLang(invoice);
  const money = (minor: number) => <bdi dir="ltr">{formatMinor(minor, invoice.currency, lang)}</bdi>;
  const rate = percent(invoice.vat.rateBp, lang);
  return (
    <article className={classes.doc} lang={lang} dir={dir} aria-labelledby="invoice-title" data-testid="invoice">
      <div className={classes.head}>
        <Title order={standalone ? 1 : 2} id="invoice-title" fz={{ base: 24, sm: 28 }}>
          {t('title')}
        </Title>
        <dl className={classes.facts}>
          <dt>{t('number')}</dt>
          <dd data-testid="invoice-number">
            <bdi dir="ltr">{invoice.number}</bdi>
          </dd>
          <dt>{t('issued')}</dt>
          <dd>{formatDay(invoice.issuedAt, lang)}</dd>
          <dt>{t('order')}</dt>
          <dd>
            <bdi dir="ltr">{invoice.orderId}</bdi>
          </dd>
        </dl>
      </div>
      <Parties invoice={invoice} t={t} lang={lang} />
      <Table.ScrollContainer minWidth={520} type="native" tabIndex={0} role="region" aria-label={t('lines')}>
        <Table verticalSpacing="sm" data-testid="invoice-lines">
          <caption className={classes.caption}>{t('lines')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('description')}</Table.Th>
              <Table.Th scope="col" className={classes.num}>
                {t('net')}
              </Table.Th>
              <Table.Th scope="col" className={classes.num}>
                {t('rate')}
              </Table.Th>
              <Table.Th scope="col" className={classes.num}>
                {t('vat')}
              </Table.Th>
              <Table.Th scope="col" className={classes.num}>
                {t('gross')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.totals.lines.map((line) => (
              <Table.Tr key={line.kind}>
                <Table.Td>
                  <bdi>{line.kind === 'points' ? t('pointsLine') : line.description}</bdi>
                </Table.Td>
                <Table.Td className={classes.num}>{money(line.netMinor)}</Table.Td>
                <Table.Td className={classes.num}>{rate}</Table.Td>
                <Table.Td className={classes.num}>{money(line.vatMinor)}</Table.Td>
                <Table.Td className={classes.num}>{money(line.grossMinor)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr className={classes.totals} data-testid="invoice-totals">
              <Table.Th scope="row">{t('total')}</Table.Th>
              <Table.Td className={classes.num}>{money(invoice.totals.netMinor)}</Table.Td>
              <Table.Td className={classes.num}>{rate}</Table.Td>
              <Table.Td className={classes.num}>{money(invoice.totals.vatMinor)}</Table.Td>
              <Table.Td className={classes.num}>{money(invoice.totals.grossMinor)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {invoice.creditNotes.length > 0 ? (
        <Text className={classes.note}>
          {t('creditNotes')}: {invoice.creditNotes.map((n) => n.number).join(', ')} · {t('kept')}: {money(invoice.keptMinor)}
        </Text>
      ) : null}
      {invoice.vat.basis === 'not_registered' ? (
        <Text className={classes.note} data-testid="invoice-not-registered">
          {t('notRegistered', { country: countryName(invoice.vat.country, lang) })}
        </Text>
      ) : null}
      <Text className={classes.note}>{t('pricesInclude')}</Text>
    </article>
  );
}

function CreditNoteDocument({ invoice, note, t }: { invoice: Invoice; note: Invoice['creditNotes'][number]; t: TFunction<'invoice'> }) {
  const { lang, dir } = docLang(invoice);
  const money = (minor: number) => <bdi dir="ltr">{formatMinor(minor, invoice.currency, lang)}</bdi>;
  const id = `credit-${note.number}`;
  return (
    <article className={classes.doc} lang={lang} dir={dir} aria-labelledby={id} data-testid="credit-note">
      <div className={classes.head}>
        <Title order={2} id={id} fz={{ base: 22, sm: 26 }}>
          {t('creditTitle')}
        </Title>
        <dl className={classes.facts}>
          <dt>{t('creditNumber')}</dt>
          <dd>
            <bdi dir="ltr">{note.number}</bdi>
          </dd>
          <dt>{t('issued')}</dt>
          <dd>{formatDay(note.issuedAt, lang)}</dd>
        </dl>
      </div>
      <Text fw={600} mt="sm" data-testid="credit-note-ref">
        {t('refersTo', { number: invoice.number })}
      </Text>
      <Parties invoice={invoice} t={t} lang={lang} />
      <dl className={classes.facts}>
        <dt>{t('net')}</dt>
        <dd>−{money(note.netMinor)}</dd>
        <dt>
          {t('vat')} ({percent(invoice.vat.rateBp, lang)})
        </dt>
        <dd>−{money(note.vatMinor)}</dd>
        <dt>{t('gross')}</dt>
        <dd>−{money(note.grossMinor)}</dd>
      </dl>
    </article>
  );
}

function BusinessDetails({ invoice, invoiceRef }: { invoice: Invoice; invoiceRef: InvoiceRef }) {
  const { t } = useTranslation('invoice');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = invoice.buyer.business;
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<'saved' | 'failed' | null>(null);
  const save = useMutation(trpc.invoices.saveBuyer.mutationOptions());
  const initial: BusinessValues = {
    companyName: current?.companyName ?? '',
    address: current?.address ?? '',
    country: current?.country ?? '',
    vatId: current?.vatId ?? '',
  };
  const form = useShopForm({
    name: 'business',
    initialValues: initial,
    rules: (values) => {
      const out: Partial<Record<keyof BusinessValues, string>> = {};
      for (const [field, key] of Object.entries(validateBusiness(values))) out[field as keyof BusinessValues] = t(`business.errors.${key}`);
      return out;
    },
  });
  const countries = BUSINESS_COUNTRIES.map((code) => ({ value: code, label: countryName(code, language) })).sort((a, b) =>
    a.label.localeCompare(b.label, language),
  );
  const submit = (values: BusinessValues) => {
    if (save.isPending) return;
    setStatus(null);
    save.mutate(
      { ref: invoiceRef, buyer: { ...values, vatId: values.vatId.trim() || undefined } },
      {
        onSuccess: (next) => {
          queryClient.setQueryData(trpc.invoices.get.queryKey(invoiceRef), next);
          setStatus('saved');
          setOpen(false);
        },
        onError: (err) => {
          const e = callError(err);
          if (e.details.field === 'vatId') form.setFieldError('vatId', t('business.errors.vatId'));
          else setStatus('failed');
        },
      },
    );
  };
  return (
    <section aria-labelledby="business-heading" className={classes.noPrint}>
      <Title order={2} fz="lg" id="business-heading" mb={4}>
        {t('business.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('business.intro')}
      </Text>
      <div aria-live="polite">
        {status === 'saved' ? (
          <Alert color="teal" variant="light" mb="sm" data-testid="business-saved">
            {t('business.saved')}
          </Alert>
        ) : status === 'failed' ? (
          <Alert color="red" variant="light" mb="sm" role="alert">
            {t('business.failed')}
          </Alert>
        ) : null}
      </div>
      {open ? (
        <form noValidate onSubmit={form.onSubmit(submit)} data-testid="business-form">
          <Stack gap="sm" maw={520}>
            <TextInput
              {...form.getInputProps('companyName')}
              label={t('business.company')}
              withAsterisk
              aria-required
              autoComplete="organization"
            />
            <Textarea
              {...form.getInputProps('address')}
              label={t('business.address')}
              withAsterisk
              aria-required
              rows={3}
              autoComplete="street-address"
            />
            <NativeSelect
              {...form.getInputProps('country')}
              label={t('business.country')}
              withAsterisk
              aria-required
              data={[{ value: '', label: '—' }, ...countries]}
            />
            <TextInput {...form.getInputProps('vatId')} label={t('business.vatIdOptional')} dir="ltr" autoComplete="off" />
            <Group gap="sm">
              <Button type="submit" loading={save.isPending}>
                {save.isPending ? t('business.saving') : t('business.save')}
              </Button>
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('business.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Anchor
          component="button"
          type="button"
          fw={600}
          onClick={() => {
            form.reset(initial);
            setOpen(true);
          }}
          data-testid="business-open"
        >
          {current ? t('business.edit') : t('business.add')}
        </Anchor>
      )}
    </section>
  );
}
