import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { toast } from '../components/toast.tsx';
import { Header } from './header.tsx';

/** The menu behind the button loads lazily; wait for the real trigger (aria-haspopup). */
async function menuButton(name: RegExp) {
  return waitFor(() => {
    const button = screen.getByRole('button', { name, hidden: true });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    return button;
  });
}

describe('Header', () => {
  it('switches language from the menu: <html lang dir> follow and the choice is stored', async () => {
    await renderWithProviders(<Header />);
    const user = userEvent.setup();
    await user.click(await menuButton(/^EN – Change language, current: English$/));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).getAllByRole('menuitem', { hidden: true })).toHaveLength(10);
    await user.click(within(menu).getByRole('menuitem', { name: 'العربية', hidden: true }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem('preferredLanguage')).toBe('ar');
  });

  it('switches currency from the menu', async () => {
    await renderWithProviders(<Header />);
    const user = userEvent.setup();
    await user.click(await menuButton(/^\$ USD – Change currency, current: US Dollar$/));
    const items = within(await screen.findByRole('menu', { hidden: true })).getAllByRole('menuitem', { hidden: true });
    expect(items.map((i) => i.textContent)).toEqual(['$USD · US Dollar', '£GBP · British Pound', '€EUR · Euro']);
    await user.click(items[1]!);
    expect(localStorage.getItem('preferredCurrency')).toBe('GBP');
    expect(await screen.findByRole('button', { name: /^£ GBP – Change currency, current: British Pound$/, hidden: true })).toBeTruthy();
  });

  it('opens the mobile drawer with the same entries', async () => {
    await renderWithProviders(<Header />);
    const user = userEvent.setup();
    const burger = screen.getByRole('button', { name: 'Open menu', hidden: true });
    await user.click(burger);
    const drawer = await screen.findByRole('dialog');
    const links = within(drawer)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(
      expect.arrayContaining(['Plans', 'Coverage', 'About Us', 'Blog', 'Rewards', 'Support', 'How It Works', 'Login', 'Sign Up']),
    );
    expect(within(drawer).getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(within(drawer).getByRole('combobox', { name: 'Currency' })).toBeTruthy();
    expect(burger.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('toast', () => {
  it('shows title, description, an action and a close control', async () => {
    await renderWithProviders(<div />);
    let clicked = false;
    toast({ title: 'Saved', description: 'All good', action: { label: 'Undo', onClick: () => (clicked = true) } });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.getByText('All good')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Undo' }));
    expect(clicked).toBe(true);
    toast({ title: 'Oops', variant: 'destructive' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Oops');
    expect(within(alert).getByRole('button', { name: 'Close notification' })).toBeTruthy();
  });
});
