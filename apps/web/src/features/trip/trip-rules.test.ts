// The trip form's rules against the server's (the same tripStopProblems) as a table.
import { describe, expect, it } from 'vitest';
import { addDays, tripFormProblems, type TripFormValues } from './trip-rules.ts';

const stop = (country: string | null, start: string, end: string) => ({ key: 'k', country, start, end, layover: false });
const form = (...stops: ReturnType<typeof stop>[]): TripFormValues => ({ stops, usage: 'normal' });

describe('tripFormProblems', () => {
  it.each([
    ['a right trip', form(stop('JP', '2027-03-01', '2027-03-05')), {}],
    ['nothing filled', form(stop(null, '', '')), { 'stops.0.country': 'country', 'stops.0.start': 'date', 'stops.0.end': 'date' }],
    ['end before start', form(stop('JP', '2027-03-05', '2027-03-01')), { 'stops.0.end': 'endBeforeStart' }],
    [
      'out of order',
      form(stop('JP', '2027-03-05', '2027-03-06'), stop('KR', '2027-03-01', '2027-03-02')),
      { 'stops.1.start': 'outOfOrder' },
    ],
    ['too long', form(stop('JP', '2027-01-01', '2027-12-31')), { 'stops.0.end': 'tooLong' }],
  ])('%s', (_name, values, problems) => {
    expect(tripFormProblems(values)).toEqual(problems);
  });

  it('addDays crosses months and years', () => {
    expect(addDays('2027-12-30', 3)).toBe('2028-01-02');
  });
});
