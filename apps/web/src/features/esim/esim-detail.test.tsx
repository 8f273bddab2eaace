// /account/esim/{iccid}: the figures (usage bar, days left), the chart's text alternative, the
// packages, the refund (possible: asks, sends once, says what came back; not possible: why, and
// support), a queued top-up's own refund, the top-up options in the chosen currency, and 'not
// found' for an eSIM that is not the traveller's.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import arEsim from '@esim/i18n/locales/ar/esim.json';
import arRewards from '@esim/i18n/locales/ar/rewards.json';
import { i18n } from '../../lib/i18n.ts';
import { PLANS, REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { makeUser, trpcError } from '../auth/test-utils.ts';
import { ICCID, detail, pkg, type EsimDetailRow } from './test-fixtures.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

function mock(esim: EsimDetailRow | (() => EsimDetailRow) = detail(), topUps = [PLANS[0]!, PLANS[1]!]) {
  const calls = { get: [] as unknown[], refund: [] as unknown[], topUps: 0 };
  server.use(
    trpcMsw.auth.me.query(() => makeUser()),
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.esims.get.query(({ input }) => {
      calls.get.push(input);
      return typeof esim === 'function' ? esim() : esim;
    }),
    trpcMsw.esims.topUpOptions.query(() => {
      calls.topUps++;
      return topUps;
    }),
    trpcMsw.orders.refundQuote.query(({ input }) => quote(input.orderId)),
  );
  return calls;
}

/** What orders.refundQuote answers: 4.50 back, nothing kept, unless a test says otherwise. */
function quote(orderId: string, over: Partial<RouterOutputs['orders']['refundQuote']> = {}): RouterOutputs['orders']['refundQuote'] {
  return {
    orderId,
    currency: 'USD',
    paidMinor: 450,
    refundedMinor: 0,
    grossMinor: 450,
    full: true,
    refundMinor: 450,
    cashDeductedMinor: 0,
    pointsInCash: 0,
    pointsTaken: 0,
    pointsReturned: 0,
    achievementsEnded: [],
    blocked: false,
    topUps: [],
    ...over,
  };
}

const path = `/account/esim/${ICCID}`;

describe('/account/esim/{iccid}', () => {
  it('shows the usage bar, days left, dates and packages in full', async () => {
    mock(
      detail({
        packages: [pkg(), pkg({ orderId: 'ORD-B', kind: 'topup', usedMb: 0, state: 'queued', startedAt: null, expiresAt: null })],
      }),
    );
    await renderApp(path);
    const page = await screen.findByTestId('esim-detail');
    expect(within(page).getByRole('heading', { level: 2, name: 'Japan' })).toBeTruthy();
    expect(within(page).getAllByText('Active')[0]).toBeTruthy();
    expect(within(page).getByTestId('usage-text').textContent).toBe('412 MB of 1 GB used (40%)');
    expect(within(page).getByTestId('usage-left').textContent).toBe('612 MB left');
    expect(within(page).getByRole('progressbar', { name: '412 MB of 1 GB used (40%)' }).getAttribute('aria-valuenow')).toBe('40');
    expect(within(page).getByTestId('days-left').textContent).toBe('5 days left');
    expect(within(page).getByTestId('esim-iccid').textContent).toBe(ICCID);
    expect(within(page).getByRole('link', { name: 'ORD-A' }).getAttribute('href')).toBe('/account/orders/ORD-A/receipt');

    const packages = within(screen.getByTestId('packages'));
    const items = packages.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('In use')).toBeTruthy();
    expect(within(items[0]!).getByText('412 MB of 1 GB used (40%)')).toBeTruthy();
    expect(within(items[1]!).getByText(/Top-up/)).toBeTruthy();
    expect(within(items[1]!).getByText('Waiting its turn')).toBeTruthy();

    // Installed: usage leads, the install section comes last with the spent QR code folded away
    // behind 'Show installation details again' and the single-use warning.
    const section = screen.getByTestId('esim-install-section');
    const install = within(section);
    expect(install.getByRole('heading', { level: 2, name: 'Install your eSIM' })).toBeTruthy();
    expect(install.getByText(/already installed/).textContent).toContain('Each QR code works only once');
    expect(install.queryByTestId('esim-code')).toBeNull();
    expect(install.queryByTestId('esim-qr')).toBeNull();
    const sections = [...page.querySelectorAll('section, [data-testid="packages"]')];
    expect(sections.indexOf(section)).toBe(sections.length - 1);
    const toggle = install.getByRole('button', { name: 'Show installation details again' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(toggle);
    expect(install.getByRole('button', { name: 'Hide installation details' }).getAttribute('aria-expanded')).toBe('true');
    expect(install.getByTestId('esim-code').textContent).toBe('LPA:1$smdp.sim.example$AAAAA-11111');
    expect(install.getByTestId('esim-smdp').textContent).toBe('smdp.sim.example');
    expect(install.getByTestId('esim-apn').textContent).toBe('globaldata');
    expect(install.getByRole('button', { name: 'Copy – SM-DP+ address' })).toBeTruthy();
  });

  it('an eSIM not installed yet opens with how to install it; refund and top-ups come after', async () => {
    mock(
      detail({
        status: 'ready',
        profileState: 'released',
        planState: 'not_active',
        activatedAt: null,
        expiresAt: null,
        refund: { eligible: false, reason: 'activated' },
      }),
    );
    await renderApp(path);
    const page = await screen.findByTestId('esim-detail');
    const section = screen.getByTestId('esim-install-section');
    const install = within(section);
    // Shown at once: QR, the code, SM-DP+ address and APN; no fold, no 'already installed'.
    expect(install.getByTestId('esim-qr')).toBeTruthy();
    expect(install.getByTestId('esim-code').textContent).toBe('LPA:1$smdp.sim.example$AAAAA-11111');
    expect(install.getByTestId('esim-smdp').textContent).toBe('smdp.sim.example');
    expect(install.getByTestId('esim-apn').textContent).toBe('globaldata');
    expect(install.queryByRole('button', { name: 'Show installation details again' })).toBeNull();
    expect(install.queryByText(/already installed/)).toBeNull();
    // In the document's order: install first, then the summary, the refund, the top-ups.
    const follows = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    const summary = within(page).getByRole('heading', { level: 2, name: 'Japan' });
    const refund = within(page).getByRole('heading', { level: 2, name: 'Refund' });
    expect(follows(section, summary)).toBe(true);
    expect(follows(section, refund)).toBe(true);
    expect(follows(section, within(page).getByTestId('topup'))).toBe(true);
  });

  it('the chart of data per day has a text alternative: a summary and the figures as a table', async () => {
    mock();
    await renderApp(path);
    const chart = within(await screen.findByTestId('usage-chart'));
    const sentence = '412 MB used over the last 4 days; the most on Jun 5 (250 MB).';
    expect(chart.getByTestId('usage-chart-summary').textContent).toBe(sentence);
    expect(chart.getByRole('img', { name: sentence })).toBeTruthy();
    const toggle = chart.getByRole('button', { name: 'Show the figures' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup({ delay: null }).click(toggle);
    const table = chart.getByRole('table', { name: 'Data used per day' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Jun 6', '62 MB'],
      ['Jun 5', '250 MB'],
      ['Jun 4', '0 MB'],
      ['Jun 3', '100 MB'],
    ]);
  });

  it('a chart without use says so', async () => {
    mock(detail({ dailyUsage: [] }));
    await renderApp(path);
    expect((await screen.findByTestId('usage-chart-summary')).textContent).toBe('No data used yet.');
    expect(screen.queryByTestId('usage-bars')).toBeNull();
  });

  it("'Refund' while possible: asks, sends one refund however often it is clicked, and says what came back", async () => {
    let refunded = false;
    const calls = mock(() =>
      refunded
        ? detail({ status: 'refunded', refund: { eligible: false, reason: 'already_refunded' } })
        : detail({
            status: 'ready',
            profileState: 'released',
            planState: 'not_active',
            usage: { usedMb: 0, totalMb: 1024, remainingMb: 1024, percent: 0 },
            daysLeft: null,
            activatedAt: null,
            expiresAt: null,
            refund: { eligible: true, until: '2026-06-15T10:00:00.000Z' },
          }),
    );
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    server.use(
      trpcMsw.orders.refund.mutation(async ({ input }) => {
        calls.refund.push(input);
        await held;
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
    await renderApp(path);
    const u = userEvent.setup({ delay: null });
    const section = await screen.findByRole('region', { name: 'Refund' });
    expect(within(section).getByText('Possible until June 15, 2026, while the eSIM is neither installed nor activated.')).toBeTruthy();
    await u.click(within(section).getByRole('button', { name: 'Refund – Japan 1 GB – 7 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this eSIM?' });
    expect(within(dialog).getByText(/will be canceled and can no longer be installed/).textContent).toContain('Japan 1 GB – 7 days');
    // What comes back, before the refund is made.
    await waitFor(() => expect(within(dialog).getByTestId('refund-quote').textContent).toBe('We will refund $4.50.'));
    const yes = within(dialog).getByRole('button', { name: 'Yes, refund' });
    await u.click(yes);
    // While the refund runs, the button is disabled: a second click sends nothing.
    await waitFor(() => expect((yes as HTMLButtonElement).disabled).toBe(true));
    await u.click(yes).catch(() => undefined);
    release();
    const done = await screen.findByRole('status', { name: /Refunded/ });
    expect(done.textContent).toContain('$4.50 goes back to your card.');
    expect(done.textContent).toContain('The eSIM is canceled.');
    expect(calls.refund).toEqual([{ orderId: 'ORD-A', expectedCashDeductedMinor: 0 }]);
  });

  it('points this order earned that were already used: the question says what is kept for them, and the refund sends that figure', async () => {
    const calls = mock(
      detail({
        status: 'ready',
        profileState: 'released',
        planState: 'not_active',
        usage: { usedMb: 0, totalMb: 1024, remainingMb: 1024, percent: 0 },
        daysLeft: null,
        activatedAt: null,
        expiresAt: null,
        refund: { eligible: true, until: '2026-06-15T10:00:00.000Z' },
      }),
    );
    server.use(
      trpcMsw.orders.refundQuote.query(({ input }) => quote(input.orderId, { refundMinor: 428, cashDeductedMinor: 22, pointsInCash: 22 })),
      trpcMsw.orders.refund.mutation(({ input }) => {
        calls.refund.push(input);
        return {
          orderId: 'ORD-A',
          orderStatus: 'refunded',
          amountRefundedMinor: 428,
          currency: 'USD',
          pointsReturned: 0,
          cashDeductedMinor: 22,
          pointsSettledInCash: 22,
        };
      }),
    );
    await renderApp(path);
    const u = userEvent.setup({ delay: null });
    const section = await screen.findByRole('region', { name: 'Refund' });
    await u.click(within(section).getByRole('button', { name: 'Refund – Japan 1 GB – 7 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this eSIM?' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('refund-quote').textContent).toBe(
        'We will refund $4.28.$0.22 is kept for the points this order earned that you have already used (22 points).',
      ),
    );
    await u.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    const done = await screen.findByRole('status', { name: /Refunded/ });
    expect(done.textContent).toContain('$4.28 goes back to your card.');
    expect(done.textContent).toContain('$0.22 was kept for points this order earned that you had already used.');
    expect(calls.refund).toEqual([{ orderId: 'ORD-A', expectedCashDeductedMinor: 22 }]);
  });

  it("the eSIM's top-ups refunded with it are listed, each in its own currency", async () => {
    mock(
      detail({
        status: 'ready',
        profileState: 'released',
        planState: 'not_active',
        usage: { usedMb: 0, totalMb: 1024, remainingMb: 1024, percent: 0 },
        daysLeft: null,
        activatedAt: null,
        expiresAt: null,
        refund: { eligible: true, until: '2026-06-15T10:00:00.000Z' },
      }),
    );
    server.use(
      trpcMsw.orders.refundQuote.query(({ input }) =>
        quote(input.orderId, {
          grossMinor: 950,
          refundMinor: 950,
          topUps: [
            { orderId: 'ORD-T1', currency: 'USD', grossMinor: 500, refundMinor: 500, cashDeductedMinor: 0 },
            { orderId: 'ORD-T2', currency: 'EUR', grossMinor: 400, refundMinor: 380, cashDeductedMinor: 20 },
          ],
        }),
      ),
    );
    await renderApp(path);
    const u = userEvent.setup({ delay: null });
    const section = await screen.findByRole('region', { name: 'Refund' });
    await u.click(within(section).getByRole('button', { name: 'Refund – Japan 1 GB – 7 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this eSIM?' });
    const list = await within(dialog).findByTestId('refund-top-ups');
    expect(list.textContent).toContain('Its top-ups are refunded with it:');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Top-up ORD-T1: $5.00', 'Top-up ORD-T2: €3.80']);
  });

  describe('a refund that would end achievements (issue 23): the question names them and the points they take back', () => {
    const ENDING = {
      refundMinor: 450,
      pointsTaken: 145,
      achievementsEnded: [{ key: 'first_purchase', name: 'First Purchase', points: 100 }],
    };
    const eligible = () =>
      detail({
        status: 'ready',
        profileState: 'released',
        planState: 'not_active',
        usage: { usedMb: 0, totalMb: 1024, remainingMb: 1024, percent: 0 },
        daysLeft: null,
        activatedAt: null,
        expiresAt: null,
        refund: { eligible: true, until: '2026-06-15T10:00:00.000Z' },
      });

    afterEach(() => {
      i18n.removeResourceBundle('ar', 'esim');
      i18n.removeResourceBundle('ar', 'rewards');
    });

    it('in English, before the refund is made', async () => {
      const calls = mock(eligible());
      server.use(trpcMsw.orders.refundQuote.query(({ input }) => quote(input.orderId, ENDING)));
      await renderApp(path);
      const u = userEvent.setup({ delay: null });
      const section = await screen.findByRole('region', { name: 'Refund' });
      await u.click(within(section).getByRole('button', { name: 'Refund – Japan 1 GB – 7 days' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Refund this eSIM?' }));
      expect((await dialog.findByTestId('refund-points-taken')).textContent).toBe('Rewards points taken off your balance: 145');
      const ended = await dialog.findByTestId('refund-achievements');
      expect(ended.textContent).toContain('This refund ends these achievements and takes back their points:');
      expect(
        within(ended)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['First Purchase (-100 pts)']);
      // Nothing is refunded until the traveller confirms.
      expect(calls.refund).toEqual([]);
    });

    it('in Arabic, with the achievement named in Arabic', async () => {
      i18n.addResourceBundle('ar', 'esim', arEsim, true, true);
      i18n.addResourceBundle('ar', 'rewards', arRewards, true, true);
      mock(eligible());
      server.use(trpcMsw.orders.refundQuote.query(({ input }) => quote(input.orderId, ENDING)));
      await renderApp(`/ar${path}`);
      const u = userEvent.setup({ delay: null });
      const section = await screen.findByRole('region', { name: arEsim.life.refund.heading });
      await u.click(within(section).getAllByRole('button')[0]!);
      const dialog = within(await screen.findByRole('dialog', { name: arEsim.life.refund.confirmTitle }));
      const ended = await dialog.findByTestId('refund-achievements');
      expect(ended.textContent).toContain(arEsim.life.refund.quoteAchievements);
      expect(within(ended).getByRole('listitem').textContent).toContain(arRewards.catalog.achievements.first_purchase.name);
      expect(document.documentElement.dir).toBe('rtl');
    });
  });

  it('when a refund is no longer possible, says why and links to support', async () => {
    mock(
      detail({ status: 'installed', profileState: 'enabled', planState: 'not_active', refund: { eligible: false, reason: 'installed' } }),
    );
    await renderApp(path);
    const section = await screen.findByRole('region', { name: 'Refund' });
    expect(within(section).queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(within(section).getByTestId('refund-unavailable').textContent).toContain(
      'A refund is no longer possible: the eSIM has been installed on a phone.',
    );
    expect(within(section).getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/support');
  });

  it('a top-up still waiting its turn has its own refund', async () => {
    const calls = mock(
      detail({
        packages: [
          pkg(),
          pkg({
            orderId: 'ORD-T',
            kind: 'topup',
            usedMb: 0,
            state: 'queued',
            startedAt: null,
            expiresAt: null,
            refund: { eligible: true, until: '2026-06-20T10:00:00.000Z' },
          }),
        ],
      }),
    );
    server.use(
      trpcMsw.orders.refund.mutation(({ input }) => {
        calls.refund.push(input);
        return {
          orderId: 'ORD-T',
          orderStatus: 'refunded',
          amountRefundedMinor: 450,
          currency: 'USD',
          pointsReturned: 0,
          cashDeductedMinor: 0,
          pointsSettledInCash: 0,
        };
      }),
    );
    await renderApp(path);
    const items = within(await screen.findByTestId('packages')).getAllByRole('listitem');
    expect(within(items[0]!).queryByRole('button', { name: /Refund/ })).toBeNull();
    const u = userEvent.setup({ delay: null });
    await u.click(within(items[1]!).getByRole('button', { name: 'Refund – Top-up – Japan 1 GB – 7 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this top-up?' });
    await u.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(await within(items[1]!).findByText('The top-up was taken off your eSIM.')).toBeTruthy();
    expect(calls.refund).toEqual([{ orderId: 'ORD-T', expectedCashDeductedMinor: 0 }]);
  });

  it('offers the top-ups that fit, priced in the chosen currency, each to the checkout in top-up mode', async () => {
    localStorage.setItem('preferredCurrency', 'EUR');
    mock();
    await renderApp(path);
    const options = await screen.findByTestId('topup-options');
    const cards = within(options).getAllByRole('article');
    expect(cards).toHaveLength(2);
    // 450 × 0.93 = 418.5 → €4.19; 1799 × 0.93 = 1673.07 → €16.73
    expect(within(cards[0]!).getByText('€4.19')).toBeTruthy();
    expect(within(cards[1]!).getByText('€16.73')).toBeTruthy();
    expect(within(cards[0]!).getByRole('heading', { name: '1 GB' })).toBeTruthy();
    const link = within(cards[1]!).getByRole('link', { name: 'Top up – Japan 5 GB – 30 days' });
    expect(link.getAttribute('href')).toBe(`/checkout/102?topUp=${ICCID}`);
    localStorage.removeItem('preferredCurrency');
  });

  it('an expired eSIM offers no top-up and no refund', async () => {
    const calls = mock(detail({ status: 'expired', canTopUp: false, daysLeft: 0, refund: { eligible: false, reason: 'window_passed' } }));
    await renderApp(path);
    await screen.findByTestId('esim-detail');
    expect(screen.getByTestId('days-left').textContent).toBe('Validity has ended');
    expect(screen.queryByTestId('topup')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Refund' })).toBeNull();
    expect(calls.topUps).toBe(0);
    // No data left (even with a stale remainder from an older server), and 'Buy again' the same plan.
    expect(screen.getByTestId('usage-left').textContent).toBe('No data left');
    expect(screen.getByRole('link', { name: 'Buy again' }).getAttribute('href')).toBe('/checkout/101');
  });

  it("'Buy again' goes to the plans when the plan is no longer sold", async () => {
    mock(
      detail({ status: 'expired', canTopUp: false, daysLeft: 0, planFacts: null, refund: { eligible: false, reason: 'window_passed' } }),
    );
    await renderApp(path);
    await screen.findByTestId('esim-detail');
    expect(screen.getByRole('link', { name: 'Buy again' }).getAttribute('href')).toBe('/plans');
  });

  it("'Buy again' is not offered while the eSIM is live", async () => {
    mock(detail({ status: 'active' }));
    await renderApp(path);
    await screen.findByTestId('esim-detail');
    expect(screen.queryByRole('link', { name: 'Buy again' })).toBeNull();
    expect(screen.getByTestId('usage-left').textContent).toBe('612 MB left');
  });

  it("someone else's or an unknown eSIM: not found (the API answers 404)", async () => {
    mock();
    server.use(
      trpcMsw.esims.get.query(() => {
        throw trpcError('NOT_FOUND', 'Not found', { appError: { code: 'NOT_FOUND', details: null } });
      }),
    );
    await renderApp(path);
    expect((await screen.findByTestId('esim-not-found')).textContent).toContain('eSIM not found');
    expect(screen.getByRole('link', { name: 'All my eSIMs' }).getAttribute('href')).toBe('/account/esim');
  });

  it('a malformed ICCID is not found without asking the API', async () => {
    const calls = mock();
    await renderApp('/account/esim/12345');
    expect((await screen.findByTestId('esim-not-found')).textContent).toContain('eSIM not found');
    expect(calls.get).toEqual([]);
  });
});
