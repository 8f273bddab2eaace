import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arPlans from '@esim/i18n/locales/ar/plans.json';
import arLanding from '@esim/i18n/locales/ar/landing.json';
import { PLANS, REGIONS, byCode } from '../../test/fixtures.ts';
import { trpcMsw, server } from '../../test/msw.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { i18n } from '../../lib/i18n.ts';
import { PlanCard } from './plan-card.tsx';
import { readSelectedPlan } from './selected-plan.ts';

const plan = PLANS[1]!;
/** Composed from the plan's facts (Japan, 5 GB, 30 days), not its stored 'Japan 5GB - 30 Days'. */
const NAME = 'Japan 5 GB – 30 days';
const japan = byCode('JP');

describe('PlanCard', () => {
  it("'Select Plan' stores the plan in sessionStorage and goes to /checkout", async () => {
    await renderWithProviders(<PlanCard plan={plan} mode="onetime" region={japan} />);
    await userEvent.setup().click(screen.getByRole('button', { name: `Select Plan – ${NAME}` }));
    expect(JSON.parse(sessionStorage.getItem('selectedPlan')!)).toEqual(plan);
    expect(readSelectedPlan()).toEqual(plan);
    expect((await screen.findByTestId('location')).textContent).toBe('/checkout');
  });

  it("'Select Plan' in subscription mode goes to /subscribe", async () => {
    await renderWithProviders(<PlanCard plan={plan} mode="subscription" region={japan} />);
    await userEvent.setup().click(screen.getByRole('button', { name: /^Select Plan – / }));
    expect(JSON.parse(sessionStorage.getItem('selectedPlan')!)).toMatchObject({ id: plan.id });
    expect((await screen.findByTestId('location')).textContent).toBe('/subscribe');
  });

  it("'Buy Now' links to /checkout/{plan id}", async () => {
    await renderWithProviders(<PlanCard plan={plan} mode="onetime" region={japan} />);
    const buy = screen.getByRole('link', { name: `Buy Now – ${NAME}` });
    expect(buy.getAttribute('href')).toBe(`/checkout/${plan.id}`);
    expect(buy.textContent).toBe('Buy Now');
    await userEvent.setup().click(buy);
    expect((await screen.findByTestId('location')).textContent).toBe(`/checkout/${plan.id}`);
  });

  it("'Buy Now' in subscription mode leads to the subscription checkout for that plan, not a one-time one", async () => {
    await renderWithProviders(<PlanCard plan={plan} mode="subscription" region={japan} />);
    const buy = screen.getByRole('link', { name: `Buy Now – ${NAME}` });
    expect(buy.getAttribute('href')).toBe('/subscribe');
    await userEvent.setup().click(buy);
    expect(readSelectedPlan()).toEqual(plan);
    expect((await screen.findByTestId('location')).textContent).toBe('/subscribe');
  });

  it('shows the name, description and features composed from the facts, in English', async () => {
    await renderWithProviders(<PlanCard plan={plan} mode="onetime" region={japan} />);
    const card = screen.getByRole('article', { name: NAME });
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe(NAME);
    expect(card.textContent).toContain('5 GB of mobile data in Japan, valid for 30 days.');
    expect(card.textContent).toContain('5 GB Data');
    const features = within(within(card).getByRole('list', { name: 'Plan features' })).getAllByRole('listitem');
    // The fixture plan's provider said nothing: no network, hotspot or top-up claim (its stored English features are not shown either).
    expect(features.map((li) => li.textContent)).toEqual(['Instant activation', 'Data only (no calls or SMS)']);
    expect(card.textContent).not.toContain(plan.name);
  });

  it('shows what the provider said about the plan, and only that', async () => {
    const said = {
      ...plan,
      facts: {
        operators: [{ country: 'JP', name: 'NTT Docomo', generation: '5G' as const }],
        hotspot: false,
        topUps: true,
        validityStarts: 'first_connection' as const,
      },
    };
    await renderWithProviders(<PlanCard plan={said} mode="onetime" region={japan} />);
    const card = screen.getByRole('article', { name: NAME });
    expect(card.textContent).toContain('5 GB of mobile data in Japan, valid for 30 days. Validity starts when you first connect.');
    const features = within(within(card).getByRole('list', { name: 'Plan features' })).getAllByRole('listitem');
    expect(features.map((li) => li.textContent)).toEqual([
      '5G where available',
      'No hotspot / tethering',
      'Top-ups available',
      'Validity starts when you first connect',
      'Instant activation',
      'Data only (no calls or SMS)',
    ]);
  });

  it('finds the region in the regions query when none is given; a bundle names its coverage', async () => {
    server.use(trpcMsw.catalog.regions.query(() => REGIONS));
    const europe = byCode('EU');
    await renderWithProviders(<PlanCard plan={{ ...plan, regionId: europe.id, dataMb: null, validityDays: 10 }} mode="onetime" />);
    const card = await screen.findByRole('article', { name: 'Europe Unlimited – 10 days' });
    expect(within(card).getAllByRole('listitem')[0]!.textContent).toBe('One eSIM for 3 countries');
    expect(card.textContent).toContain('Unlimited Data');
  });

  it('shows the stored texts until the region is known', async () => {
    server.use(trpcMsw.catalog.regions.query(() => []));
    await renderWithProviders(<PlanCard plan={plan} mode="onetime" />);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(plan.name);
  });

  describe('in Arabic', () => {
    afterEach(() => {
      i18n.removeResourceBundle('ar', 'plans');
      i18n.removeResourceBundle('ar', 'landing');
    });

    it('composes the name, plural and features in Arabic, with the destination from CLDR', async () => {
      i18n.addResourceBundle('ar', 'plans', arPlans, true, true);
      i18n.addResourceBundle('ar', 'landing', arLanding, true, true);
      await i18n.changeLanguage('ar');
      localStorage.setItem('preferredLanguage', 'ar');
      await renderWithProviders(<PlanCard plan={{ ...plan, validityDays: 2 }} mode="onetime" region={japan} />);
      const name = 'اليابان 5 غ.ب – يومان';
      const card = await screen.findByRole('article', { name });
      expect(card.textContent).toContain('من بيانات الجوال في اليابان');
      expect(card.textContent).not.toContain('4G/5G');
      expect(card.textContent).toContain('5 غ.ب من البيانات');
      expect(card.textContent).not.toContain('Japan');
      expect(card.textContent).not.toContain('Instant activation');
    });
  });

  it('ignores a stored value that is not a plan', () => {
    sessionStorage.setItem('selectedPlan', '{"foo":1}');
    expect(readSelectedPlan()).toBeNull();
    sessionStorage.setItem('selectedPlan', 'not json');
    expect(readSelectedPlan()).toBeNull();
  });
});
