// Issue 29: 'This is a gift' at checkout (a lazy chunk of the checkout page). Switched on, it asks
// for the recipient's address, a message (optional, at most 500 characters), a delivery date
// (optional: today up to a year ahead) and the language of the gift e-mail (the page's first).
// The form is @mantine/form (useShopForm); the checkout's intent call takes the gift from the slot
// (gift-slot.ts) when Pay is pressed: a wrong form stops the payment and shows why.
import { useLayoutEffect, useState } from 'react';
import { NativeSelect, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { SUPPORTED_LANGUAGES } from '@esim/i18n/languages';
import { useTranslation } from 'react-i18next';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { checkoutGiftSlot } from './gift-slot.ts';

export const GIFT_MESSAGE_MAX = 500;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface GiftValues extends Record<string, string> {
  recipientEmail: string;
  message: string;
  deliverOn: string;
  locale: string;
}

/** A local day as 'YYYY-MM-DD'. */
function dayOf(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Today and the same day a year ahead (the server allows up to 366 days). */
export function giftDateRange(now: Date = new Date()): { min: string; max: string } {
  const max = new Date(now);
  max.setFullYear(max.getFullYear() + 1);
  return { min: dayOf(now), max: dayOf(max) };
}

export interface GiftSectionProps {
  /** The signed-in buyer's address (a gift to oneself is refused); null for a guest (the server checks the typed one). */
  accountEmail: string | null;
  disabled?: boolean;
}

export default function GiftSection({ accountEmail, disabled = false }: GiftSectionProps) {
  const { t } = useTranslation('gift-checkout');
  const { language } = useLanguage();
  const [on, setOn] = useState(false);
  const [range] = useState(() => giftDateRange());
  const form = useShopForm<GiftValues>({
    name: 'checkout-gift',
    initialValues: { recipientEmail: '', message: '', deliverOn: '', locale: language },
    rules: (v) => {
      const email = v.recipientEmail.trim().toLowerCase();
      return {
        ...(!EMAIL.test(email)
          ? { recipientEmail: t('section.invalidEmail') }
          : accountEmail && email === accountEmail.trim().toLowerCase()
            ? { recipientEmail: t('section.self') }
            : {}),
        ...(v.message.trim().length > GIFT_MESSAGE_MAX ? { message: t('section.tooLong', { max: GIFT_MESSAGE_MAX }) } : {}),
        ...(v.deliverOn && (v.deliverOn < range.min || v.deliverOn > range.max) ? { deliverOn: t('section.dateRange') } : {}),
      };
    },
  });

  // The intent call asks for the gift when Pay is pressed (a fresh read of the form each time).
  useLayoutEffect(() => {
    const slot = checkoutGiftSlot;
    slot.take = () => {
      if (!on) return null;
      const checked = form.validate();
      if (checked.hasErrors) {
        const first = Object.keys(checked.errors)[0];
        if (first) document.querySelector<HTMLElement>(`[data-gift-field="${first}"]`)?.focus();
        return false;
      }
      const v = form.getValues();
      return {
        recipientEmail: v.recipientEmail.trim().toLowerCase(),
        message: v.message.trim(),
        deliverOn: v.deliverOn || null,
        locale: v.locale,
      };
    };
    return () => {
      slot.take = null;
    };
  });

  const count = form.values.message.trim().length;
  return (
    <section aria-label={t('section.switch')} data-testid="checkout-gift">
      <Switch
        checked={on}
        onChange={(e) => setOn(e.currentTarget.checked)}
        disabled={disabled}
        label={t('section.switch')}
        description={t('section.hint')}
        thumbIcon={on ? <IconGift size={12} aria-hidden /> : undefined}
        size="md"
        data-testid="gift-switch"
      />
      {on ? (
        <Stack gap="sm" mt="md" data-testid="gift-fields">
          <TextInput
            label={t('section.recipient')}
            type="email"
            autoComplete="off"
            inputMode="email"
            dir="ltr"
            required
            disabled={disabled}
            key={form.key('recipientEmail')}
            {...form.getInputProps('recipientEmail')}
            data-gift-field="recipientEmail"
            data-testid="gift-recipient"
          />
          <Textarea
            label={t('section.message')}
            description={t('section.messageCount', { count, max: GIFT_MESSAGE_MAX })}
            maxLength={GIFT_MESSAGE_MAX}
            rows={3}
            disabled={disabled}
            key={form.key('message')}
            {...form.getInputProps('message')}
            data-gift-field="message"
            data-testid="gift-message"
          />
          <TextInput
            label={t('section.deliverOn')}
            description={t('section.deliverOnHint')}
            type="date"
            dir="ltr"
            min={range.min}
            max={range.max}
            disabled={disabled}
            key={form.key('deliverOn')}
            {...form.getInputProps('deliverOn')}
            data-gift-field="deliverOn"
            data-testid="gift-date"
          />
          <NativeSelect
            label={t('section.language')}
            data={SUPPORTED_LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
            disabled={disabled}
            key={form.key('locale')}
            {...form.getInputProps('locale')}
            data-gift-field="locale"
            data-testid="gift-language"
          />
        </Stack>
      ) : null}
    </section>
  );
}
