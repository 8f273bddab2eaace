// /rewards signed in, in the real route tree, with the rewards procedures mocked through msw-trpc:
// skeletons then data, the level card, the four tabs and their empty states, 'View All' buttons,
// the achievement dialog's Update Progress and the check-in dialog.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import arRewards from '@esim/i18n/locales/ar/rewards.json';
import { REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { i18n } from '../../lib/i18n.ts';
import { makeUser, trpcError } from '../auth/test-utils.ts';
import {
  ACHIEVEMENTS,
  EMPTY,
  TOP_PROFILE,
  makeCheckIn,
  makeProfile,
  rewardsHandlers,
  userAchievement,
  type RewardsMocks,
} from './test-fixtures.ts';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

function signedIn(mocks: RewardsMocks = {}) {
  server.use(
    trpcMsw.auth.me.query(() => makeUser()),
    ...rewardsHandlers(mocks),
  );
}

async function openPage(mocks: RewardsMocks = {}, path = '/rewards') {
  signedIn(mocks);
  const view = await renderApp(path);
  await screen.findByTestId('rewards-dashboard', {}, { timeout: 4000 });
  return view;
}

const user = () => userEvent.setup({ delay: null });
// happy-dom lays nothing out, so Mantine hides the dropdown as 'detached' (display: none) though
// it is open: look for it among hidden elements.
const findListbox = () => screen.findByRole('listbox', { hidden: true });
const regionInput = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Region/, { selector: 'input' });

