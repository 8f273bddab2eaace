// /devices in the real route tree: brands with their models, the exceptions as notes, a search
// that narrows the list (case and accents ignored), and the empty answer.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render.tsx';

const brands = () =>
  within(screen.getByTestId('device-brands'))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const models = () => screen.queryAllByTestId('device-model').map((m) => m.querySelector('bdi')?.textContent);

describe('/devices', () => {
  it('lists devices by brand, with notes and how to check', async () => {
    await renderApp('/devices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Compatible Devices' })).toBeTruthy();
    await screen.findAllByTestId('device-model');
    expect(brands().slice(0, 3)).toEqual(['Apple', 'Google', 'Samsung']);
    const apple = screen.getByRole('region', { name: 'Apple' });
    expect(within(apple).getByText('iPhone XS')).toBeTruthy();
    expect(within(apple).getByText(/mainland China, Hong Kong and Macao/)).toBeTruthy();
    const onePlus = screen.getByRole('region', { name: 'OnePlus' });
    expect(within(onePlus).getAllByText('No eSIM').length).toBe(1);
    expect(within(onePlus).getAllByText('Check with your carrier').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'How to check your device' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your device must be carrier-unlocked' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Compatible Devices | eSIM Shop'));
  });

  it('narrows the list as the traveller types, ignoring case and accents', async () => {
    await renderApp('/devices');
    await screen.findAllByTestId('device-model');
    const u = userEvent.setup({ delay: null });
    const search = screen.getByRole('searchbox', { name: 'Search by brand or model' });
    await u.type(search, 'XPÉRIA 1 v');
    await waitFor(() => expect(models()).toEqual(['Xperia 1 V', 'Xperia 1 VI', 'Xperia 1 VII']));
    expect(brands()).toEqual(['Sony']);
    expect(screen.getByText('3 models found')).toBeTruthy();

    await u.clear(search);
    await u.type(search, 'Nokia 3310');
    expect(await screen.findByText(/No devices found matching/)).toBeTruthy();
    expect(models()).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(models().length).toBeGreaterThan(100));
  });
});
