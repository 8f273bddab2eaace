import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arPlans from '@esim/i18n/locales/ar/plans.json';
import { i18n } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { OrderTable } from './order-table.tsx';
import type { AccountOrder } from './orders.ts';

const ORDERS: AccountOrder[] = [
  {
    id: 'ORD-1',
    planId: 101,
    planName: 'Japan 1GB - 7 Days',
    totalMinor: 450,
    currency: 'USD',
    status: 'completed',
    createdAt: '2025-06-03T10:00:00.000Z',
    esimQrCode: '/api/esims/ESIM-1/qr.png?token=t',
    paymentIntentId: 'pi_123',
  },
  { id: 'ORD-2', planId: 102, planName: null, totalAmount: 14.21, currency: 'GBP', status: 'pending', createdAt: null },
  { id: 'ORD-3', planId: null, totalMinor: 999, currency: 'EUR', status: 'refunded', createdAt: '2025-01-15T00:00:00Z' },
  {
    id: 'ORD-4',
    planId: 101,
    planName: 'Japan 1GB - 7 Days',
    totalMinor: 450,
    currency: 'USD',
    status: 'expired',
    createdAt: '2025-01-16T00:00:00Z',
  },
];

function rowOf(id: string) {
  return screen.getByRole('cell', { name: id }).closest('tr')!;
}

const EUROPE_FACTS = {
  regionCode: 'EU',
  regionKind: 'bundle',
  regionName: 'Europe',
  coverage: 35,
  dataMb: 10240,
  validityDays: 30,
} as const;
const COMPOSED: AccountOrder = { ...ORDERS[0]!, id: 'ORD-9', planName: 'Europe 10GB - 30 Days', planFacts: EUROPE_FACTS };

describe('OrderTable: plan names composed from the facts', () => {
  afterEach(() => {
    i18n.removeResourceBundle('ar', 'plans');
  });

  it('names the plan in English from its facts, isolated, rather than the stored name', async () => {
    await renderWithProviders(<OrderTable orders={[COMPOSED]} />);
    const cell = within(rowOf('ORD-9')).getByText('Europe 10 GB – 30 days');
    expect(cell.tagName).toBe('BDI');
    expect(screen.queryByText('Europe 10GB - 30 Days')).toBeNull();
  });

  it('names the plan in Arabic, with the destination from CLDR', async () => {
    i18n.addResourceBundle('ar', 'plans', arPlans, true, true);
    await i18n.changeLanguage('ar');
    localStorage.setItem('preferredLanguage', 'ar');
    await renderWithProviders(<OrderTable orders={[{ ...COMPOSED, planFacts: { ...EUROPE_FACTS, validityDays: 11 } }]} />);
    expect(within(rowOf('ORD-9')).getByText('أوروبا 10 غ.ب – 11 يومًا')).toBeTruthy();
  });
});

describe('OrderTable', () => {
  it('shows the columns, fallbacks, amounts and status colours', async () => {
    await renderWithProviders(<OrderTable orders={ORDERS} />);
    const table = screen.getByRole('table', { name: 'Your orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order ID', 'Plan', 'Amount', 'Status', 'Date', 'Actions']);

    const first = within(rowOf('ORD-1'));
    expect(first.getByText('Japan 1GB - 7 Days')).toBeTruthy();
    expect(first.getByText('$4.50')).toBeTruthy();
    expect(first.getByText('Jun 3, 2025')).toBeTruthy();
    expect(first.getByText('Completed').closest('[data-status-color]')!.getAttribute('data-status-color')).toBe('green');

    const second = within(rowOf('ORD-2'));
    expect(second.getByText('Plan #102')).toBeTruthy();
    expect(second.getByText('£14.21')).toBeTruthy();
    expect(second.getByText('Unknown date')).toBeTruthy();
    expect(second.getByText('Pending').closest('[data-status-color]')!.getAttribute('data-status-color')).toBe('yellow');

    const third = within(rowOf('ORD-3'));
    expect(third.getByText('Unknown plan')).toBeTruthy();
    expect(third.getByText('€9.99')).toBeTruthy();
    expect(third.getByText('Refunded').closest('[data-status-color]')!.getAttribute('data-status-color')).toBe('red');

    expect(within(rowOf('ORD-4')).getByText('Expired').closest('[data-status-color]')!.getAttribute('data-status-color')).toBe('red');
  });

  it('offers the QR code only when the order has one; both actions are labelled', async () => {
    await renderWithProviders(<OrderTable orders={ORDERS} />);
    expect(within(rowOf('ORD-1')).getByRole('button', { name: 'View QR code for order ORD-1' })).toBeTruthy();
    expect(within(rowOf('ORD-2')).queryByRole('button', { name: /View QR code/ })).toBeNull();
    for (const id of ['ORD-1', 'ORD-2', 'ORD-3']) {
      expect(within(rowOf(id)).getByRole('button', { name: `View details of order ${id}` })).toBeTruthy();
    }
  });

  it('opens the details and the QR code in dialogs', async () => {
    await renderWithProviders(<OrderTable orders={ORDERS} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'View details of order ORD-1' }));
    const details = await screen.findByRole('dialog', { name: 'Order ORD-1' });
    expect(within(details).getByText('pi_123')).toBeTruthy();
    expect(within(details).getByText('$4.50')).toBeTruthy();
    await user.click(within(details).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'View QR code for order ORD-1' }));
    const qr = await screen.findByRole('dialog', { name: 'eSIM QR code for order ORD-1' });
    expect(within(qr).getByRole('img', { name: 'QR code to install the eSIM of order ORD-1' }).getAttribute('src')).toBe(
      '/api/esims/ESIM-1/qr.png?token=t',
    );
  });

  it('hands the actions to the caller when asked', async () => {
    const seen: string[] = [];
    await renderWithProviders(
      <OrderTable orders={ORDERS} onViewDetails={(o) => seen.push(`details ${o.id}`)} onViewQr={(o) => seen.push(`qr ${o.id}`)} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'View details of order ORD-3' }));
    await user.click(screen.getByRole('button', { name: 'View QR code for order ORD-1' }));
    expect(seen).toEqual(['details ORD-3', 'qr ORD-1']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'You have no orders yet' without orders", async () => {
    await renderWithProviders(<OrderTable orders={[]} />);
    expect(screen.getByText('You have no orders yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Browse plans' }).getAttribute('href')).toBe('/plans');
  });
});
