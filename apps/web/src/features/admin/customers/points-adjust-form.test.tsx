import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCError } from '@trpc/server';
import admin from '@esim/i18n/locales/en/admin.json';
import { i18n } from '../../../lib/i18n.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PointsAdjustForm } from './points-adjust-form.tsx';

beforeAll(() => {
  i18n.addResourceBundle('en', 'admin', admin, true, true);
});

async function renderForm() {
  const utils = await renderWithProviders(<PointsAdjustForm userId={42} username="ann" />);
  const user = userEvent.setup();
  const amount = () => screen.getByRole('textbox', { name: /^Points to add or remove/ }) as HTMLInputElement;
  const reason = () => screen.getByRole('textbox', { name: /^Reason/ }) as HTMLTextAreaElement;
  return { ...utils, user, amount, reason };
}

describe('PointsAdjustForm', () => {
  it('refuses 0, words and a short reason next to the fields, and sends nothing', async () => {
    const adjust = vi.fn();
    server.use(trpcMsw.admin.rewards.adjustPoints.mutation(adjust));
    const { user, amount, reason } = await renderForm();
    await user.type(amount(), '0');
    await user.type(reason(), 'x');
    await user.click(screen.getByRole('button', { name: 'Adjust points' }));
    expect(await screen.findByText('Points are a whole number, not 0, between -1,000,000 and 1,000,000')).toBeTruthy();
    expect(screen.getByText('Give a reason of 3 to 300 characters; the customer sees it in their points history')).toBeTruthy();
    expect(document.activeElement).toBe(amount());

    await user.clear(amount());
    await user.type(amount(), 'ten');
    await user.click(screen.getByRole('button', { name: 'Adjust points' }));
    expect(screen.getByText('Points are a whole number, not 0, between -1,000,000 and 1,000,000')).toBeTruthy();
    expect(adjust).not.toHaveBeenCalled();
  });

  it('sends a signed amount; a retry of the same values keeps the request id, new values get a new one', async () => {
    const inputs: { amount: number; reason: string; requestId: string; userId: number }[] = [];
    server.use(
      trpcMsw.admin.rewards.adjustPoints.mutation(({ input }) => {
        inputs.push(input);
        // The first answer is lost (the change may have been made): the admin clicks again.
        if (inputs.length === 1) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side.' });
        return { balance: 900, applied: true };
      }),
    );
    const { user, amount, reason } = await renderForm();
    await user.type(amount(), '-100');
    await user.type(reason(), 'Goodwill correction');
    await user.click(screen.getByRole('button', { name: 'Adjust points' }));
    expect(await screen.findByText('Something went wrong on our side.')).toBeTruthy();
    expect(amount().value).toBe('-100');
    await user.click(screen.getByRole('button', { name: 'Adjust points' }));
    expect(await screen.findByText(/Balance now: 900 points/)).toBeTruthy();
    await waitFor(() => expect(amount().value).toBe(''));
    expect(reason().value).toBe('');
    expect(inputs).toHaveLength(2);
    expect(inputs[0]).toMatchObject({ userId: 42, amount: -100, reason: 'Goodwill correction' });
    expect(inputs[0]?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(inputs[1]?.requestId).toBe(inputs[0]?.requestId);

    // A new submission gets a new id.
    await user.type(amount(), '+250');
    await user.type(reason(), 'Birthday bonus');
    await user.click(screen.getByRole('button', { name: 'Adjust points' }));
    await waitFor(() => expect(inputs).toHaveLength(3));
    expect(inputs[2]).toMatchObject({ amount: 250, reason: 'Birthday bonus' });
    expect(inputs[2]?.requestId).not.toBe(inputs[0]?.requestId);
  });

  it('a double click sends one adjustment', async () => {
    const adjust = vi.fn(() => ({ balance: 1000, applied: true }));
    server.use(trpcMsw.admin.rewards.adjustPoints.mutation(adjust));
    const { user, amount, reason } = await renderForm();
    await user.type(amount(), '50');
    await user.type(reason(), 'Apology');
    await user.dblClick(screen.getByRole('button', { name: 'Adjust points' }));
    expect(await screen.findByText(/Balance now: 1,000 points/)).toBeTruthy();
    expect(adjust).toHaveBeenCalledTimes(1);
  });
});
