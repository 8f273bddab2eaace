// The promo form's amounts (issue 28: ten currencies): typed in each currency's own major unit and
// sent in its own minor unit, so ¥500 is 500 and $5.50 is 550; a shape the currency cannot have is
// NaN, which the server's schema refuses with its message beside the field.
import { describe, expect, it } from 'vitest';
import { minorOf } from './promo-code-form.tsx';

describe('minorOf', () => {
  it.each([
    ['5', 'USD', 500],
    ['5.5', 'USD', 550],
    ['5,50', 'EUR', 550],
    ['500', 'JPY', 500],
    ['199', 'INR', 19900],
    ['', 'JPY', null],
  ])('%s %s → %s', (text, currency, minor) => expect(minorOf(text, currency)).toBe(minor));

  it.each([
    ['5.5', 'JPY'],
    ['5.555', 'USD'],
    ['-5', 'GBP'],
    ['5e2', 'AUD'],
  ])('refuses %s in %s', (text, currency) => expect(minorOf(text, currency)).toBeNaN());
});
