// The coverage list in the traveller's language: names from CLDR, sorted by the UI language's
// collator, searched across scripts, languages, aliases and localized continents.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arCoverage from '@esim/i18n/locales/ar/coverage.json';
import arDestinations from '@esim/i18n/locales/ar/destinations.json';
import jaCoverage from '@esim/i18n/locales/ja/coverage.json';
import jaDestinations from '@esim/i18n/locales/ja/destinations.json';
import { i18n } from '../../lib/i18n.ts';
import { REGIONS } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CoverageList } from './coverage-list.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

async function renderList(lang: 'en' | 'ar' | 'ja') {
  if (lang === 'ar') {
    i18n.addResourceBundle('ar', 'coverage', arCoverage, true, true);
    i18n.addResourceBundle('ar', 'destinations', arDestinations, true, true);
  }
  if (lang === 'ja') {
    i18n.addResourceBundle('ja', 'coverage', jaCoverage, true, true);
    i18n.addResourceBundle('ja', 'destinations', jaDestinations, true, true);
  }
  await i18n.changeLanguage(lang);
  const utils = await renderWithProviders(<CoverageList regions={REGIONS} status="success" />);
  return { ...utils, user: userEvent.setup() };
}

const list = () => screen.getByTestId('coverage-list');
const names = () =>
  within(list())
    .queryAllByRole('link')
    .map((a) => a.textContent);
const groups = () =>
  within(list())
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.firstChild!.textContent);

describe('CoverageList', () => {
  it('names countries and groups in Arabic, each group sorted by the Arabic collator', async () => {
    await renderList('ar');
    expect(groups()).toEqual(
      ['europe', 'asia', 'americas', 'africa', 'oceania', 'middleEast'].map((g) => arCoverage.groups[g as 'europe']),
    );
    const americas = within(list()).getByRole('region', { name: new RegExp(`^${arCoverage.groups.americas}`) });
    const americasNames = within(americas)
      .getAllByRole('link')
      .map((a) => a.textContent!);
    expect(americasNames).toEqual(['البرازيل', 'الولايات المتحدة', 'جامايكا', 'كوستاريكا'].sort(new Intl.Collator('ar').compare));
    // The name sits in its own <bdi>, so a name in another script never reorders the line.
    expect(within(list()).getByRole('link', { name: 'اليابان' }).querySelector('bdi')?.textContent).toBe('اليابان');
  });

  it.each([
    ['اليابان', ['اليابان']],
    ['Japan', ['اليابان']], // the English name
    ['japón', ['اليابان']], // another language's name
    ['آسيا', ['اليابان']], // the continent in Arabic
    ['Asia', ['اليابان']], // and in English
    ['UAE', ['الإمارات العربية المتحدة']], // an alias (its table loads when typing starts)
  ])('finds %j in Arabic', async (query, expected) => {
    const { user } = await renderList('ar');
    await user.type(screen.getByRole('searchbox'), query);
    await waitFor(() => expect(names()).toEqual(expected));
  });

  it('finds Japan by 日本 in Japanese, never by its code', async () => {
    const { user } = await renderList('ja');
    const search = screen.getByRole('searchbox');
    await user.type(search, '日本');
    expect(names()).toEqual(['日本']);
    await user.clear(search);
    await user.type(search, 'jp');
    expect(names()).toEqual([]);
  });
});
