// The connection doctor on the eSIM pages (issue 30): 'No internet?' opens the dialog; the steps
// follow the eSIM's state and the chosen phone system; focus moves to each new step's heading and the
// live region names it; 'That fixed it' ends happily; after the last step 'Still need help' sends
// tickets.doctor with the answers (the ICCID when signed in, the link's token as a guest); a used-up
// eSIM offers the top-ups; Arabic is right to left.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arDoctor from '@esim/i18n/locales/ar/doctor.json';
import arEsim from '@esim/i18n/locales/ar/esim.json';
import { i18n } from '../../lib/i18n.ts';
import { REGIONS, PLANS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { makeUser, trpcError } from '../auth/test-utils.ts';
import { ICCID, detail, type EsimDetailRow } from '../esim/test-fixtures.ts';

const TOKEN = 'tok_abc123';

function mock(esim: EsimDetailRow, opts: { fail?: boolean } = {}) {
  const sent: unknown[] = [];
  server.use(
    trpcMsw.auth.me.query(() => makeUser()),
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.esims.get.query(() => esim),
    trpcMsw.esims.topUpOptions.query(() => [PLANS[0]!]),
    trpcMsw.esimLinks.get.query(() => esim),
    trpcMsw.esimLinks.topUps.query(() => [PLANS[0]!]),
    trpcMsw.tickets.doctor.mutation(({ input }) => {
      sent.push(input);
      if (opts.fail) throw trpcError('TOO_MANY_REQUESTS', 'Too many', { appError: { code: 'TOO_MANY_REQUESTS', details: null } });
      return { ticketNumber: 'T-000042' };
    }),
  );
  return sent;
}

const withOperators = (over: Partial<EsimDetailRow> = {}) =>
  detail({
    planFacts: {
      regionCode: 'JP',
      regionKind: 'country',
      regionName: 'Japan',
      coverage: 1,
      dataMb: 1024,
      validityDays: 7,
      provided: {
        operators: [
          { country: 'JP', name: 'NTT Docomo', generation: '5G' },
          { country: 'JP', name: 'SoftBank' },
        ],
      },
    },
    apn: '',
    ...over,
  });

async function openDoctor() {
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('doctor-open'));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('doctor-step');
  return { user, dialog };
}

const stepIds = (dialog: HTMLElement) => within(dialog).getByTestId('doctor-step').getAttribute('data-step');

