// The checkout's referral discount (issue 29), a lazy chunk of its own: loaded only when the
// visitor came by a referral link (the esim_ref cookie). It asks the server (referrals.preview)
// for the discount with the checkout's price, and tells the checkout; a refusal (the visitor's
// own link, not a first order) forgets the link and says why. The server prices it again at Pay.
import { useEffect, useState } from 'react';
import { Alert, Group, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTRPCClient, type RouterOutputs } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import { forgetReferralCode, readReferralCode } from './referral-cookie.ts';

export type AppliedReferral = RouterOutputs['referrals']['preview'];

export interface ReferralLineProps {
  planId: number;
  currency: string;
  onChange: (referral: AppliedReferral | null) => void;
}

const CURRENCIES = ['USD', 'GBP', 'EUR'] as const;
type Currency = (typeof CURRENCIES)[number];

export default function ReferralLine({ planId, currency, onChange }: ReferralLineProps) {
  const { t } = useTranslation('referrals');
  const tt = t as unknown as (key: string, opts?: Record<string, unknown>) => string;
  const client = useTRPCClient();
  const [refused, setRefused] = useState<string | null>(null);
  const [applied, setApplied] = useState<AppliedReferral | null>(null);

  useEffect(() => {
    const code = readReferralCode();
    if (!code) return;
    let live = true;
    const cur = (CURRENCIES as readonly string[]).includes(currency) ? { currency: currency as Currency } : {};
    client.referrals.preview
      .mutate({ code, planId, ...cur })
      .then((r) => {
        if (!live) return;
        setApplied(r);
        onChange(r);
      })
      .catch((error: unknown) => {
        if (!live) return;
        const e = callError(error);
        setApplied(null);
        onChange(null);
        if (e.appCode === 'REFERRAL_REFUSED' || e.code === 'NOT_FOUND') forgetReferralCode();
        const reason = (e.details as { reason?: string } | undefined)?.reason;
        if (e.appCode === 'REFERRAL_REFUSED' && reason) setRefused(tt(`reasons.${reason}`));
      });
    return () => {
      live = false;
    };
  }, [client, planId, currency, onChange, tt]);

  if (refused)
    return (
      <Alert color="gray" variant="light" mb="md" data-testid="referral-refused">
        {tt('checkout.refused', { reason: refused })}
      </Alert>
    );
  if (!applied) return null;
  return (
    <Group gap={8} mb="md" wrap="nowrap" data-testid="referral-applied">
      <IconGift size={18} aria-hidden color="var(--mantine-color-green-9)" />
      <Text size="sm" c="green.9" fw={600}>
        {tt('checkout.line', { percent: applied.discountPercent })}
      </Text>
    </Group>
  );
}
