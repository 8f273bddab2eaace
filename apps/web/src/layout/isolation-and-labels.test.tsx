// Mixed-direction isolation and 'Label in Name': an English address, username or id inside an
// Arabic sentence sits in its own <bdi> (its full stop stays outside, at the sentence's end); the
// header's language and currency buttons are named starting with their visible words.
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arAccount from '@esim/i18n/locales/ar/account.json';
import { SUPPORTED_LANGUAGES } from '@esim/i18n';
import { i18n } from '../lib/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import { AccountLink } from '../features/auth/account-link.tsx';
import { AccountMenu } from '../features/auth/account-menu.tsx';
import { VerifyEmailNotice } from '../features/auth/verify-email-notice.tsx';
import { CurrencyButton, LanguageButton } from '../components/selectors/selector-buttons.tsx';
import { isolated } from '../components/bidi.tsx';

const EMAIL = 'maximilian.alexander@example.com';

afterEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.removeItem('preferredLanguage');
});

async function inArabic() {
  i18n.addResourceBundle('ar', 'account', arAccount, true, true);
  await i18n.changeLanguage('ar');
  localStorage.setItem('preferredLanguage', 'ar');
}

describe('isolated()', () => {
  it('puts each value in its own <bdi> and leaves the sentence, its full stop included, outside', () => {
    const { container } = render(<p>{isolated({ email: EMAIL, id: 42 }, (v) => `أرسلنا الطلب ${v.id} إلى ${v.email}.`)}</p>);
    const p = container.querySelector('p')!;
    expect(p.textContent).toBe(`أرسلنا الطلب 42 إلى ${EMAIL}.`);
    expect([...p.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['42', EMAIL]);
    // The full stop is the sentence's (Arabic) own, after the isolated address.
    expect(p.lastChild?.textContent).toBe('.');
  });

  it('leaves a sentence without values as it is', () => {
    const { container } = render(<p>{isolated({}, () => 'مرحبًا')}</p>);
    expect(container.querySelector('p')!.innerHTML).toBe('مرحبًا');
  });
});

describe('isolation in place', () => {
  it('the account reminder in Arabic isolates the English address', async () => {
    await inArabic();
    await renderWithProviders(<VerifyEmailNotice email={EMAIL} />);
    const bdi = await screen.findByText(EMAIL);
    expect(bdi.tagName).toBe('BDI');
    expect(bdi.parentElement!.textContent).toBe(
      `أرسلنا رابطًا إلى ${EMAIL}. تظهر الطلبات التي أجريتها كزائر بهذا العنوان في حسابك بعد فتحه.`,
    );
  });

  it('the header shortens a long username with an ellipsis, isolated, its whole name the link name', async () => {
    const username = 'maximilian.alexander.wolfgang.von.humboldt';
    await renderWithProviders(<AccountLink username={username} />);
    const link = screen.getByRole('link', { name: username });
    const bdi = link.querySelector('bdi')!;
    expect(bdi.textContent).toBe(username);
    expect(bdi.style.textOverflow).toBe('ellipsis');
    expect(bdi.style.overflow).toBe('hidden');
  });
});

describe('the shortened username', () => {
  it('shows the whole name in a tooltip on hover', async () => {
    const username = 'maximilian.alexander.wolfgang.von.humboldt';
    await renderWithProviders(<AccountMenu username={username} />);
    await userEvent.setup().hover(screen.getByRole('link', { name: username }));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.querySelector('bdi')!.textContent).toBe(username);
  });
});

describe('Label in Name (WCAG 2.5.3): the selector buttons', () => {
  it.each(SUPPORTED_LANGUAGES.map((l) => l.code))('in %s, each name starts with the visible words', async (lang) => {
    await i18n.changeLanguage(lang);
    localStorage.setItem('preferredLanguage', lang);
    await renderWithProviders(
      <>
        <LanguageButton />
        <CurrencyButton />
      </>,
    );
    await waitFor(() => expect(document.documentElement.lang).toBe(lang));
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(2);
    for (const button of buttons) {
      const visible = button.textContent!.replace(/\s+/g, ' ').trim();
      expect(visible.length).toBeGreaterThan(0);
      expect(button.getAttribute('aria-label')!.startsWith(`${visible} – `), `${button.getAttribute('aria-label')} / ${visible}`).toBe(
        true,
      );
    }
  });
});
