// Links inside an HTML answer carry the current language's URL, so opening one in a new tab
// keeps the language; a plain click still goes through the router.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { FaqAnswer } from './faq-answer.tsx';

const HTML = 'See the <a href="/devices">compatible devices</a> or <a href="https://example.com/x">elsewhere</a>.';

describe('FaqAnswer links', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('keeps English paths as they are and routes a click', async () => {
    const { router } = await renderWithProviders(<FaqAnswer text={HTML} html />);
    const link = screen.getByRole('link', { name: 'compatible devices' });
    expect(link.getAttribute('href')).toBe('/devices');
    expect(screen.getByRole('link', { name: 'elsewhere' }).getAttribute('href')).toBe('https://example.com/x');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices'));
  });

  it('prefixes the shop paths with the current language and routes to the unprefixed path', async () => {
    await i18n.changeLanguage('ar');
    const { router } = await renderWithProviders(<FaqAnswer text={HTML} html />);
    const link = screen.getByRole('link', { name: 'compatible devices' });
    expect(link.getAttribute('href')).toBe('/ar/devices');
    expect(screen.getByRole('link', { name: 'elsewhere' }).getAttribute('href')).toBe('https://example.com/x');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices'));
  });
});
