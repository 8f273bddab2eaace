import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import admin from '@esim/i18n/locales/en/admin.json';
import { i18n } from '../../../lib/i18n.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { AdminAchievement, AdminLevel } from '../forms/views.ts';
import { AchievementForm, LevelForm, multiplierPercentOf } from './reward-forms.tsx';

beforeAll(() => {
  i18n.addResourceBundle('en', 'admin', admin, true, true);
});

const EXPLORER: AdminLevel = {
  id: 2,
  key: 'explorer',
  name: 'Explorer',
  description: 'You are on the move.',
  color: '#2f9e44',
  pointsRequired: 500,
  multiplierPercent: 120,
  perks: ['1.2× points on purchases', 'Points for daily check-ins'],
  members: 3,
};

const FIRST: AdminAchievement = {
  id: 1,
  key: 'first_purchase',
  name: 'First Purchase',
  description: 'Buy your first eSIM.',
  category: 'purchases',
  pointsAwarded: 100,
  targetProgress: 1,
  completedBy: 0,
};

const box = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;

describe('multiplierPercentOf', () => {
  it.each([
    ['1.25', 125],
    ['1', 100],
    ['2.5', 250],
    ['10.00', 1000],
  ])('%s → %i per cent', (text, percent) => expect(multiplierPercentOf(text)).toBe(percent));
  it('leaves other text for the schema to refuse', () => expect(multiplierPercentOf('1.255')).toBe('1.255'));
});

describe('LevelForm', () => {
  it('refuses a bad colour, a multiplier under 1 and words for points, and sends nothing', async () => {
    const update = vi.fn();
    server.use(trpcMsw.admin.rewards.updateLevel.mutation(update));
    await renderWithProviders(<LevelForm level={EXPLORER} onDone={() => {}} />);
    const user = userEvent.setup();
    await user.clear(box('Colour'));
    await user.type(box('Colour'), 'green');
    await user.clear(box('Multiplier'));
    await user.type(box('Multiplier'), '0.5');
    await user.clear(box('Points required'));
    await user.type(box('Points required'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Use a colour like #1a7f64')).toBeTruthy();
    expect(screen.getByText('A multiplier is from 1.00 to 10.00 (100 to 1000 per cent)')).toBeTruthy();
    expect(screen.getByText('Points required is a whole number from 0 to 10,000,000')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it('sends the multiplier in per cent and the perks one per line', async () => {
    let received: unknown;
    server.use(
      trpcMsw.admin.rewards.updateLevel.mutation(({ input }) => {
        received = input;
        return { ...EXPLORER, multiplierPercent: 125 };
      }),
    );
    const onDone = vi.fn();
    await renderWithProviders(<LevelForm level={EXPLORER} onDone={onDone} />);
    const user = userEvent.setup();
    expect(box('Multiplier').value).toBe('1.20');
    await user.clear(box('Multiplier'));
    await user.type(box('Multiplier'), '1.25');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(received).toEqual({
      id: 2,
      patch: {
        name: 'Explorer',
        description: 'You are on the move.',
        color: '#2f9e44',
        pointsRequired: 500,
        multiplierPercent: 125,
        perks: ['1.2× points on purchases', 'Points for daily check-ins'],
      },
    });
  });
});

describe('AchievementForm', () => {
  it('refuses a target of 0 and sends a good change', async () => {
    let received: unknown;
    server.use(
      trpcMsw.admin.rewards.updateAchievement.mutation(({ input }) => {
        received = input;
        return { ...FIRST, pointsAwarded: 150 };
      }),
    );
    const onDone = vi.fn();
    await renderWithProviders(<AchievementForm achievement={FIRST} onDone={onDone} />);
    const user = userEvent.setup();
    await user.clear(box('Target'));
    await user.type(box('Target'), '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The target is a whole number from 1 to 100,000')).toBeTruthy();
    expect(received).toBeUndefined();
    await user.clear(box('Target'));
    await user.type(box('Target'), '1');
    await user.clear(box('Points awarded'));
    await user.type(box('Points awarded'), '150');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(received).toEqual({
      id: 1,
      patch: { name: 'First Purchase', description: 'Buy your first eSIM.', pointsAwarded: 150, targetProgress: 1 },
    });
  });
});
