// tRPC procedures mocked through msw (msw-trpc). The test client uses a non-batching link, since
// msw-trpc matches one procedure per request.
import { TRPCError } from '@trpc/server';
import { createTRPCMsw, httpLink } from 'msw-trpc';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import superjson from 'superjson';
import type { AppRouter } from '@esim/api';
import { RATES } from './fixtures.ts';

export const TEST_TRPC_URL = 'http://localhost:3000/api/trpc';

export const trpcMsw = createTRPCMsw<AppRouter>({
  links: [httpLink({ url: TEST_TRPC_URL })],
  transformer: { input: superjson, output: superjson },
});

/**
 * Always there: the currency provider asks for rates on every render tree, and the header asks
 * for the session (a guest by default; override with `trpcMsw.auth.me.query(() => user)`).
 */
export const defaultHandlers = [
  trpcMsw.catalog.exchangeRates.query(() => RATES),
  trpcMsw.auth.me.query(() => null),
  // The account dashboard lists subscriptions (none by default).
  trpcMsw.subscriptions.list.query(() => []),
  // The dashboard's 'Active eSIMs' tile (none by default).
  trpcMsw.esims.counts.query(() => ({ active: 0, total: 0 })),
  trpcMsw.tickets.openCount.query(() => ({ open: 0 })),
  // The support page's live-chat badge (issue 30): an agent online by default.
  trpcMsw.chat.availability.query(() => ({ kind: 'available' as const })),
  // The order-success page settles its payment once when it opens; by default the server has
  // nothing to settle for the test (an error the page ignores: its polled order says what is).
  // The eSIM pages ask for a refresh from the provider when they open (nothing changed by default).
  trpcMsw.esims.refresh.mutation(() => ({ refreshed: 0 })),
  // The back office's door (issue 27): by default the session has given its second factor, so an
  // admin's pages answer; tests of the enrolment or the code prompt override it.
  trpcMsw.factors.status.query(() => ({
    totp: true,
    passkeys: [],
    recoveryCodesLeft: 10,
    secondFactorGivenAt: '2026-11-28T00:00:00.000Z',
    required: false,
    enrolmentRequired: false,
  })),
  // The Profile Settings page lists the account's sessions (issue 27): none by default.
  trpcMsw.sessions.list.query(() => []),
  trpcMsw.orders.settle.mutation(() => {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Nothing to settle in this test.' });
  }),
  // The offline banner asks whether the shop can be reached (features/offline/use-online.ts).
  http.get('*/api/health', () => HttpResponse.json({ status: 'ok', time: '2026-11-28T00:00:00.000Z' })),
];

export const server = setupServer(...defaultHandlers);
