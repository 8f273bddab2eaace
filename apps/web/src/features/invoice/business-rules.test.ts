import { describe, expect, it } from 'vitest';
import { validateBusiness } from './business-rules.ts';

const ok = { companyName: 'Reise GmbH', address: 'Hauptstr. 1, Berlin', country: 'DE', vatId: '' };

describe('the business details’ rules (the server’s VAT ID format check)', () => {
  it.each([
    ['complete without a VAT ID', ok, {}],
    ['a German VAT ID with spaces and prefix', { ...ok, vatId: 'DE 123 456 789' }, {}],
    ['a short German VAT ID', { ...ok, vatId: 'DE12345' }, { vatId: 'vatId' }],
    ['a Dutch ID in Germany', { ...ok, vatId: 'NL123456789B01' }, { vatId: 'vatId' }],
    [
      'nothing filled in',
      { companyName: ' ', address: '', country: '', vatId: '' },
      { companyName: 'required', address: 'required', country: 'country' },
    ],
    ['no country, a VAT ID: only the country is asked', { ...ok, country: '', vatId: 'x' }, { country: 'country' }],
    ['too long', { ...ok, companyName: 'x'.repeat(201), vatId: 'D'.repeat(25) }, { companyName: 'tooLong', vatId: 'tooLong' }],
  ])('%s', (_what, values, errors) => {
    expect(validateBusiness(values)).toEqual(errors);
  });
});
