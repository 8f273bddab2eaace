// 'Refer a friend' (issue 29): the link and code from referrals.mine, the friends' progress without
// who they are, the points earned; a failure is named with 'Try again'.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server, trpcMsw } from '../../test/msw.ts';
import { REFERRALS } from '../rewards/test-fixtures.ts';
import ReferAFriend from './refer-a-friend.tsx';
import { renderWithProviders } from '../../test/render.tsx';

describe('Refer a friend', () => {
  it('shows the link, the code, the friends’ progress and the points earned', async () => {
    server.use(trpcMsw.referrals.mine.mutation(() => REFERRALS));
    await renderWithProviders(<ReferAFriend />);
    expect(await screen.findByDisplayValue('http://localhost:3000/?ref=ABCD2345')).toBeTruthy();
    expect(screen.getByTestId('referral-code').textContent).toBe('ABCD2345');
    expect(screen.getByTestId('referral-bought').textContent).toContain('1');
    expect(screen.getByTestId('referral-earned').textContent).toContain('500');
    expect(screen.getByText(/Friend 2 — Bought, waiting for the refund window/)).toBeTruthy();
    expect(screen.getByText(/Friend 1 — Rewarded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('a failure is named, with Try again', async () => {
    server.use(
      trpcMsw.referrals.mine.mutation(() => {
        throw new Error('down');
      }),
    );
    await renderWithProviders(<ReferAFriend />);
    expect(await screen.findByText('Your referral link could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
