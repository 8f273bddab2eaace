// /esim-link?token=…: the 'Manage your eSIM' link of the order e-mails, no account needed.
// A valid link opens with how to install an eSIM not installed yet; a revoked or unknown one
// (404) says the link no longer works; the refund asks for an e-mailed code first, then refunds
// with the code typed; 'Send me a new link' ends this one.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS, REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { trpcError } from '../auth/test-utils.ts';
import { ICCID, detail, type EsimDetailRow } from './test-fixtures.ts';

const TOKEN = 'tok_abc123';

const notInstalled = (over: Partial<EsimDetailRow> = {}) =>
  detail({ status: 'ready', profileState: 'released', planState: 'not_active', activatedAt: null, expiresAt: null, ...over });

function mock(esim: EsimDetailRow | (() => EsimDetailRow), topUps = [PLANS[0]!]) {
  const calls = {
    get: [] as unknown[],
    refundCode: [] as unknown[],
    refund: [] as unknown[],
    revoke: [] as unknown[],
    topUps: [] as unknown[],
  };
  server.use(
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.esimLinks.get.query(({ input }) => {
      calls.get.push(input);
      if (input.token !== TOKEN)
        throw trpcError('NOT_FOUND', 'This link no longer works.', { appError: { code: 'NOT_FOUND', details: null } });
      return typeof esim === 'function' ? esim() : esim;
    }),
    trpcMsw.esimLinks.topUps.query(({ input }) => {
      calls.topUps.push(input);
      return topUps;
    }),
    trpcMsw.esimLinks.refundCode.mutation(({ input }) => {
      calls.refundCode.push(input);
      return { ok: true as const, minutes: 15 };
    }),
    trpcMsw.esimLinks.revoke.mutation(({ input }) => {
      calls.revoke.push(input);
      return { ok: true as const };
    }),
  );
  return calls;
}

describe('/esim-link, the buyer of an eSIM given as a gift (issue 29)', () => {
  const gift = (over: Record<string, unknown> = {}) => ({
    id: 'GFT-1',
    iccid: ICCID,
    orderId: 'ORD-GIFT1',
    planName: 'Japan 1GB 7 Days',
    recipientEmail: 'friend@elsewhere.example',
    message: '',
    status: 'sent' as const,
    deliverAt: null,
    sentAt: '2026-11-28T10:00:00.000Z',
    claimedAt: null,
    refundable: true,
    refund: { eligible: true, reason: null, deadline: null },
    planFacts: null,
    ...over,
  });
  function mockGift(g: ReturnType<typeof gift>) {
    const calls = { refundCode: [] as unknown[] };
    server.use(
      trpcMsw.catalog.regions.query(() => REGIONS),
      trpcMsw.esimLinks.get.query(() => {
        throw trpcError('FORBIDDEN', 'This eSIM was given as a gift.', {
          appError: { code: 'FORBIDDEN', details: { reason: 'gift_given' } },
        });
      }),
      trpcMsw.esimLinks.gift.query(() => g as never),
      trpcMsw.esimLinks.refundCode.mutation(({ input }) => {
        calls.refundCode.push(input);
        return { ok: true as const, minutes: 15 };
      }),
    );
    return calls;
  }

  it('shows the gift (to whom, sent), no install details, and the refund by e-mailed code while unclaimed', async () => {
    const calls = mockGift(gift());
    await renderApp(`/esim-link?token=${TOKEN}`);
    const card = await screen.findByTestId('given-gift');
    expect(within(card).getByTestId('given-gift-status').textContent).toBe('Gift sent');
    expect(card.textContent).toContain('friend@elsewhere.example');
    expect(screen.queryByTestId('esim-qr')).toBeNull();
    expect(screen.queryByTestId('esim-link-gone')).toBeNull();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Ask for a refund' }));
    await waitFor(() => expect(calls.refundCode).toEqual([{ token: TOKEN }]));
  });

  it('a claimed gift: no refund offered', async () => {
    mockGift(gift({ status: 'claimed', claimedAt: '2026-11-29T10:00:00.000Z', refundable: false }));
    await renderApp(`/esim-link?token=${TOKEN}`);
    const card = await screen.findByTestId('given-gift');
    expect(within(card).getByTestId('given-gift-status').textContent).toBe('Gift claimed');
    expect(within(card).queryByRole('button')).toBeNull();
  });
});

