// The checkout's promo code (issue 29), a lazy chunk of its own: 'Have a promo code?' opens a
// small form; Apply asks the server (promotions.check) for the discount line or the reason the
// code does not apply (PROMO_* → promotions:errors.*). The price is always the server's: this
// shows its answer and the checkout sends the code with the order, where it is priced again.
// A change of currency or of 'use my points' checks the applied code again.
import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDiscount2, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHECKOUT_CURRENCIES, type CheckoutCurrency } from '@esim/api/domain';
import { formatMinor } from '../../lib/format.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { useTRPCClient, type RouterOutputs } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';

export type AppliedPromo = RouterOutputs['promotions']['check'];

export interface PromoCodeFieldProps {
  planId: number;
  currency: string;
  usePoints: boolean;
  /** The signed-in buyer's address is the server's own; a guest's is not known before Pay. */
  applied: AppliedPromo | null;
  onChange: (promo: AppliedPromo | null) => void;
}

const CURRENCIES = CHECKOUT_CURRENCIES;
type Currency = CheckoutCurrency;

/** A failed check → the translated reason (the code's own key, else a generic line). */
export function promoProblem(error: unknown, t: (key: string) => string): string {
  const e = callError(error);
  const code = e.appCode?.startsWith('PROMO_') ? e.appCode : e.code === 'TOO_MANY_REQUESTS' ? 'TOO_MANY_REQUESTS' : null;
  return t(code ? `errors.${code}` : 'errors.generic');
}

export default function PromoCodeField({ planId, currency, usePoints, applied, onChange }: PromoCodeFieldProps) {
  const { t, i18n } = useTranslation('promotions');
  const tt = t as unknown as (key: string, opts?: Record<string, unknown>) => string;
  const client = useTRPCClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const form = useShopForm<{ code: string }, { code: string }>({
    name: 'promo-code',
    initialValues: { code: '' },
    rules: (v) => (v.code.trim() ? {} : { code: tt('errors.PROMO_NOT_FOUND') }),
    transformValues: (v) => ({ code: v.code.trim() }),
  });

  async function check(code: string): Promise<AppliedPromo | null> {
    setBusy(true);
    try {
      const cur = (CURRENCIES as readonly string[]).includes(currency) ? { currency: currency as Currency } : {};
      return await client.promotions.check.mutate({ code, planId, ...cur, ...(usePoints ? { usePoints: true } : {}) });
    } catch (error) {
      form.setFieldError('code', promoProblem(error, tt));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function apply({ code }: { code: string }) {
    setNotice(null);
    const result = await check(code);
    onChange(result);
  }

  // The currency or the use of points changed under an applied code: check it again.
  const last = useRef({ currency, usePoints });
  useEffect(() => {
    const was = last.current;
    last.current = { currency, usePoints };
    if (!applied || (was.currency === currency && was.usePoints === usePoints)) return;
    void (async () => {
      const again = await check(applied.code);
      if (!again) {
        setOpen(true);
        form.setFieldValue('code', applied.code);
      }
      setNotice(again ? tt('field.changed') : null);
      onChange(again);
    })();
  }, [currency, usePoints]);

  useEffect(() => {
    if (open && !applied) input.current?.focus();
  }, [open, applied]);

  if (applied) {
    const amount = formatMinor(applied.discountMinor, applied.currency, i18n.language || 'en');
    return (
      <Stack gap={4} mb="lg" data-testid="promo-applied">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap">
            <IconDiscount2 size={18} aria-hidden color="var(--mantine-color-green-9)" />
            <Text size="sm" c="green.9" fw={600} role="status">
              {tt('field.applied', { code: applied.code, amount })}
            </Text>
          </Group>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => {
              setNotice(null);
              form.reset();
              onChange(null);
            }}
          >
            {tt('field.remove')}
          </Button>
        </Group>
        {notice ? (
          <Text size="xs" c="dimmed">
            {notice}
          </Text>
        ) : null}
      </Stack>
    );
  }

  if (!open)
    return (
      <Anchor component="button" type="button" size="sm" fw={600} mb="lg" onClick={() => setOpen(true)} data-testid="promo-toggle">
        {tt('field.toggle')}
      </Anchor>
    );

  return (
    <form onSubmit={form.onSubmit((v) => void apply(v))} noValidate aria-busy={busy} data-testid="promo-form">
      <Group align="flex-start" gap="xs" mb="lg" wrap="nowrap">
        <TextInput
          ref={input}
          label={tt('field.label')}
          placeholder={tt('field.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          style={{ flex: 1 }}
          maxLength={64}
          {...form.getInputProps('code')}
          key={form.key('code')}
          data-testid="promo-input"
        />
        <Button type="submit" variant="light" color="brand.8" mt={25} loading={busy} data-testid="promo-apply">
          {busy ? tt('field.checking') : tt('field.apply')}
        </Button>
      </Group>
      {notice ? (
        <Text size="xs" c="dimmed" mb="sm">
          {notice}
        </Text>
      ) : null}
    </form>
  );
}
