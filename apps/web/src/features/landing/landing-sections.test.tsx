import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS, REGIONS, detail } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import type { Region } from '../catalog/types.ts';
import { GlobeSection } from './globe-section.tsx';

// The real globe (canvas + map data) has its own tests; here a stand-in reports clicks.
vi.mock('../globe/index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../globe/index.ts')>();
  function FakeGlobe(props: { selectedCode?: string | null; onSelectCountry?: (code: string) => void; ariaLabel: string }) {
    return (
      <div role="img" aria-label={props.ariaLabel} data-selected={props.selectedCode ?? ''}>
        <button type="button" onClick={() => props.onSelectCountry?.('JP')}>
          click Japan
        </button>
        <button type="button" onClick={() => props.onSelectCountry?.('AQ')}>
          click Antarctica
        </button>
      </div>
    );
  }
  return { ...original, LazyGlobe: FakeGlobe };
});

/** IntersectionObserver that reports every element as on screen. */
class VisibleObserver {
  constructor(private cb: IntersectionObserverCallback) {}
  observe(el: Element) {
    this.cb([{ isIntersecting: true, target: el } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

function mockCatalog() {
  server.use(
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.catalog.region.query(() => detail('JP', [{ code: 'JP', name: 'Japan' }])),
    trpcMsw.catalog.plans.query(() => PLANS),
  );
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', VisibleObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('landing sections', () => {
  it('renders coverage, how it works, devices, testimonials, FAQ and the call to action', async () => {
    mockCatalog();
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Worldwide eSIM Coverage' })).toBeTruthy();
    expect(screen.getByText('200+')).toBeTruthy();

    const how = document.getElementById('how-it-works')!;
    expect(within(how).getByRole('heading', { level: 2, name: 'How It Works' })).toBeTruthy();
    expect(within(how).getByText('Get connected in minutes with our simple 3-step process')).toBeTruthy();
    expect(
      within(how)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Purchase', 'Install', 'Connect', 'Activate your eSIM in four steps']);
    expect(within(how).getAllByRole('list')[1]!.querySelectorAll('li')).toHaveLength(4);

    const devices = screen.getByRole('list', { name: 'Device families that support eSIM' });
    expect(
      within(devices)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'iPhone XS and newer',
      'Pixel 3 and newer',
      'Galaxy S20 and newer',
      'iPad Pro and Air',
      'Surface Pro X',
      'Other eSIM devices',
    ]);
    for (const li of within(devices).getAllByRole('listitem')) expect(li.querySelector('svg')).toBeTruthy();
    expect(screen.getByRole('link', { name: /See the full compatibility list/ }).getAttribute('href')).toBe('/devices');

    const quotes = screen.getByRole('region', { name: 'What Our Customers Say' });
    expect(within(quotes).getAllByRole('figure')).toHaveLength(3);
    expect(
      within(quotes)
        .getAllByRole('img', { name: /^Rated/ })
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['Rated 5 out of 5', 'Rated 4.5 out of 5', 'Rated 5 out of 5']);
    const half = within(quotes).getByRole('img', { name: 'Rated 4.5 out of 5' });
    expect([...half.querySelectorAll('[data-star]')].map((s) => s.getAttribute('data-star'))).toEqual([
      'full',
      'full',
      'full',
      'full',
      'half',
    ]);

    const cta = screen.getByRole('region', { name: 'Ready to travel connected?' });
    expect(
      within(cta)
        .getByRole('link', { name: /View eSIM Plans/ })
        .getAttribute('href'),
    ).toBe('/plans');
    expect(within(cta).getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/support');
    expect(screen.getByRole('link', { name: 'View all FAQs' }).getAttribute('href')).toBe('/faq');
  });

  it('FAQ accordion: five entries, one open at a time, collapsible', async () => {
    mockCatalog();
    await renderApp('/');
    const faq = await screen.findByRole('region', { name: 'Frequently Asked Questions' });
    const controls = within(faq).getAllByRole('button', { expanded: false });
    expect(controls.map((c) => c.textContent)).toEqual([
      'What is an eSIM?',
      'How do I install my eSIM?',
      'Can I make calls and send texts with my eSIM?',
      'When does my plan start?',
      'What happens if I run out of data?',
    ]);
    const user = userEvent.setup();
    await user.click(controls[0]!);
    expect(controls[0]!.getAttribute('aria-expanded')).toBe('true');
    await user.click(controls[3]!);
    expect(controls[3]!.getAttribute('aria-expanded')).toBe('true');
    expect(controls[0]!.getAttribute('aria-expanded')).toBe('false');
    expect(within(faq).getByText(/validity period starts at activation, not at purchase/)).toBeTruthy();
    await user.click(controls[3]!);
    expect(controls.every((c) => c.getAttribute('aria-expanded') === 'false')).toBe(true);
  });
});

describe('GlobeSection', () => {
  it('a globe click selects that country region; unsold countries get a note', async () => {
    server.use(trpcMsw.catalog.regions.query(() => REGIONS));
    const onSelectRegion = vi.fn<(r: Region) => void>();
    await renderWithProviders(<GlobeSection selectedCode="FR" onSelectRegion={onSelectRegion} />);
    const globe = await screen.findByRole('img', { name: /Interactive globe/ });
    expect(globe.getAttribute('data-selected')).toBe('FR');
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: 'click Japan' }));
      expect(onSelectRegion).toHaveBeenCalledTimes(1);
    });
    expect(onSelectRegion.mock.calls[0]![0].code).toBe('JP');
    fireEvent.click(screen.getByRole('button', { name: 'click Antarctica' }));
    expect(
      await screen.findByText('There is no single-country plan for Antarctica yet. A regional or global plan below may cover it.'),
    ).toBeTruthy();
    expect(onSelectRegion).toHaveBeenCalledTimes(1);
  });

  it('on the landing page a globe pick selects the region and scrolls to its plans after ~1.5 s', async () => {
    mockCatalog();
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { router } = await renderApp('/');
    await screen.findByRole('img', { name: /Interactive globe/ });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^United States/ }).length).toBeGreaterThan(0));
    const toPlans = () => scrolled.mock.contexts.some((el) => (el as Element).id === 'region-plans');
    fireEvent.click(screen.getByRole('button', { name: 'click Japan' }));
    const clicked = Date.now();
    await waitFor(() => expect(router.state.location.search).toEqual({ region: 'JP' }));
    expect(await screen.findByRole('heading', { name: 'Japan eSIM Plans' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /Interactive globe/ }).getAttribute('data-selected')).toBe('JP');
    if (Date.now() - clicked < 1200) expect(toPlans()).toBe(false); // not yet: the globe is turning
    await waitFor(() => expect(toPlans()).toBe(true), { timeout: 4000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1450);
  });
});
