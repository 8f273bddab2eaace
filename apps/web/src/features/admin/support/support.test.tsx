import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import admin from '@esim/i18n/locales/en/admin.json';
import { i18n } from '../../../lib/i18n.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { AdminContactMessage, AdminInboxView } from '../forms/views.ts';
import { Inbox, replyHref } from './inbox.tsx';
import { Subscribers } from './subscribers.tsx';

beforeAll(() => {
  i18n.addResourceBundle('en', 'admin', admin, true, true);
});

const MESSAGE: AdminContactMessage = {
  id: 5,
  name: 'Ann Traveller',
  email: 'ann+trip@example.com',
  subject: 'No data in Lisbon',
  message: 'My eSIM shows no signal.\nWhat can I do?',
  status: 'new',
  statusChangedAt: null,
  user: { id: 42, username: 'ann' },
  createdAt: '2026-11-20T09:30:00.000Z',
};

const INBOX: AdminInboxView = { rows: [MESSAGE], total: 1, page: 1, pageSize: 25, counts: { new: 1, answered: 4, closed: 2 } };

describe('Inbox', () => {
  it('shows the counts per status, opens a message with its account link and a mailto reply, and marks it answered', async () => {
    const asked: unknown[] = [];
    let changed: unknown;
    server.use(
      trpcMsw.admin.support.messages.query(({ input }) => {
        asked.push(input);
        return changed
          ? { ...INBOX, rows: [{ ...MESSAGE, status: 'answered' as const }], counts: { new: 0, answered: 5, closed: 2 } }
          : INBOX;
      }),
      trpcMsw.admin.support.setStatus.mutation(({ input }) => {
        changed = input;
        return { ...MESSAGE, status: 'answered' as const, statusChangedAt: '2026-11-21T10:00:00.000Z' };
      }),
    );
    await renderWithProviders(<Inbox search={{}} onSearch={() => {}} />);
    expect(await screen.findByRole('radio', { name: 'New (1)' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'All (7)' })).toBeTruthy();
    expect(asked[0]).toEqual({ page: 1, pageSize: 25 });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'No data in Lisbon' }));
    const article = screen.getByRole('article', { name: 'No data in Lisbon' });
    expect(within(article).getByText(/My eSIM shows no signal/)).toBeTruthy();
    expect(within(article).getByRole('link', { name: 'ann' }).getAttribute('href')).toBe('/admin/customers/42');
    const reply = within(article).getByRole('link', { name: 'Reply by e-mail' });
    expect(reply.getAttribute('href')).toBe('mailto:ann%2Btrip%40example.com?subject=Re%3A%20No%20data%20in%20Lisbon');

    await user.click(within(article).getByRole('button', { name: 'Mark answered' }));
    await waitFor(() => expect(changed).toEqual({ id: 5, status: 'answered' }));
    expect(await screen.findByRole('radio', { name: 'Answered (5)' })).toBeTruthy();
  });

  it('a reply link never lets the subject add mail headers', () => {
    expect(replyHref({ email: 'a@b.c', subject: 'Hi&cc=x@evil.test\r\nBcc: y' })).toBe(
      'mailto:a%40b.c?subject=Re%3A%20Hi%26cc%3Dx%40evil.test%0D%0ABcc%3A%20y',
    );
  });
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