describe('/esim-link', () => {
  it('a valid link shows how to install an eSIM not installed yet, first, then its usage, then its top-ups through the link', async () => {
    const calls = mock(notInstalled());
    await renderApp(`/esim-link?token=${TOKEN}`);
    const page = await screen.findByTestId('esim-link');
    const section = within(page).getByTestId('esim-install-section');
    expect(within(section).getByTestId('esim-qr')).toBeTruthy();
    expect(within(section).getByTestId('esim-code').textContent).toBe('LPA:1$smdp.sim.example$AAAAA-11111');
    expect(within(section).getByTestId('esim-apn').textContent).toBe('globaldata');
    const summary = within(page).getByRole('heading', { level: 2, name: 'Japan' });
    expect(Boolean(section.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING)).toBe(true);
    expect(within(page).getByTestId('usage-text').textContent).toBe('412 MB of 1 GB used (40%)');
    // Top-ups through the link: each to the checkout in top-up mode, the link's token in the fragment.
    const topUps = await within(page).findByTestId('topup-options');
    expect(Boolean(summary.compareDocumentPosition(topUps) & Node.DOCUMENT_POSITION_FOLLOWING)).toBe(true);
    const buy = within(topUps).getByRole('link', { name: /^Top up/ });
    expect(buy.getAttribute('href')).toBe(`/checkout/${PLANS[0]!.id}?topUp=${ICCID}#link=${TOKEN}`);
    expect(calls.topUps).toEqual([{ token: TOKEN }]);
    // No refund offered while the view says it is not possible.
    expect(within(page).queryByRole('button', { name: 'Ask for a refund' })).toBeNull();
    expect(calls.get).toEqual([{ token: TOKEN }]);
  });

  it('an eSIM that can take no more data offers no top-ups (and does not ask for them)', async () => {
    const calls = mock(notInstalled({ canTopUp: false }));
    await renderApp(`/esim-link?token=${TOKEN}`);
    const page = await screen.findByTestId('esim-link');
    expect(within(page).queryByTestId('topup')).toBeNull();
    expect(calls.topUps).toEqual([]);
  });

  it('a revoked or unknown link says it no longer works', async () => {
    mock(notInstalled());
    await renderApp('/esim-link?token=revoked');
    const gone = await screen.findByTestId('esim-link-gone');
    expect(within(gone).getByText('This link no longer works')).toBeTruthy();
    expect(within(gone).getByText('Use Find my order or open the link in the newest e-mail we sent you.')).toBeTruthy();
    expect(screen.queryByTestId('esim-install-section')).toBeNull();
    // The 'Find my order' it names is right below.
    const find = await screen.findByTestId('find-order', {}, { timeout: 5000 });
    expect(within(find).getByRole('heading', { name: 'Find my order' })).toBeTruthy();
  });

  it('a link without a token says it no longer works, without asking the API', async () => {
    const calls = mock(notInstalled());
    await renderApp('/esim-link');
    expect(await screen.findByTestId('esim-link-gone')).toBeTruthy();
    expect(calls.get).toEqual([]);
  });

  it('the refund e-mails a code first, then refunds with the code typed; a wrong code is said at the field', async () => {
    let refunded = false;
    const calls = mock(() =>
      refunded
        ? notInstalled({ status: 'refunded', refund: { eligible: false, reason: 'already_refunded' } })
        : notInstalled({ refund: { eligible: true, until: '2026-06-15T10:00:00.000Z' } }),
    );
    server.use(
      trpcMsw.esimLinks.refund.mutation(({ input }) => {
        calls.refund.push(input);
        if (input.code !== '123456')
          throw trpcError('BAD_REQUEST', 'That code is not valid or has expired. Ask for a new code.', {
            appError: { code: 'BAD_INPUT', details: { field: 'code', reason: 'invalid_code' } },
          });
        refunded = true;
        return {
          orderId: 'ORD-A',
          orderStatus: 'refunded',
          amountRefundedMinor: 450,
          currency: 'USD',
          pointsReturned: 0,
          cashDeductedMinor: 0,
          pointsSettledInCash: 0,
        };
      }),
    );
    await renderApp(`/esim-link?token=${TOKEN}`);
    const u = userEvent.setup({ delay: null });
    const section = await screen.findByRole('region', { name: 'Refund' });
    await u.click(within(section).getByRole('button', { name: 'Ask for a refund' }));
    const field = await within(section).findByLabelText('Code from the e-mail');
    expect(calls.refundCode).toEqual([{ token: TOKEN }]);
    expect(calls.refund).toEqual([]);

    // Not 6 digits: said at the field, nothing sent.
    await u.type(field, '12a');
    await u.click(within(section).getByRole('button', { name: 'Confirm the refund' }));
    expect(await within(section).findByText('Please enter the 6-digit code from the e-mail')).toBeTruthy();
    expect(calls.refund).toEqual([]);

    // A wrong code: the API's refusal, translated, at the field.
    await u.clear(field);
    await u.type(field, '654321');
    await u.click(within(section).getByRole('button', { name: 'Confirm the refund' }));
    expect(await within(section).findByText('That code is not valid or has expired. Ask for a new code.')).toBeTruthy();

    await u.clear(field);
    await u.type(field, '123456');
    await u.click(within(section).getByRole('button', { name: 'Confirm the refund' }));
    await waitFor(() => expect(screen.getByTestId('esim-link-refunded')).toBeTruthy());
    expect(screen.getByTestId('esim-link-refunded').textContent).toMatch(/\$4\.50.* goes back to your card/);
    expect(calls.refund).toEqual([
      { token: TOKEN, code: '654321' },
      { token: TOKEN, code: '123456' },
    ]);
    expect(calls.refundCode).toHaveLength(1);
  });

  it("'Send me a new link' ends this link and says a new one was e-mailed", async () => {
    const calls = mock(notInstalled());
    await renderApp(`/esim-link?token=${TOKEN}`);
    const u = userEvent.setup({ delay: null });
    await screen.findByTestId('esim-link');
    await u.click(screen.getByRole('button', { name: 'Send me a new link' }));
    const done = await screen.findByTestId('esim-link-renewed');
    expect(done.textContent).toBe("We e-mailed a new link to the order's address. This link no longer works.");
    expect(calls.revoke).toEqual([{ token: TOKEN }]);
    expect(screen.queryByTestId('esim-link')).toBeNull();
  });
});
