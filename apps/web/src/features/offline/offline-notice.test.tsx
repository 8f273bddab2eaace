// The offline banner: shown when the browser says it has no connection, and also when it says it
// has one but the shop cannot be reached (the health check fails); gone once it can be.
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import app from '@esim/i18n/locales/en/app.json';
import { i18n } from '../../lib/i18n.ts';
import { server } from '../../test/msw.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { OfflineNotice } from './offline-notice.tsx';

const setOnLine = (value: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });

describe('OfflineNotice', () => {
  // The banner's texts are in the 'app' namespace, which the shop loads when the connection drops.
  i18n.addResourceBundle('en', 'app', app, true, true);

  afterEach(() => {
    setOnLine(true);
    vi.useRealTimers();
  });

  it('shows nothing while the browser is online and the shop answers', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/health', () => {
        asked += 1;
        return HttpResponse.json({ status: 'ok' });
      }),
    );
    await renderWithProviders(<OfflineNotice />);
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the banner when the browser says it is offline', async () => {
    setOnLine(false);
    await renderWithProviders(<OfflineNotice />);
    expect((await screen.findByRole('status')).textContent).toContain("You're offline");
  });

  it('shows the banner when the browser says online but the shop cannot be reached', async () => {
    server.use(http.get('*/api/health', () => HttpResponse.error()));
    await renderWithProviders(<OfflineNotice />);
    expect((await screen.findByRole('status')).textContent).toContain('The details shown may be out of date.');
  });

  it('takes the banner away when the browser says the connection is back and the shop answers', async () => {
    let up = false;
    server.use(http.get('*/api/health', () => (up ? HttpResponse.json({ status: 'ok' }) : HttpResponse.error())));
    await renderWithProviders(<OfflineNotice />);
    await screen.findByRole('status');
    up = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
