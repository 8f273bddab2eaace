// The admin order page's 'Payment risk and disputes' panel (issue 31): the dispute as recorded and
// the evidence text, ready to copy; nothing at all for an order without any.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import enDisputes from '@esim/i18n/locales/en/disputes.json';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OrderRiskPanel } from './order-risk-panel.tsx';

beforeEach(() => {
  i18n.addResourceBundle('en', 'disputes', enDisputes, true, true);
});

describe('OrderRiskPanel', () => {
  it('nothing for an order without a review, warning or dispute', async () => {
    await renderWithProviders(<OrderRiskPanel risk={undefined} />);
    expect(screen.queryByTestId('order-risk')).toBeNull();
  });

  it('shows the dispute and the evidence to copy', async () => {
    await renderWithProviders(
      <OrderRiskPanel
        risk={{
          hold: null,
          items: [
            {
              kind: 'dispute',
              ref: 'du_000123',
              status: 'needs_response',
              reason: 'fraudulent',
              amountMinor: 1999,
              currency: 'USD',
              outcome: 'open',
              esimAction: 'suspended',
              pointsFrozen: 99,
              pointsShort: 0,
              createdAt: '2026-03-01T12:00:00.000Z',
              closedAt: null,
            },
          ],
          evidence: 'ORDER ORD-1\nDELIVERY E-MAILS\n2026-03-01T12:00:05.000Z  esim_delivery to a@b.example',
        }}
      />,
    );
    const panel = await screen.findByTestId('order-risk');
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe(enDisputes.admin.heading);
    const row = within(panel).getByRole('rowheader', { name: enDisputes.admin.kind.dispute }).closest('tr')!;
    expect(row.textContent).toContain('du_000123');
    expect(row.textContent).toContain('fraudulent');
    expect(row.textContent).toContain('suspended');
    expect((within(panel).getByLabelText(enDisputes.admin.evidence) as HTMLTextAreaElement).value).toContain(
      'esim_delivery to a@b.example',
    );
    expect(within(panel).getByRole('button', { name: enDisputes.admin.copy })).toBeTruthy();
  });
});
