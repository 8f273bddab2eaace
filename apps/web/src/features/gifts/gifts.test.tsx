// Gift an eSIM (issue 29) in the shop: 'Give as a gift' on an uninstalled eSIM's page (the dialog
// checks the address first, then sends what was typed); the buyer's page of an eSIM they gave
// shows the gift, not a 404; the claim link on the guest page claims once and opens the
// recipient's own eSIM link, or says why it cannot.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { makeUser, trpcError } from '../auth/test-utils.ts';
import { ICCID, detail } from '../esim/test-fixtures.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

type Given = RouterOutputs['gifts']['given'][number];

const GIVEN: Given = {
  id: 'GIFT-1',
  iccid: ICCID,
  orderId: 'ORD-A',
  planName: 'Japan 1GB - 7 Days',
  planFacts: null,
  recipientEmail: 'friend@example.com',
  message: 'Enjoy',
  status: 'sent',
  deliverAt: '2026-06-03T10:00:00.000Z',
  sentAt: '2026-06-03T10:00:00.000Z',
  claimedAt: null,
  refundable: false,
  refund: { eligible: false, reason: 'window_passed' },
};

const ready = () =>
  detail({ status: 'ready', profileState: 'released', planState: 'not_active', activatedAt: null, expiresAt: null, giftable: true });

describe('giving an eSIM', () => {
  it('the dialog asks for an address first, then gives with what was typed; the page then shows the gift', async () => {
    const gives: unknown[] = [];
    let given = false;
    server.use(
      trpcMsw.auth.me.query(() => makeUser()),
      trpcMsw.catalog.regions.query(() => REGIONS),
      trpcMsw.esims.get.query(() => {
        if (given) throw trpcError('NOT_FOUND', 'There is no eSIM with this number in your account.');
        return ready();
      }),
      trpcMsw.esims.topUpOptions.query(() => []),
      trpcMsw.gifts.given.query(() => (given ? [GIVEN] : [])),
      trpcMsw.gifts.give.mutation(({ input }) => {
        gives.push(input);
        given = true;
        return GIVEN;
      }),
    );
    const user = userEvent.setup();
    await renderApp(`/account/esim/${ICCID}`);
    await user.click(await screen.findByTestId('esim-gift-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Give this eSIM as a gift' });
    await user.click(within(dialog).getByTestId('gift-submit'));
    expect(await within(dialog).findByText('Enter an e-mail address like name@example.com.')).toBeTruthy();
    expect(gives).toEqual([]);
    await user.type(within(dialog).getByTestId('gift-recipient'), ' Friend@Example.com ');
    await user.type(within(dialog).getByTestId('gift-message'), 'Enjoy');
    await user.selectOptions(within(dialog).getByTestId('gift-language'), 'ar');
    await user.click(within(dialog).getByTestId('gift-submit'));
    await waitFor(() =>
      expect(gives).toEqual([{ iccid: ICCID, recipientEmail: 'friend@example.com', message: 'Enjoy', deliverOn: null, locale: 'ar' }]),
    );
    const card = await screen.findByTestId('given-gift');
    expect(within(card).getByTestId('given-gift-status').textContent).toBe('Gift sent');
    expect(screen.queryByTestId('esim-install-section')).toBeNull();
  });

  it('no gift button on an eSIM that cannot be given', async () => {
    server.use(
      trpcMsw.auth.me.query(() => makeUser()),
      trpcMsw.catalog.regions.query(() => REGIONS),
      trpcMsw.esims.get.query(() => ({ ...ready(), giftable: false })),
      trpcMsw.esims.topUpOptions.query(() => []),
    );
    await renderApp(`/account/esim/${ICCID}`);
    await screen.findByTestId('esim-install-section');
    expect(screen.queryByTestId('esim-gift-open')).toBeNull();
  });
});

describe('claiming a gift: /esim-link?gift=…', () => {
  function mockClaim(claim: () => RouterOutputs['gifts']['claim']) {
    const claims: unknown[] = [];
    server.use(
      trpcMsw.auth.me.query(() => null),
      trpcMsw.catalog.regions.query(() => REGIONS),
      trpcMsw.gifts.preview.query(() => ({
        status: 'sent' as const,
        planName: 'Japan 1GB - 7 Days',
        planFacts: null,
        message: 'Have fun',
      })),
      trpcMsw.gifts.claim.mutation(({ input }) => {
        claims.push(input);
        return claim();
      }),
      trpcMsw.esimLinks.get.query(() => ready()),
      trpcMsw.esimLinks.topUps.query(() => []),
    );
    return claims;
  }

  it('a guest claims it and lands on the eSIM page of their own link', async () => {
    const claims = mockClaim(() => ({ giftId: 'GIFT-1', iccid: ICCID, intoAccount: false, linkToken: 'own_link' }));
    const user = userEvent.setup();
    await renderApp('/esim-link?gift=gift_tok');
    const page = await screen.findByTestId('gift-claim');
    expect(within(page).getByText('Have fun')).toBeTruthy();
    await user.click(within(page).getByTestId('gift-claim-button'));
    expect(await screen.findByTestId('esim-install-section')).toBeTruthy();
    expect(claims).toEqual([{ token: 'gift_tok' }]);
  });

  it('a link already claimed says so', async () => {
    mockClaim(() => {
      throw trpcError('CONFLICT', 'This gift has already been claimed.', {
        appError: { code: 'CONFLICT', details: { reason: 'already_claimed' } },
      });
    });
    const user = userEvent.setup();
    await renderApp('/esim-link?gift=gift_tok');
    await user.click(await screen.findByTestId('gift-claim-button'));
    expect((await screen.findByTestId('gift-claim-error')).textContent).toBe(
      'This gift has already been claimed. Its link works only once.',
    );
  });
});
