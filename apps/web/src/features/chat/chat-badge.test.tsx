// The support page's live-chat badge (issue 30): the spec's 'Available 24/7' only while an agent
// is online; otherwise when a person answers (within the timeout in office hours, from the next
// opening outside them, or by e-mail when there are no office hours).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render.tsx';
import { server, trpcMsw } from '../../test/msw.ts';

async function badgeText(): Promise<HTMLElement> {
  await renderApp('/support');
  await screen.findByRole('heading', { level: 1, name: 'How can we help?' });
  return document.getElementById('live-chat')!;
}

describe('live chat badge', () => {
  it("says 'Available 24/7' while an agent is online", async () => {
    const chat = await badgeText();
    expect(await within(chat).findByText('Available 24/7')).toBeTruthy();
  });

  it('within office hours with nobody online: answered within the timeout', async () => {
    server.use(trpcMsw.chat.availability.query(() => ({ kind: 'soon' as const, withinMinutes: 5 })));
    const chat = await badgeText();
    expect(await within(chat).findByText('A person answers within 5 min')).toBeTruthy();
    expect(within(chat).queryByText('Available 24/7')).toBeNull();
  });

  it('outside office hours: when a person will answer', async () => {
    server.use(trpcMsw.chat.availability.query(() => ({ kind: 'opens' as const, at: '2026-03-02T09:00:00.000Z' })));
    const chat = await badgeText();
    expect(await within(chat).findByText(/^A person answers from Mon/)).toBeTruthy();
    expect(within(chat).queryByText('Available 24/7')).toBeNull();
  });

  it('no office hours: by e-mail', async () => {
    server.use(trpcMsw.chat.availability.query(() => ({ kind: 'email' as const })));
    const chat = await badgeText();
    expect(await within(chat).findByText('We answer by e-mail')).toBeTruthy();
  });
});
