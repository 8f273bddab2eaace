// The proposal's cards (issue 28): a plan resumed on a return (Japan, Korea, Japan) says each
// period it is used in, so the traveller knows to switch back to it; the proposal comes from the
// planner itself (planTrip), not a hand-written answer.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { planTrip, type TripPlanOption } from '@esim/api/domain';
import trip from '@esim/i18n/locales/en/trip.json';
import { i18n } from '../../lib/i18n.ts';
import { REGIONS } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { TripResult, type TripProposal } from './trip-result.tsx';

beforeAll(() => {
  i18n.addResourceBundle('en', 'trip', trip, true, true);
});

const plan = (id: number, regionCode: string, priceMinor: number, validityDays: number): TripPlanOption => ({
  id,
  regionCode,
  kind: 'local',
  countries: [regionCode],
  dataMb: 10_240,
  validityDays,
  priceMinor,
});

describe('TripResult', () => {
  it('a plan resumed after another country lists both periods', async () => {
    const proposal = planTrip({
      stops: [
        { country: 'JP', start: '2027-04-01', end: '2027-04-05', layover: false },
        { country: 'KR', start: '2027-04-06', end: '2027-04-08', layover: false },
        { country: 'JP', start: '2027-04-09', end: '2027-04-12', layover: false },
      ],
      usage: 'light',
      currency: 'USD',
      plans: [plan(1, 'JP', 1200, 15), plan(2, 'KR', 500, 7), plan(3, 'JP', 800, 7)],
    }) as TripProposal;
    await renderWithProviders(<TripResult proposal={proposal} regions={REGIONS} />);
    const cards = screen.getAllByTestId('trip-plan');
    expect(cards).toHaveLength(2);
    const japan = within(cards[0] as HTMLElement);
    expect(japan.getByText('Use from Apr 1, 2027 to Apr 5, 2027')).toBeTruthy();
    expect(japan.getByText('Switch back to it from Apr 9, 2027 to Apr 12, 2027')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Use from Apr 6, 2027 to Apr 8, 2027')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).queryByText(/Switch back/)).toBeNull();
  });
});
