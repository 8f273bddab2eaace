import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import admin from '@esim/i18n/locales/en/admin.json';
import { i18n } from '../../../lib/i18n.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { Subscribers } from './subscribers.tsx';

beforeAll(() => {
  i18n.addResourceBundle('en', 'admin', admin, true, true);
});

describe('Subscribers', () => {
  it('has a real download link to the CSV and a paged table', async () => {
    server.use(
      trpcMsw.admin.support.subscribers.query(() => ({
        rows: [{ id: 1, email: 'bo@example.com', locale: 'de', source: 'blog', createdAt: '2026-11-02T08:00:00.000Z' }],
        total: 30,
        page: 1,
        pageSize: 25,
      })),
    );
    await renderWithProviders(<Subscribers search={{}} onSearch={() => {}} />);
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe('/api/admin/newsletter.csv');
    expect(link.hasAttribute('download')).toBe(true);
    expect(await screen.findByText('bo@example.com')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2 · 30 results')).toBeTruthy();
  });
});
