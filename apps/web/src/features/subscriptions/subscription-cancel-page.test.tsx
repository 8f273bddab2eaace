// /subscribe?cancel=<token> (issue 31): the reminder's link opens the page (nothing changes on
// opening it); one click cancels without signing in; an invalid link says so.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import enDisputes from '@esim/i18n/locales/en/disputes.json';
import { i18n } from '../../lib/i18n.ts';
import { REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { trpcError } from '../auth/test-utils.ts';

const TOKEN = '7.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

beforeEach(() => {
  i18n.addResourceBundle('en', 'disputes', enDisputes, true, true);
});

function mock() {
  const calls: unknown[] = [];
  server.use(
    // The subscription page's loader prefetches the regions.
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.subscriptions.cancelByLink.mutation(({ input }) => {
      calls.push(input);
      if (input.token !== TOKEN)
        throw trpcError('NOT_FOUND', 'This cancel link is not valid.', { appError: { code: 'NOT_FOUND', details: null } });
      return { subscriptionId: 'SUB-1', planName: 'Japan 5GB', endsAt: '2026-04-01T12:00:00.000Z', ended: false };
    }),
  );
  return calls;
}

describe('/subscribe?cancel=…', () => {
  it('opening the link changes nothing; one click cancels', async () => {
    const calls = mock();
    await renderApp(`/subscribe?cancel=${encodeURIComponent(TOKEN)}`);
    const button = await screen.findByRole('button', { name: enDisputes.cancel.button });
    expect(calls).toEqual([]);
    await userEvent.setup({ delay: null }).click(button);
    const done = await screen.findByTestId('cancel-done');
    expect(done.textContent).toContain('Japan 5GB');
    expect(done.textContent).toContain('2026');
    expect(calls).toEqual([{ token: TOKEN }]);
  });

  it('an invalid link says so', async () => {
    mock();
    await renderApp('/subscribe?cancel=1.forged');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: enDisputes.cancel.button }));
    expect((await screen.findByTestId('cancel-invalid')).textContent).toBe(enDisputes.cancel.invalid);
  });

  it('no token: invalid at once', async () => {
    mock();
    await renderApp('/subscribe?cancel=');
    expect((await screen.findByTestId('cancel-invalid')).textContent).toBe(enDisputes.cancel.invalid);
  });
});
