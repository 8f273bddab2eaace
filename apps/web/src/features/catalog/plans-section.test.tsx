import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCError } from '@trpc/server';
import { delay } from 'msw';
import arDestinations from '@esim/i18n/locales/ar/destinations.json';
import arLanding from '@esim/i18n/locales/ar/landing.json';
import { i18n } from '../../lib/i18n.ts';
import { PLANS, byCode, detail } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PlansSection } from './plans-section.tsx';

const JP_COVERAGE = detail('JP', [{ code: 'JP', name: 'Japan' }]);

function mock({
  plans = PLANS,
  countries = JP_COVERAGE.countries,
}: {
  plans?: typeof PLANS | 'pending' | 'error';
  countries?: { code: string; name: string }[];
} = {}) {
  server.use(
    trpcMsw.catalog.region.query(({ input }) => ({ ...detail(input.id === 2 ? 'GLOBAL' : 'JP', countries) })),
    trpcMsw.catalog.plans.query(async () => {
      if (plans === 'pending') await delay('infinite');
      if (plans === 'error') throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'boom' });
      return plans as typeof PLANS;
    }),
  );
}

describe('PlansSection', () => {
  it('titles the section with the region and lists covered countries', async () => {
    mock({
      countries: [
        { code: 'JP', name: 'Japan' },
        { code: 'UK', name: 'United Kingdom' },
      ],
    });
    await renderPlans('JP');
    expect(screen.getByRole('heading', { name: 'Japan eSIM Plans', level: 2 })).toBeTruthy();
    expect(screen.getByText('Instant activation, 4G/5G networks')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Countries Covered' })).toBeTruthy();
    const chips = await screen.findByRole('list', { name: 'Countries Covered' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Japan', 'United Kingdom']);
    expect(chips.querySelectorAll('img')[1]!.getAttribute('src')).toBe('/flags/4x3/gb.svg');
  });

  it('shows a labelled spinner while the plans load', async () => {
    mock({ plans: 'pending' });
    await renderPlans('JP');
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Loading plans');
  });

  it("says 'No plans available for this region.' when there are none", async () => {
    mock({ plans: [] });
    await renderPlans('JP');
    expect(await screen.findByText('No plans available for this region.')).toBeTruthy();
  });

  it("shows 'Failed to fetch plans' when the call fails", async () => {
    mock({ plans: 'error' });
    await renderPlans('JP');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch plans');
  });

  it('shows the worldwide texts for GLOBAL instead of chips', async () => {
    mock();
    await renderPlans('GLOBAL');
    expect(screen.getByText('200+ countries')).toBeTruthy();
    expect(screen.getByText('Worldwide coverage')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See details for specific countries' }).getAttribute('href')).toBe('/coverage');
    expect(screen.queryByRole('list', { name: 'Countries Covered' })).toBeNull();
  });

  it("says 'Coverage information not available' without coverage rows", async () => {
    mock({ countries: [] });
    await renderPlans('JP');
    expect(await screen.findByText('Coverage information not available')).toBeTruthy();
  });

  it('renders one-time cards by default: price, validity badge, data, features, ribbon', async () => {
    mock();
    await renderPlans('JP');
    expect(screen.getByRole('tab', { name: 'One-time Purchase' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Pay once for the duration of your trip. No auto-renewals or recurring charges.')).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const [oneGb, fiveGb, dayPass] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(oneGb).getByText('$4.50')).toBeTruthy();
    expect(within(oneGb).getByText('7 Days')).toBeTruthy();
    expect(within(oneGb).getByText('1 GB Data')).toBeTruthy();
    expect(within(oneGb).getByRole('heading', { name: 'Japan 1 GB – 7 days' })).toBeTruthy();
    expect(within(oneGb).getByText('Instant activation')).toBeTruthy();
    // Composed from the facts: 1 GB allows no tethering; the stored 'A day pass.' is not shown.
    expect(within(oneGb).queryByText('Hotspot / tethering allowed')).toBeNull();
    expect(within(dayPass).getByRole('heading', { name: 'Japan 1 GB – 1 day' })).toBeTruthy();
    expect(within(dayPass).queryByText('A day pass.')).toBeNull();
    expect(within(oneGb).queryByText('MOST POPULAR')).toBeNull();
    expect(within(fiveGb).getByText('MOST POPULAR')).toBeTruthy();
    expect(within(dayPass).getByText('1 Day')).toBeTruthy();
    expect(within(oneGb).queryByText('/ month')).toBeNull();
  });

  it('subscription cards: only 30-day plans, at 85% of the price per month, with the subscription perks', async () => {
    mock();
    await renderPlans('JP');
    await screen.findAllByRole('article');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Monthly Subscription' }));
    expect(screen.getByText('Subscribe monthly and save. Cancel anytime. Ideal for frequent travelers.')).toBeTruthy();
    // The 7-day and 1-day plans make no sense monthly: only the 30-day plan is offered.
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(1);
    const fiveGb = cards[0]!;
    expect(within(fiveGb).getByRole('heading', { name: 'Japan 5 GB – 30 days' })).toBeTruthy();
    // 1799 × 0.85 = 1529.15 → $15.29
    expect(within(fiveGb).getByText('$15.29')).toBeTruthy();
    for (const text of ['Monthly', '/ month', 'Save 15%', 'Auto-renews monthly', 'Priority support']) {
      expect(within(fiveGb).getByText(text)).toBeTruthy();
    }
    expect(within(fiveGb).queryByText('30 Days')).toBeNull();
  });

  it('converts prices to the chosen currency', async () => {
    localStorage.setItem('preferredCurrency', 'EUR');
    mock();
    await renderPlans('JP');
    const [oneGb] = (await screen.findAllByRole('article')) as [HTMLElement];
    // 450 × 0.93 = 418.5 → €4.19
    expect(within(oneGb).getByText('€4.19')).toBeTruthy();
  });

  it('names the region and the covered countries in the UI language (Arabic)', async () => {
    i18n.addResourceBundle('ar', 'landing', arLanding, true, true);
    i18n.addResourceBundle('ar', 'destinations', arDestinations, true, true);
    await i18n.changeLanguage('ar');
    try {
      mock({
        countries: [
          { code: 'JP', name: 'Japan' },
          { code: 'UK', name: 'United Kingdom' },
        ],
      });
      await renderPlans('JP');
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(arLanding.plans.title.replace('{{region}}', 'اليابان'));
      expect(screen.getByRole('heading', { level: 2 }).querySelector('bdi')?.textContent).toBe('اليابان');
      const chips = await screen.findByRole('list', { name: arLanding.plans.countriesCovered });
      expect(
        within(chips)
          .getAllByRole('listitem')
          .map((li) => li.querySelector('bdi')?.textContent),
      ).toEqual(['اليابان', 'المملكة المتحدة']);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('PlansSection: the compare view', () => {
  it('switches from cards to one accessible table row per plan, with price per GB and the best value', async () => {
    mock({
      plans: [
        { ...PLANS[0]!, facts: { operators: [{ country: 'JP', name: 'NTT Docomo', generation: '5G' }] } },
        PLANS[1]!,
        { ...PLANS[2]!, dataMb: null, dataAmount: 'Unlimited' },
      ],
    });
    await renderPlans('JP');
    const user = userEvent.setup();
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('radio', { name: 'Compare' }));
    const table = await screen.findByRole('table', { name: 'Japan plans compared' });
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Plan', 'Data', 'Days', 'Price', 'Price per GB', 'Network', 'Buy']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    // $4.50 for 1 GB; $17.99 for 5 GB → $3.60 a GB, the best value; unlimited has no price per GB.
    expect(cells(rows[0]!).slice(0, 5)).toEqual(['1 GB', '7', '$4.50', '$4.50', 'NTT Docomo · 5G']);
    expect(cells(rows[1]!).slice(0, 5)).toEqual(['5 GB', '30', '$17.99', '$3.60Best value', 'Not stated']);
    expect(cells(rows[2]!).slice(0, 4)).toEqual(['Unlimited', '1', '$1.00', 'Unlimited data']);
    expect(
      within(rows[1]!)
        .getByRole('link', { name: /^Buy Now – / })
        .getAttribute('href'),
    ).toBe('/checkout/102');
    // The scroll box is a named, focusable region (a phone scrolls the table sideways).
    expect(screen.getByRole('region', { name: 'Japan plans compared' }).getAttribute('tabindex')).toBe('0');

    await user.click(screen.getByRole('radio', { name: 'Cards' }));
    expect(await screen.findAllByRole('article')).toHaveLength(3);
  });
});

async function renderPlans(code: string) {
  return renderWithProviders(<PlansSection region={byCode(code)} />);
}
