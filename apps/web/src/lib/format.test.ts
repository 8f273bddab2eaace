import { describe, expect, it } from 'vitest';
import { collatorFor, formatMinor, formatUsd } from './format.ts';

describe('formatMinor', () => {
  it.each([
    [450, 'USD', 'en', '$4.50'],
    [355, 'GBP', 'en', '£3.55'],
    [419, 'EUR', 'en', '€4.19'],
    [100000, 'USD', 'en', '$1,000.00'],
    [0, 'GBP', 'en', '£0.00'],
  ])('%i %s %s → %s', (minor, currency, locale, expected) => {
    expect(formatMinor(minor, currency, locale)).toBe(expected);
  });

  it('keeps the shop symbol in every language', () => {
    for (const lang of ['es', 'fr', 'de', 'zh', 'ar', 'pt', 'ru', 'ja', 'hi']) {
      expect(formatMinor(355, 'GBP', lang), lang).toContain('£');
      expect(formatMinor(355, 'GBP', lang), lang).not.toContain('UK');
      expect(formatMinor(450, 'USD', lang), lang).not.toContain('US');
    }
    expect(formatMinor(355, 'EUR', 'de').replace(/\s/g, ' ')).toBe('3,55 €');
  });

  it('formats US dollars separately', () => {
    expect(formatUsd(1799)).toBe('$17.99');
  });
});

describe('collatorFor', () => {
  it('builds one collator per language and sorts in that language', () => {
    expect(collatorFor('de')).toBe(collatorFor('de'));
    expect(['Zypern', 'Österreich', 'Albanien'].sort(collatorFor('de').compare)).toEqual(['Albanien', 'Österreich', 'Zypern']);
  });
});
