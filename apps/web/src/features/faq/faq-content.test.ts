import { describe, expect, it } from 'vitest';
import faq from '@esim/i18n/locales/en/faq.json';
import { ALL_FAQ_ROWS, FAQ_CATEGORIES, FAQ_ITEMS } from './faq-content.ts';
import { htmlToText } from './faq-search.ts';

const items = faq.items as Record<string, { q: string; a: string }>;

describe('FAQ content', () => {
  it('has 4–6 questions per category, each with a question and an answer in English', () => {
    for (const category of FAQ_CATEGORIES) {
      expect(FAQ_ITEMS[category].length, category).toBeGreaterThanOrEqual(4);
      expect(FAQ_ITEMS[category].length, category).toBeLessThanOrEqual(6);
      for (const id of FAQ_ITEMS[category]) {
        expect(items[id]?.q.trim(), id).toBeTruthy();
        expect(items[id]?.a.trim(), id).toBeTruthy();
      }
    }
  });

  it('uses every English item exactly once', () => {
    expect(ALL_FAQ_ROWS.map((r) => r.id).sort()).toEqual(Object.keys(items).sort());
  });

  it('only Installation Guide answers are HTML', () => {
    for (const row of ALL_FAQ_ROWS) {
      const isHtml = /<[a-z][^>]*>/i.test(items[row.id]!.a);
      expect(isHtml, row.id).toBe(row.category === 'installation');
      expect(row.html).toBe(row.category === 'installation');
    }
  });

  it('states the claims of spec §9', () => {
    const text = Object.values(items)
      .map((i) => `${i.q} ${htmlToText(i.a)}`)
      .join(' ');
    for (const claim of [
      'over 170 countries',
      'full refund within 14 days',
      'not been activated',
      'iOS 12.1 or later',
      'Android 9.0 or later',
      '50%, 80% and 90%',
      '20–50 Mbps',
      'single use',
      'data roaming must be enabled',
      '24/7',
      'Validity starts at activation',
      'dashboard',
      'customer portal',
    ]) {
      expect(text, claim).toContain(claim);
    }
  });
});
