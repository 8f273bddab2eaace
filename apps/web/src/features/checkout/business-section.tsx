// 'Buying for a business?' at checkout (issue 31): a collapsed section where a business traveller
// gives the company name, address, country and (optionally) VAT ID for the VAT invoice. One
// @mantine/form with the invoice page's rules (invoice/business-rules.ts: the server's own VAT ID
// format check). 'Use these details' shows them as they will appear on the invoice; an open form
// is also checked and used at Pay (the payment forms read it through business-details.ts), so
// details typed but not confirmed are never dropped silently. The server checks them again, stores
// them with the order, and asks VIES after the order exists: the sale never waits for it.
// Its texts are the namespace 'checkout-business', loaded when the section first shows.
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Anchor, Box, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { checkVatId, printedVatId } from '@esim/api/domain/invoices';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { BUSINESS_COUNTRIES, validateBusiness, type BusinessValues } from '../invoice/business-rules.ts';
import { BusinessDetailsIncomplete, toBusinessInput, type BusinessDetails } from './business-details.ts';

/** What the section tells the page: the open form's details when right, 'invalid' (errors now shown), or the confirmed ones. */
interface SectionHandle {
  read(): BusinessValues | null | 'invalid';
  refuse(field: string): void;
}

export interface BusinessController {
  /** What the payment forms send (business-details.ts). */
  details: BusinessDetails;
  applied: BusinessValues | null;
  setApplied: (v: BusinessValues | null) => void;
  section: RefObject<SectionHandle | null>;
}

/** The checkout's company details: the state lives in the page, the form in the section. */
export function useBusinessDetails(): BusinessController {
  const [applied, setApplied] = useState<BusinessValues | null>(null);
  const section = useRef<SectionHandle | null>(null);
  const details = useMemo<BusinessDetails>(
    () => ({
      key: applied ? JSON.stringify(toBusinessInput(applied)) : '',
      read() {
        const now = section.current ? section.current.read() : applied;
        if (now === 'invalid') throw new BusinessDetailsIncomplete();
        return now ? toBusinessInput(now) : null;
      },
      refuse(field) {
        section.current?.refuse(field);
      },
    }),
    [applied],
  );
  return { details, applied, setApplied, section };
}

const EMPTY: BusinessValues = { companyName: '', address: '', country: '', vatId: '' };

/** The ID as the invoice will print it ('de 123 456 789' → 'DE123456789'): the server's own normalisation. */
function shownVatId(v: BusinessValues): string {
  const checked = checkVatId(v.country, v.vatId);
  return checked.ok ? printedVatId(checked.country, checked.number) : v.vatId.trim();
}

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function BusinessSection({ controller }: { controller: BusinessController }) {
  const { t, i18n, ready } = useTranslation('checkout-business', { useSuspense: false });
  const { applied, setApplied } = controller;
  const [editing, setEditing] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const form = useShopForm<BusinessValues>({
    name: 'checkout-business',
    initialValues: EMPTY,
    rules: (values) => {
      const out: Partial<Record<keyof BusinessValues, string>> = {};
      for (const [field, key] of Object.entries(validateBusiness(values))) out[field as keyof BusinessValues] = t(`errors.${key}`);
      return out;
    },
  });
  const language = i18n.language || 'en';

  const apply = (values: BusinessValues) => {
    setApplied(values);
    setEditing(false);
  };
  const open = () => {
    form.reset(applied ?? EMPTY);
    setEditing(true);
  };

  // The page reads the section at Pay: an open form is checked (errors shown) and, when right, used.
  useEffect(() => {
    controller.section.current = {
      read() {
        if (!editing) return applied;
        let out: BusinessValues | 'invalid' = 'invalid';
        form.onSubmit((values) => {
          out = values;
        })();
        if (out !== 'invalid') apply(out);
        return out;
      },
      refuse(field) {
        if (!editing) open();
        setRefused(field);
      },
    };
    return () => {
      controller.section.current = null;
    };
  });

  // A field the server refused: shown once the form is open (and focused).
  useEffect(() => {
    if (!refused || !editing) return;
    form.setFieldError(refused, t(refused === 'country' ? 'errors.country' : 'errors.vatId'));
    setRefused(null);
  }, [refused, editing]);

  // The first field when the form opens.
  const firstField = useRef<HTMLInputElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing && !wasEditing.current && !refused) firstField.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const countries = useMemo(
    () =>
      BUSINESS_COUNTRIES.map((code) => ({ value: code, label: countryName(code, language) })).sort((a, b) =>
        a.label.localeCompare(b.label, language),
      ),
    [language],
  );

  if (!ready) return null;

  if (!editing && !applied) {
    return (
      <Box mb="lg">
        <Anchor
          ref={toggle}
          component="button"
          type="button"
          fw={600}
          size="sm"
          ta="start"
          aria-expanded={false}
          onClick={open}
          data-testid="business-toggle"
        >
          <Group gap={8} component="span" wrap="nowrap" align="flex-start">
            <IconBuilding size={18} aria-hidden style={{ flexShrink: 0 }} />
            <span>{t('toggle')}</span>
          </Group>
        </Anchor>
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby="checkout-business-heading" mb="lg" data-testid="business-section">
      <Title order={2} fz="lg" id="checkout-business-heading" mb={4}>
        {t('heading')}
      </Title>
      {editing ? (
        <form noValidate onSubmit={form.onSubmit(apply)} data-testid="business-form">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('intro')}
            </Text>
            <TextInput
              {...form.getInputProps('companyName')}
              ref={firstField}
              label={t('company')}
              withAsterisk
              aria-required
              autoComplete="organization"
            />
            <Textarea
              {...form.getInputProps('address')}
              label={t('address')}
              withAsterisk
              aria-required
              rows={3}
              autoComplete="street-address"
            />
            <NativeSelect
              {...form.getInputProps('country')}
              label={t('country')}
              withAsterisk
              aria-required
              autoComplete="country"
              data={[{ value: '', label: '—' }, ...countries]}
            />
            <TextInput
              {...form.getInputProps('vatId')}
              label={t('vatIdOptional')}
              description={t('vatIdHint')}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
            />
            <Group gap="sm">
              <Button type="submit">{t('apply')}</Button>
              <Button
                variant="default"
                onClick={() => {
                  setEditing(false);
                  if (!applied) requestAnimationFrame(() => toggle.current?.focus());
                }}
              >
                {t('cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : applied ? (
        <Stack gap="xs">
          <Paper withBorder radius="md" p="sm" data-testid="business-summary">
            <Text fw={700}>
              <bdi>{applied.companyName.trim()}</bdi>
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              <bdi>{applied.address.trim()}</bdi>
            </Text>
            <Text size="sm">{countryName(applied.country, language)}</Text>
            {applied.vatId.trim() ? (
              <Text size="sm">
                {t('vatId')}: <bdi dir="ltr">{shownVatId(applied)}</bdi>
              </Text>
            ) : null}
            <Text size="xs" c="dimmed" mt={4}>
              {t('appliedNote')}
            </Text>
          </Paper>
          <Group gap="sm">
            <Button size="xs" variant="default" onClick={open}>
              {t('edit')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setApplied(null);
                requestAnimationFrame(() => toggle.current?.focus());
              }}
            >
              {t('remove')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Box>
  );
}
