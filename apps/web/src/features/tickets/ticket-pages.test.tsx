// A guest's ticket through the signed link (issue 30): the thread (theirs and the support team's),
// an empty reply refused before any request, a reply sent with the link's token and shown; a link
// the server does not know (404) and one past its date (403 TICKET_LINK_EXPIRED) say which.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { trpcError } from '../auth/test-utils.ts';
import { GuestTicketSection } from './ticket-pages.tsx';

const THREAD = {
  number: 'T-000042',
  subject: 'No data in Lisbon',
  status: 'waiting' as const,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T11:00:00.000Z',
  lastAuthor: 'agent' as const,
  iccid: null,
  messages: [
    { id: 1, author: 'customer' as const, body: 'No internet.', createdAt: '2026-03-01T10:00:00.000Z' },
    { id: 2, author: 'agent' as const, body: 'Turn on data roaming.', createdAt: '2026-03-01T11:00:00.000Z' },
  ],
};

describe('GuestTicketSection', () => {
  it('shows the thread, refuses an empty reply, sends one with the token and shows it', async () => {
    const sent: unknown[] = [];
    server.use(
      trpcMsw.tickets.byLink.query(() => THREAD),
      trpcMsw.tickets.replyByLink.mutation(({ input }) => {
        sent.push(input);
        return {
          ...THREAD,
          status: 'open' as const,
          lastAuthor: 'customer' as const,
          messages: [...THREAD.messages, { id: 3, author: 'customer' as const, body: input.body, createdAt: '2026-03-01T12:00:00.000Z' }],
        };
      }),
    );
    await renderWithProviders(<GuestTicketSection token="42.1900000000.sig" />);
    expect(await screen.findByRole('heading', { name: 'No data in Lisbon' })).toBeTruthy();
    expect(screen.getByText('Turn on data roaming.')).toBeTruthy();
    expect(screen.getAllByText('Waiting for you').length).toBeGreaterThan(0);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Please write a message.')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /Your reply/ }), 'It works now.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('It works now.')).toBeTruthy();
    expect(sent).toEqual([{ token: '42.1900000000.sig', body: 'It works now.' }]);
    expect(screen.getAllByText('Open').length).toBeGreaterThan(0);
  });

  it.each([
    [trpcError('NOT_FOUND', 'This link is not valid.'), 'This link is not valid. Open the newest e-mail about your request.'],
    [
      trpcError('FORBIDDEN', 'expired', { appError: { code: 'TICKET_LINK_EXPIRED', details: null } }),
      'This link has expired. Open the newest e-mail about your request, or write to us again from the support page.',
    ],
  ])('a refused link says why (%s)', async (error, text) => {
    server.use(
      trpcMsw.tickets.byLink.query(() => {
        throw error;
      }),
    );
    await renderWithProviders(<GuestTicketSection token="1.1900000000.bad" />);
    expect(await screen.findByText(text)).toBeTruthy();
  });
});