describe('/rewards signed in', () => {
  it('shows skeletons while the data loads, then the level card', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    signedIn();
    server.use(
      trpcMsw.rewards.profile.query(async () => {
        await gate;
        return makeProfile();
      }),
    );
    await renderApp('/rewards');
    expect(await screen.findByTestId('rewards-skeleton', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Loading your rewards')).toBeTruthy();
    expect(screen.queryByTestId('level-card')).toBeNull();
    release();

    const card = await screen.findByTestId('level-card', {}, { timeout: 4000 });
    expect(screen.queryByTestId('rewards-skeleton')).toBeNull();
    expect(within(card).getByRole('heading', { level: 2, name: 'Explorer Level' })).toBeTruthy();
    expect(within(card).getByText('You are on the move: purchases earn 20% more points.')).toBeTruthy();
    expect(within(card).getByTestId('total-points').textContent).toContain('800');
    expect(within(card).getByTestId('available-points').textContent).toContain('650');
    expect(within(card).getByTestId('streak').textContent).toContain('3 days');
    expect(within(card).getByTestId('travel-bonus').textContent).toContain('1.2x data');
    expect(within(card).getByRole('heading', { name: 'Member Benefits' })).toBeTruthy();
    expect(within(card).getByText('1.2× points on purchases')).toBeTruthy();
    expect(within(card).getByText('Next level: Globetrotter')).toBeTruthy();
    expect(within(card).getByText('1,200 points to go')).toBeTruthy();
    // 800 of the 500 → 2,000 span: 300 / 1,500.
    expect(within(card).getByRole('progressbar', { name: 'Progress to Globetrotter' }).getAttribute('aria-valuenow')).toBe('20');
    expect(within(card).getByRole('button', { name: 'Check In to Earn Points' })).toBeTruthy();
    // The signed-out box is not there.
    expect(screen.queryByText('Sign in to access your rewards')).toBeNull();
  });

  it('hides the next-level progress at the top level', async () => {
    await openPage({ profile: TOP_PROFILE });
    const card = screen.getByTestId('level-card');
    expect(within(card).getByRole('heading', { name: 'Jetsetter Level' })).toBeTruthy();
    expect(within(card).getByTestId('travel-bonus').textContent).toContain('2x data');
    expect(within(card).queryByTestId('next-level')).toBeNull();
    expect(within(card).queryByRole('progressbar')).toBeNull();
    expect(within(card).queryByText(/Next level/)).toBeNull();
  });

  it('shows the defaults when the level is unknown: Traveler, 1x data', async () => {
    await openPage({ profile: makeProfile({ currentLevelId: 99, streakDays: 1 }) });
    const card = screen.getByTestId('level-card');
    expect(within(card).getByRole('heading', { name: 'Traveler Level' })).toBeTruthy();
    expect(within(card).getByTestId('travel-bonus').textContent).toContain('1x data');
    expect(within(card).getByTestId('streak').textContent).toContain('1 day');
    expect(within(card).queryByText(/Next level/)).toBeNull();
  });

  it('overview: the latest 3 check-ins, 3 completed achievements and 5 points entries', async () => {
    await openPage();
    const checkIns = screen.getByRole('region', { name: 'Recent Check-ins' });
    expect(
      within(checkIns)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['JapanNov 23, 2026+25 pts', 'FranceNov 22, 2026+10 pts', expect.stringContaining('United StatesNov 21, 2026+10 pts')]);
    const achievements = screen.getByRole('region', { name: 'Recent Achievements' });
    expect(
      within(achievements)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['First Check-inNov 22, 2026+25 pts', 'First PurchaseNov 20, 2026+100 pts', 'Verified E-mailNov 18, 2026+25 pts']);
    const activity = screen.getByRole('region', { name: 'Points Activity' });
    expect(
      within(activity)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Check InNov 23, 2026+25 pts',
      'RedemptionNov 22, 2026-300 pts',
      'AchievementNov 22, 2026+25 pts',
      'PurchaseNov 20, 2026+540 pts',
      'AchievementNov 20, 2026+100 pts',
    ]);
  });

  it('overview: the empty texts', async () => {
    await openPage(EMPTY);
    expect(screen.getByText('No check-ins yet. Start traveling to earn points!')).toBeTruthy();
    expect(screen.getByText('No achievements yet. Complete tasks to earn badges!')).toBeTruthy();
    expect(screen.getByText('No points activity yet. Earn points by checking in and completing achievements!')).toBeTruthy();
  });

  it("'View All' buttons switch tabs", async () => {
    await openPage();
    const u = user();
    const selected = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Achievements',
      'Travel Check-ins',
      'Points History',
    ]);
    expect(selected()).toBe('Overview');

    await u.click(screen.getByRole('button', { name: 'View All Check-ins' }));
    expect(selected()).toBe('Travel Check-ins');
    expect(screen.getAllByTestId('check-in')).toHaveLength(4);

    await u.click(screen.getByRole('tab', { name: 'Overview' }));
    await u.click(screen.getByRole('button', { name: 'View All Achievements' }));
    expect(selected()).toBe('Achievements');
    expect(screen.getByTestId('achievement-first_purchase')).toBeTruthy();

    await u.click(screen.getByRole('tab', { name: 'Overview' }));
    await u.click(screen.getByRole('button', { name: 'View Full History' }));
    expect(selected()).toBe('Points History');
    expect(screen.getAllByTestId('history-entry')).toHaveLength(6);
  });

  it('achievements tab: grouped by category in title case, badges, progress for unfinished targets above 1', async () => {
    await openPage();
    await user().click(screen.getByRole('tab', { name: 'Achievements' }));
    const groups = within(screen.getByRole('tabpanel'))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(groups).toEqual(['Purchases', 'Check Ins', 'Profile']);

    const first = screen.getByTestId('achievement-first_purchase');
    expect(within(first).getByText('First Purchase')).toBeTruthy();
    expect(within(first).getByText('Buy your first eSIM.')).toBeTruthy();
    expect(within(first).getByText('Purchases')).toBeTruthy();
    expect(first.textContent).toContain('+100 pts');
    expect(within(first).getByText('Completed')).toBeTruthy();
    expect(within(first).queryByTestId('tile-progress')).toBeNull();

    const ten = screen.getByTestId('achievement-ten_check_ins');
    expect(within(ten).queryByText('Completed')).toBeNull();
    expect(within(ten).getByTestId('tile-progress').textContent).toBe('4 / 1040%');
    expect(within(ten).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');

    // No progress yet: 0 / 7; a target of 1 shows no bar.
    expect(within(screen.getByTestId('achievement-streak_7_days')).getByTestId('tile-progress').textContent).toBe('0 / 70%');
    expect(within(screen.getByTestId('achievement-verified_email')).queryByTestId('tile-progress')).toBeNull();
  });

  it('caps the percentage at 100', async () => {
    await openPage({ userAchievements: [userAchievement(4, 12)] });
    await user().click(screen.getByRole('tab', { name: 'Achievements' }));
    const ten = screen.getByTestId('achievement-ten_check_ins');
    expect(within(ten).getByTestId('tile-progress').textContent).toBe('12 / 10100%');
    expect(within(ten).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('achievements tab: empty catalogue', async () => {
    await openPage({ ...EMPTY, achievements: [] });
    await user().click(screen.getByRole('tab', { name: 'Achievements' }));
    expect(screen.getByText('No achievements to show yet.')).toBeTruthy();
  });

  it('check-ins tab: the grid, and the empty state whose button opens the dialog', async () => {
    await openPage({
      checkIns: [
        makeCheckIn(1, { locationName: 'Shibuya, Tokyo', pointsAwarded: 25, verifiedTrip: true }),
        makeCheckIn(2, { region: null as never, pointsAwarded: 0, zeroReason: 'daily_cap_reached' }),
      ],
    });
    const u = user();
    await u.click(screen.getByRole('tab', { name: 'Travel Check-ins' }));
    const [japan, unknown] = screen.getAllByTestId('check-in');
    expect(japan!.textContent).toContain('+25 pts');
    expect(within(japan!).getByText('Japan')).toBeTruthy();
    expect(within(japan!).getByText('Nov 23, 2026')).toBeTruthy();
    expect(within(japan!).getByText('Shibuya, Tokyo')).toBeTruthy();
    expect(within(japan!).getByText('Verified trip')).toBeTruthy();
    expect(japan!.querySelector('img')?.getAttribute('src')).toBe('/flags/4x3/jp.svg');
    expect(within(unknown!).getByText('Unknown Location')).toBeTruthy();
    expect(unknown!.textContent).toContain('+0 pts');
    expect(within(unknown!).getByText('Daily check-in limit reached')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check In' })).toBeTruthy();
  });

  it('check-ins tab: empty state', async () => {
    signedIn(EMPTY);
    server.use(trpcMsw.catalog.regions.query(() => REGIONS));
    await renderApp('/rewards');
    const u = user();
    await u.click(await screen.findByRole('tab', { name: 'Travel Check-ins' }, { timeout: 4000 }));
    const empty = screen.getByTestId('check-ins-empty');
    expect(within(empty).getByRole('heading', { name: 'No check-ins yet' })).toBeTruthy();
    await u.click(within(empty).getByRole('button', { name: 'Check In Now' }));
    expect(await screen.findByRole('dialog', { name: 'Check In to Location' })).toBeTruthy();
  });

  it('points history: source, description, signed points coloured, date; and the empty state', async () => {
    await openPage();
    await user().click(screen.getByRole('tab', { name: 'Points History' }));
    const rows = screen.getAllByTestId('history-entry');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Check InCheck-in: Japan+25 pointsNov 23, 2026',
      'RedemptionOrder ORD-B-300 pointsNov 22, 2026',
      'Achievement+25 pointsNov 22, 2026',
      'PurchaseOrder ORD-A+540 pointsNov 20, 2026',
      'Achievement+100 pointsNov 20, 2026',
      'AdjustmentWelcome bonus+0 pointsNov 19, 2026',
    ]);
    expect(rows.map((r) => r.querySelector('[data-sign]')?.getAttribute('data-sign'))).toEqual([
      'positive',
      'negative',
      'positive',
      'positive',
      'positive',
      'positive',
    ]);
  });

  it('points history words each row from its facts, with the plan named as on receipts', async () => {
    const japan = { regionCode: 'JP', regionKind: 'country' as const, regionName: 'Japan', coverage: 1, dataMb: 1024, validityDays: 7 };
    const order = { id: 'ORD-ABC123', planName: 'Japan 1GB - 7 Days', planFacts: japan };
    const at = '2026-11-23T09:00:00.000Z';
    await openPage({
      history: [
        { id: 1, source: 'purchase', description: 'stored', about: { kind: 'purchase', order }, points: 99, createdAt: at },
        { id: 2, source: 'redemption', description: 'stored', about: { kind: 'pointsUsed', order }, points: -400, createdAt: at },
        {
          id: 3,
          source: 'refund',
          description: 'stored',
          about: { kind: 'refund', order: { ...order, planFacts: null } },
          points: -99,
          createdAt: at,
        },
        {
          id: 4,
          source: 'check_in',
          description: 'stored',
          about: { kind: 'checkIn', region: { code: 'JP', name: 'Japan' }, verifiedTrip: true },
          points: 25,
          createdAt: at,
        },
        {
          id: 5,
          source: 'achievement',
          about: { kind: 'achievementEnded', achievement: { key: 'first_purchase', name: 'First Purchase' }, order },
          points: -100,
          createdAt: at,
        },
        { id: 6, source: 'adjustment', description: 'Welcome bonus', points: 10, createdAt: at },
      ],
    });
    await user().click(screen.getByRole('tab', { name: 'Points History' }));
    const texts = screen
      .getAllByTestId('history-entry')
      .map((r) => r.querySelector('.mantine-Text-root[data-size="sm"]')?.textContent?.replace(/[\u2068\u2069]/g, ''));
    expect(texts).toEqual([
      'Purchase: Japan 1 GB – 7 days (ORD-ABC123)',
      'Points used on Japan 1 GB – 7 days (ORD-ABC123)',
      // The plan is gone from the catalogue: its stored name.
      'Refund of Japan 1GB - 7 Days (ORD-ABC123)',
      'Check-in: Japan (verified trip)',
      'Achievement ended by the refund of ORD-ABC123: First Purchase',
      'Welcome bonus',
    ]);
  });

  it('points history: empty state', async () => {
    await openPage(EMPTY);
    await user().click(screen.getByRole('tab', { name: 'Points History' }));
    expect(screen.getByTestId('history-empty').textContent).toBe('No points history yet');
  });

  it('names each query that failed, and retries on request', async () => {
    signedIn();
    let levelCalls = 0;
    server.use(
      trpcMsw.rewards.levels.query(() => {
        levelCalls += 1;
        throw trpcError('INTERNAL_SERVER_ERROR', 'boom');
      }),
      trpcMsw.rewards.pointsHistory.query(() => {
        throw trpcError('INTERNAL_SERVER_ERROR', 'boom');
      }),
    );
    await renderApp('/rewards');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('Failed to fetch traveler levels');
    expect(alert.textContent).toContain('Failed to fetch points history');
    // One retry (spec §7): two requests each.
    expect(levelCalls).toBe(2);
    // The rest of the page still shows, with the profile's own level.
    expect(screen.getByRole('heading', { name: 'Explorer Level' })).toBeTruthy();
    server.use(...rewardsHandlers());
    await user().click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('achievement dialog', () => {
  async function openAchievement(key: string) {
    await openPage();
    const u = user();
    await u.click(screen.getByRole('tab', { name: 'Achievements' }));
    await u.click(screen.getByTestId(`achievement-${key}`));
    return { u, dialog: await screen.findByRole('dialog') };
  }

  it('shows a completed achievement without Update Progress', async () => {
    const { dialog } = await openAchievement('first_purchase');
    expect(within(dialog).getByRole('heading', { name: 'First Purchase' })).toBeTruthy();
    expect(within(dialog).getByText('Completed')).toBeTruthy();
    expect(within(dialog).getByText('Buy your first eSIM.')).toBeTruthy();
    expect(within(dialog).getByTestId('dialog-progress').textContent).toBe('1 / 1');
    expect(dialog.textContent).toContain('CategoryPurchases');
    expect(dialog.textContent).toContain('Reward+100 points');
    expect(dialog.textContent).toContain('Completed onNov 20, 2026');
    expect(within(dialog).queryByRole('button', { name: 'Update Progress' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('updates progress: Updating... while pending, then the success toast and fresh data', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const inputs: unknown[] = [];
    server.use(
      trpcMsw.rewards.updateProgress.mutation(async ({ input }) => {
        inputs.push(input);
        await gate;
        return { userAchievement: userAchievement(4, 5), changed: true, message: 'Progress updated.' };
      }),
    );
    const { u, dialog } = await openAchievement('ten_check_ins');
    expect(dialog.textContent).toContain('Not completed yet');
    expect(within(dialog).getByTestId('dialog-progress').textContent).toBe('4 / 10');
    server.use(trpcMsw.rewards.userAchievements.query(() => [userAchievement(4, 5)]));
    await u.click(within(dialog).getByRole('button', { name: 'Update Progress' }));
    const pending = await within(dialog).findByRole('button', { name: 'Updating...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    // A second press while pending does nothing.
    fireEvent.click(pending);
    release();
    expect(await screen.findByText('Progress updated')).toBeTruthy();
    expect(screen.getByText('Your achievement progress has been updated successfully.')).toBeTruthy();
    expect(inputs).toEqual([{ achievementId: 4, increment: 1 }]);
    await waitFor(() => expect(within(dialog).getByTestId('dialog-progress').textContent).toBe('5 / 10'));
  });

  it('toasts Update failed when the server refuses', async () => {
    server.use(
      trpcMsw.rewards.updateProgress.mutation(() => {
        throw trpcError('INTERNAL_SERVER_ERROR', 'boom');
      }),
    );
    const { u, dialog } = await openAchievement('ten_check_ins');
    await u.click(within(dialog).getByRole('button', { name: 'Update Progress' }));
    expect(await screen.findByText('Update failed')).toBeTruthy();
    expect(screen.getByText('Failed to update achievement progress')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Update Progress' })).toBeTruthy();
  });
});

describe('check-in dialog', () => {
  async function openDialog(mocks: RewardsMocks = {}) {
    server.use(trpcMsw.catalog.regions.query(() => REGIONS));
    await openPage(mocks);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Check In to Earn Points' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check In to Location' });
    // The regions load when the dialog opens.
    await waitFor(() => expect((regionInput(dialog) as HTMLInputElement).disabled).toBe(false));
    return { u, dialog };
  }

  it('needs a region: submit disabled, and a forced submit says Region required', async () => {
    const { dialog } = await openDialog();
    const submit = within(dialog).getByRole('button', { name: 'Check In' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.submit(submit.closest('form')!);
    expect(await screen.findByText('Region required')).toBeTruthy();
    expect(screen.getByText('Please select a region to check in.')).toBeTruthy();
  });

  it('lists countries grouped by continent, checks in, toasts, closes, clears and refreshes', async () => {
    const inputs: unknown[] = [];
    let checkInsCalls = 0;
    let profileCalls = 0;
    let historyCalls = 0;
    const { u, dialog } = await openDialog(EMPTY);
    server.use(
      trpcMsw.rewards.checkIn.mutation(({ input }) => {
        inputs.push(input);
        return { checkIn: makeCheckIn(1), pointsAwarded: 10, message: 'Checked in.', newAchievements: [] };
      }),
      trpcMsw.rewards.checkIns.query(() => {
        checkInsCalls += 1;
        return [makeCheckIn(1)];
      }),
      trpcMsw.rewards.profile.query(() => {
        profileCalls += 1;
        return EMPTY.profile!;
      }),
      trpcMsw.rewards.pointsHistory.query(() => {
        historyCalls += 1;
        return [];
      }),
    );
    await u.click(regionInput(dialog));
    const listbox = await findListbox();
    // Countries only (no Europe/Global/Asia bundles), grouped by continent.
    expect(within(listbox).queryByRole('option', { name: 'Global', hidden: true })).toBeNull();
    expect(within(listbox).getByText('Asia')).toBeTruthy();
    expect(within(listbox).getByText('Caribbean')).toBeTruthy();
    await u.click(within(listbox).getByRole('option', { name: 'Japan', hidden: true }));
    await u.type(within(dialog).getByRole('textbox', { name: /Location name/ }), '  Shibuya  ');
    await u.click(within(dialog).getByRole('button', { name: 'Check In' }));

    expect(await screen.findByText('Check-in successful!')).toBeTruthy();
    expect(screen.getByText("You've earned points for checking in.")).toBeTruthy();
    expect(inputs).toEqual([{ regionId: 10, locationName: 'Shibuya' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Check In to Location' })).toBeNull());
    await waitFor(() => expect(checkInsCalls).toBeGreaterThan(0));
    expect(profileCalls).toBeGreaterThan(0);
    expect(historyCalls).toBeGreaterThan(0);
    const recent = screen.getByRole('region', { name: 'Recent Check-ins' });
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['JapanNov 23, 2026+10 pts']),
    );

    // Opened again: the fields are empty.
    await u.click(screen.getByRole('button', { name: 'Check In to Earn Points' }));
    const again = await screen.findByRole('dialog', { name: 'Check In to Location' });
    expect((regionInput(again) as HTMLInputElement).value).toBe('');
    expect((within(again).getByRole('textbox', { name: /Location name/ }) as HTMLInputElement).value).toBe('');
  });

  it('leaves an empty location name out, and says so when a check-in earns nothing', async () => {
    const inputs: unknown[] = [];
    server.use(
      trpcMsw.rewards.checkIn.mutation(({ input }) => {
        inputs.push(input);
        return {
          checkIn: makeCheckIn(1, { pointsAwarded: 0, zeroReason: 'already_checked_in_here_today' }),
          pointsAwarded: 0,
          message: 'Already.',
          newAchievements: [],
        };
      }),
    );
    const { u, dialog } = await openDialog();
    await u.click(regionInput(dialog));
    await u.click(within(await findListbox()).getByRole('option', { name: 'France', hidden: true }));
    await u.type(within(dialog).getByRole('textbox', { name: /Location name/ }), '   ');
    await u.click(within(dialog).getByRole('button', { name: 'Check In' }));
    expect(await screen.findByText('You have already checked in here today, so this check-in earns no points.')).toBeTruthy();
    expect(inputs).toEqual([{ regionId: 12 }]);
  });

  it("toasts Check-in failed with the server's message and keeps the dialog open", async () => {
    server.use(
      trpcMsw.rewards.checkIn.mutation(() => {
        throw trpcError('NOT_FOUND', 'No region has that id.', { appError: { code: 'REGION_NOT_FOUND', details: null } });
      }),
    );
    const { u, dialog } = await openDialog();
    await u.click(regionInput(dialog));
    await u.click(within(await findListbox()).getByRole('option', { name: 'Kenya', hidden: true }));
    await u.click(within(dialog).getByRole('button', { name: 'Check In' }));
    expect(await screen.findByText('Check-in failed')).toBeTruthy();
    expect(screen.getByText('No region has that id.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Check In to Location' })).toBeTruthy();
  });
});

describe('in Arabic', () => {
  afterEach(() => {
    i18n.removeResourceBundle('ar', 'rewards');
  });

  it('translates level and achievement texts by key, falls back to the server text, and keeps signs left to right', async () => {
    i18n.addResourceBundle('ar', 'rewards', arRewards, true, true);
    await i18n.changeLanguage('ar');
    localStorage.setItem('preferredLanguage', 'ar');
    const custom = {
      id: 77,
      key: 'brand_new',
      name: 'Brand New',
      description: 'Not translated yet.',
      category: 'new_things',
      pointsAwarded: 5,
      criteria: { targetProgress: 1 },
    };
    await openPage({ achievements: [...ACHIEVEMENTS, custom] }, '/ar/rewards');
    const card = screen.getByTestId('level-card');
    const ar = arRewards as unknown as { catalog: { levels: { explorer: { name: string } } } };
    expect(card.textContent).toContain(ar.catalog.levels.explorer.name);
    expect(card.textContent).not.toContain('Explorer');
    // Signed numbers sit in a left-to-right isolate.
    const activity = screen.getAllByRole('listitem').find((li) => li.querySelector('bdi'));
    expect(activity?.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(activity?.querySelector('bdi')?.textContent).toMatch(/^[+-]/);

    await user().click(screen.getAllByRole('tab')[1]!);
    const tile = screen.getByTestId('achievement-brand_new');
    expect(within(tile).getByText('Brand New')).toBeTruthy();
    expect(within(tile).getByText('Not translated yet.')).toBeTruthy();
    expect(within(tile).getByText('New Things')).toBeTruthy();
  });
});
