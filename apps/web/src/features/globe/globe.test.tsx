// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Globe from './Globe.tsx';
import { createProjection } from './globe-renderer.ts';
import { GlobeFallback, LazyGlobe } from './index.ts';
import { presetRotation } from './rotation.ts';

const labels = { pause: 'Pause rotation', play: 'Play rotation' };
const WIDTH = 600;
const HEIGHT = 400;

function mockReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
}

function toggle(): HTMLButtonElement {
  return screen.getByRole<HTMLButtonElement>('button', { name: labels.pause });
}

beforeEach(() => {
  // happy-dom does no layout: give every element the globe's box.
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    width: WIDTH,
    height: HEIGHT,
    right: WIDTH,
    bottom: HEIGHT,
    toJSON: () => ({}),
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Globe', () => {
  it('renders an image, a pressed-state toggle and decorative bubbles', () => {
    mockReducedMotion(false);
    const { container } = render(<Globe ariaLabel="World map of our coverage" labels={labels} />);
    expect(screen.getByRole('img', { name: 'World map of our coverage' }).tagName).toBe('CANVAS');
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    expect(toggle().disabled).toBe(false);
    const bubbles = container.querySelector('[aria-hidden="true"]');
    expect(bubbles?.textContent).toContain('Connected in Tokyo ✓');
    expect(bubbles?.textContent).toContain('5G · 120 Mbps');
  });

  it('takes translated bubble texts', () => {
    mockReducedMotion(false);
    render(<Globe ariaLabel="Globe" labels={labels} bubbles={['Conectado en Tokio ✓']} />);
    expect(screen.getByText('Conectado en Tokio ✓').closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('toggles aria-pressed when paused and played', () => {
    mockReducedMotion(false);
    render(<Globe ariaLabel="Globe" labels={labels} />);
    expect(toggle().title).toBe(labels.pause);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    expect(toggle().title).toBe(labels.play);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
  });

  it('does not auto-rotate by default under prefers-reduced-motion', () => {
    mockReducedMotion(true);
    render(<Globe ariaLabel="Globe" labels={labels} />);
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
  });

  it('disables the toggle during the 1.5 s rotate-to, then pauses on the region', async () => {
    // The animation's clock is run ahead by the test, not waited for.
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout', 'clearTimeout', 'Date'] });
    mockReducedMotion(false);
    const { rerender, container } = render(<Globe ariaLabel="Globe" labels={labels} selectedCode={null} />);
    expect(toggle().disabled).toBe(false);

    rerender(<Globe ariaLabel="Globe" labels={labels} selectedCode="US" />);
    expect(toggle().disabled).toBe(true);
    expect(container.firstElementChild?.getAttribute('data-rotating')).toBe('true');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-pressed')).toBe('true');

    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(toggle().disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(toggle().disabled).toBe(false);
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    vi.useRealTimers();
  });

  it('jumps without disabling the toggle under prefers-reduced-motion', () => {
    mockReducedMotion(true);
    const { rerender } = render(<Globe ariaLabel="Globe" labels={labels} />);
    rerender(<Globe ariaLabel="Globe" labels={labels} selectedCode="CN" />);
    expect(toggle().disabled).toBe(false);
  });

  it('reports the clicked country as an alpha-2 code (UK for the United Kingdom)', async () => {
    mockReducedMotion(true);
    const onSelectCountry = vi.fn<(alpha2: string) => void>();
    const { container, rerender } = render(<Globe ariaLabel="Globe" labels={labels} selectedCode="CN" onSelectCountry={onSelectCountry} />);
    await waitFor(() => expect(container.firstElementChild?.getAttribute('data-state')).toBe('ready'));
    const canvas = screen.getByRole('img');

    const clickAt = (code: string, lonLat: [number, number]) => {
      const rotation = presetRotation(code);
      if (!rotation) throw new Error('no preset');
      const point = createProjection(WIDTH, HEIGHT, rotation)(lonLat);
      if (!point) throw new Error('not projectable');
      fireEvent.click(canvas, { clientX: point[0], clientY: point[1] });
    };

    clickAt('CN', [116.4, 39.9]); // Beijing
    expect(onSelectCountry).toHaveBeenLastCalledWith('CN');

    rerender(<Globe ariaLabel="Globe" labels={labels} selectedCode="UK" onSelectCountry={onSelectCountry} />);
    clickAt('UK', [-1.5, 52.5]); // the English Midlands
    expect(onSelectCountry).toHaveBeenLastCalledWith('UK');

    onSelectCountry.mockClear();
    clickAt('UK', [-30, 45]); // the Atlantic
    fireEvent.click(canvas, { clientX: 1, clientY: 1 }); // outside the globe
    expect(onSelectCountry).not.toHaveBeenCalled();
  });

  it('a finger beside a small country still chooses it; the open ocean reports a miss', async () => {
    mockReducedMotion(true);
    const onSelectCountry = vi.fn<(alpha2: string) => void>();
    const onMissCountry = vi.fn<() => void>();
    const { container } = render(
      <Globe ariaLabel="Globe" labels={labels} selectedCode="EU" onSelectCountry={onSelectCountry} onMissCountry={onMissCountry} />,
    );
    await waitFor(() => expect(container.firstElementChild?.getAttribute('data-state')).toBe('ready'));
    const canvas = screen.getByRole('img');
    const projection = createProjection(WIDTH, HEIGHT, presetRotation('EU')!);
    // 10 px west of Lisbon's coast, in the Atlantic (found by walking west off the land).
    const lisbon = projection([-9.14, 38.7])!;
    const world = (await import('./world.ts')).loadWorld();
    const { countryAt } = await import('./hit-test.ts');
    const { countries } = await world;
    let x = lisbon[0];
    while (countryAt(projection, countries, [x, lisbon[1]])) x -= 1;
    const tap = (px: number, pointerType: string) => {
      fireEvent.pointerDown(canvas, { pointerType, clientX: px, clientY: lisbon[1] });
      fireEvent.click(canvas, { clientX: px, clientY: lisbon[1] });
    };

    tap(x - 9, 'mouse'); // a mouse points precisely: the ocean
    expect(onSelectCountry).not.toHaveBeenCalled();
    expect(onMissCountry).toHaveBeenCalledTimes(1);
    tap(x - 9, 'touch'); // a fingertip covers the coast
    expect(onSelectCountry).toHaveBeenLastCalledWith('PT');
    tap(x - 60, 'touch'); // far out at sea
    expect(onMissCountry).toHaveBeenCalledTimes(2);
    expect(onSelectCountry).toHaveBeenCalledTimes(1);
  });

  it('shows a pointer over countries only', async () => {
    mockReducedMotion(true);
    const { container } = render(<Globe ariaLabel="Globe" labels={labels} selectedCode="US" />);
    await waitFor(() => expect(container.firstElementChild?.getAttribute('data-state')).toBe('ready'));
    const canvas = screen.getByRole('img');
    const rotation = presetRotation('US');
    if (!rotation) throw new Error('no preset');
    const point = createProjection(WIDTH, HEIGHT, rotation)([-100, 40]);
    if (!point) throw new Error('not projectable');
    fireEvent.pointerMove(canvas, { clientX: point[0], clientY: point[1], pointerType: 'mouse' });
    await waitFor(() => expect(canvas.style.cursor).toBe('pointer'));
    fireEvent.pointerLeave(canvas);
    expect(canvas.style.cursor).toBe('');
  });
});

describe('lazy loading', () => {
  it('shows the fallback circle, then the globe', async () => {
    mockReducedMotion(false);
    render(
      <Suspense fallback={<GlobeFallback height={300} />}>
        <LazyGlobe ariaLabel="Globe" labels={labels} height={300} />
      </Suspense>,
    );
    expect(screen.getByTestId('globe-fallback').style.blockSize).toBe('300px');
    await screen.findByRole('img', { name: 'Globe' });
    expect(screen.queryByTestId('globe-fallback')).toBeNull();
  });
});
