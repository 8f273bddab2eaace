// The shared bar chart: bar heights, the image's name, the legend with several series, and the
// figures table behind its toggle.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { BarChart, barHeight } from './bar-chart.tsx';

describe('barHeight', () => {
  it.each([
    [0, 10, '0%'],
    [10, 10, '100%'],
    [5, 10, '50%'],
    [1, 1000, '2%'],
    [3, 0, '100%'],
  ])('%d of %d → %s', (value, max, height) => {
    expect(barHeight(value, max)).toBe(height);
  });
});

const points = [
  { day: 'Mon', a: 4, b: 1 },
  { day: 'Tue', a: 0, b: 2 },
  { day: 'Wed', a: 8, b: 0 },
];
const texts = {
  heading: 'Things per day',
  summary: '12 things in 3 days.',
  pointHeader: 'Day',
  showFigures: 'Show the figures',
  hideFigures: 'Hide the figures',
};

describe('BarChart', () => {
  it('is one image named by the summary, bars sized to each series, the figures as a table, newest first', async () => {
    await renderWithProviders(
      <BarChart
        name="things"
        texts={texts}
        points={points}
        pointKey={(p) => p.day}
        pointLabel={(p) => p.day}
        axisLabel={(p) => p.day.toLowerCase()}
        series={[
          {
            key: 'a',
            label: 'A',
            legend: 'A things',
            color: 'red',
            value: (p) => p.a,
            format: (v) => `${v} a`,
            formatText: (v) => `${v} a`,
          },
          { key: 'b', label: 'B', color: 'blue', value: (p) => p.b, format: (v) => `${v} b`, formatText: (v) => `${v} b` },
        ]}
      />,
    );
    const image = screen.getByRole('img', { name: '12 things in 3 days.' });
    const slots = [...image.children] as HTMLElement[];
    expect(slots.map((s) => [...s.children].map((bar) => (bar as HTMLElement).style.height))).toEqual([
      ['50%', '50%'],
      ['0%', '100%'],
      ['100%', '0%'],
    ]);
    expect(slots[0]!.title).toBe('Mon: A things 4 a, B 1 b');
    expect(screen.getByText('A things (max 8 a)')).toBeTruthy();
    expect(screen.getByText('mon')).toBeTruthy();
    expect(screen.getByText('wed')).toBeTruthy();

    const toggle = screen.getByRole('button', { name: 'Show the figures' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup({ delay: null }).click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByRole('table', { name: 'Things per day' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['DayAB', 'Wed8 a0 b', 'Tue0 a2 b', 'Mon4 a1 b']);
  });

  it('draws nothing but the summary when there are no points', async () => {
    await renderWithProviders(
      <BarChart
        name="things"
        texts={{ ...texts, summary: 'Nothing yet.' }}
        points={[]}
        pointKey={(p: (typeof points)[number]) => p.day}
        pointLabel={(p) => p.day}
        axisLabel={(p) => p.day}
        series={[{ key: 'a', label: 'A', color: 'red', value: (p) => p.a, format: String, formatText: String }]}
      />,
    );
    expect(screen.getByTestId('things-chart-summary').textContent).toBe('Nothing yet.');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show the figures' })).toBeNull();
  });
});