describe('the connection doctor', () => {
  it('walks an active eSIM step by step (focus and live region follow), then sends the answers with the ICCID', async () => {
    const sent = mock(withOperators());
    await renderApp(`/account/esim/${ICCID}`);
    const { user, dialog } = await openDoctor();
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Use the eSIM for mobile data' })).toBeTruthy();
    expect(stepIds(dialog)).toBe('dataLine');
    // iOS by default here (the test browser is neither); what to tap, in order.
    expect(within(dialog).getByTestId('doctor-taps').textContent).toContain('Tap Cellular Data and choose your travel eSIM');

    await user.click(within(dialog).getByTestId('doctor-not-fixed'));
    const roaming = within(dialog).getByRole('heading', { level: 3, name: 'Turn on data roaming' });
    await waitFor(() => expect(document.activeElement).toBe(roaming));
    expect(within(dialog).getByTestId('doctor-live').textContent).toBe('Step 2 of 4: Turn on data roaming');
    expect(within(dialog).getByTestId('doctor-taps').textContent).toContain('Turn on Data Roaming.');

    // Android: the same step, Android's words.
    await user.click(within(dialog).getByRole('radio', { name: 'Android' }));
    expect(within(dialog).getByTestId('doctor-taps').textContent).toContain('Turn on Roaming.');
    expect(within(dialog).getByTestId('doctor-taps').textContent).toContain('Network & internet');

    await user.click(within(dialog).getByTestId('doctor-not-fixed'));
    expect(stepIds(dialog)).toBe('network');
    expect(within(dialog).getByTestId('doctor-networks').textContent).toBe('Networks in Japan: NTT Docomo (5G), SoftBank');
    await user.click(within(dialog).getByTestId('doctor-not-fixed'));
    expect(stepIds(dialog)).toBe('restart');
    await user.click(within(dialog).getByTestId('doctor-not-fixed'));

    const end = await within(dialog).findByTestId('doctor-end');
    await waitFor(() => expect(document.activeElement).toBe(within(end).getByRole('heading', { level: 3 })));
    expect(within(end).getByTestId('doctor-answers').textContent).toContain('Turn on data roaming: Still no internet');
    await user.type(within(end).getByLabelText('Anything to add? (optional)'), 'In Osaka');
    await user.click(within(end).getByTestId('doctor-send'));
    expect((await within(end).findByTestId('doctor-ticket')).textContent).toBe('Ticket T-000042 is open. We will answer by e-mail.');
    expect(sent).toEqual([
      {
        iccid: ICCID,
        platform: 'android',
        answers: [
          { step: 'dataLine', answer: 'notFixed' },
          { step: 'roaming', answer: 'notFixed' },
          { step: 'network', answer: 'notFixed' },
          { step: 'restart', answer: 'notFixed' },
        ],
        subject: `No internet: eSIM ${ICCID}`,
        note: 'In Osaka',
      },
    ]);
  });

  it("'That fixed it' ends the doctor without a ticket", async () => {
    const sent = mock(withOperators());
    await renderApp(`/account/esim/${ICCID}`);
    const { user, dialog } = await openDoctor();
    await user.click(within(dialog).getByTestId('doctor-not-fixed'));
    await user.click(within(dialog).getByTestId('doctor-fixed-button'));
    expect((await within(dialog).findByTestId('doctor-fixed')).textContent).toContain("Great, you're online!");
    expect(within(dialog).queryByTestId('doctor-send')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('a used-up eSIM starts with the top-up, which closes the dialog and moves to the top-ups', async () => {
    mock(
      withOperators({ status: 'depleted', planState: 'finished', usage: { usedMb: 1024, totalMb: 1024, remainingMb: 0, percent: 100 } }),
    );
    await renderApp(`/account/esim/${ICCID}`);
    const { user, dialog } = await openDoctor();
    expect(stepIds(dialog)).toBe('usedUp');
    expect(within(dialog).getByText('Step 1 of 2')).toBeTruthy();
    await user.click(within(dialog).getByTestId('doctor-action'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.id).toBe('topup-heading'));
  });

  it('a guest on the link page sends the link token, not the ICCID; a refusal is said in the dialog', async () => {
    const sent = mock(withOperators({ status: 'expired', planState: 'expired', daysLeft: 0 }), { fail: true });
    await renderApp(`/esim-link?token=${TOKEN}`);
    const { user, dialog } = await openDoctor();
    expect(stepIds(dialog)).toBe('expired');
    expect(within(dialog).getByTestId('doctor-action').getAttribute('href')).toBe('/checkout/101');
    await user.click(within(dialog).getByTestId('doctor-not-fixed'));
    await user.click(await within(dialog).findByTestId('doctor-send'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Too many requests from your network. Please try again later.');
    expect(sent).toEqual([
      { linkToken: TOKEN, platform: 'ios', answers: [{ step: 'expired', answer: 'notFixed' }], subject: `No internet: eSIM ${ICCID}` },
    ]);
  });

  it('shows the APN to type and the install step for an eSIM not installed yet, in Arabic', async () => {
    i18n.addResourceBundle('ar', 'doctor', arDoctor, true, true);
    i18n.addResourceBundle('ar', 'esim', arEsim, true, true);
    mock(withOperators({ status: 'ready', profileState: 'released', planState: 'not_active', apn: 'globaldata', daysLeft: null }));
    await renderApp(`/ar/account/esim/${ICCID}`);
    const { user, dialog } = await openDoctor();
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(dialog).getByRole('heading', { level: 3, name: arDoctor.steps.install.title })).toBeTruthy();
    for (let i = 0; i < 3; i++) await user.click(within(dialog).getByTestId('doctor-not-fixed'));
    expect(stepIds(dialog)).toBe('apn');
    expect(within(dialog).getByTestId('doctor-apn').textContent).toBe('globaldata');
    expect(within(dialog).getByTestId('doctor-taps').textContent).toContain('globaldata');
  });
});
