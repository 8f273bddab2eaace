// 'Payment under review' (issue 31): a held order's chip in the account's orders and its panel on
// the order-success page, in English and Arabic (the 'disputes' texts load when a hold is shown).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import arDisputes from '@esim/i18n/locales/ar/disputes.json';
import enDisputes from '@esim/i18n/locales/en/disputes.json';
import { i18n } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { OrderTable } from '../account/order-table.tsx';
import { PaymentHoldChip, PaymentHoldNotice, paymentHoldTexts } from './payment-hold.tsx';

// The app fetches the namespace when a hold is shown (lazy backend, suspense); the tests' i18n has
// no backend, so it is given here as the app's loader would give it.
beforeEach(() => {
  i18n.addResourceBundle('en', 'disputes', enDisputes, true, true);
});
afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('payment hold texts', () => {
  it.each([
    ['review', 'status.underReview', 'status.underReviewHelp'],
    ['refused', 'status.refused', 'status.refusedHelp'],
  ] as const)('%s → %s', (hold, title, body) => {
    expect(paymentHoldTexts(hold)).toEqual({ title, body });
  });

  it('no hold: no chip', async () => {
    await renderWithProviders(<PaymentHoldChip hold={null} />);
    expect(screen.queryByTestId('payment-hold')).toBeNull();
  });

  it("the account's order shows 'Payment under review' beside its badge", async () => {
    await renderWithProviders(
      <OrderTable
        orders={[
          {
            id: 'ORD-R',
            planId: 1,
            planName: 'Japan 1GB - 7 Days',
            totalMinor: 450,
            currency: 'USD',
            status: 'pending',
            createdAt: '2025-06-03T10:00:00.000Z',
            paymentHold: 'review',
          },
        ]}
      />,
    );
    const row = screen.getByRole('cell', { name: 'ORD-R' }).closest('tr')!;
    expect((await within(row).findByTestId('payment-hold')).textContent).toBe(enDisputes.status.underReview);
  });

  it('the success page panel explains it, in Arabic right to left', async () => {
    i18n.addResourceBundle('ar', 'disputes', arDisputes, true, true);
    await i18n.changeLanguage('ar');
    localStorage.setItem('preferredLanguage', 'ar');
    await renderWithProviders(<PaymentHoldNotice hold="review" />);
    const panel = await screen.findByTestId('payment-hold-notice');
    expect(within(panel).getByRole('heading').textContent).toBe(arDisputes.status.underReview);
    expect(panel.textContent).toContain(arDisputes.status.underReviewHelp);
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('refused says no eSIM and a full refund', async () => {
    await renderWithProviders(<PaymentHoldNotice hold="refused" />);
    const panel = await screen.findByTestId('payment-hold-notice');
    expect(panel.textContent).toBe(enDisputes.status.refused + enDisputes.status.refusedHelp);
  });
});
