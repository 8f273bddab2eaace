// The trip form's values and rules: plain functions (no zod in the shop's chunks), equal to the
// server's ZTripInput (packages/api/src/routers/trip.ts) through the same tripStopProblems.
import { TRIP_MAX_DAYS, tripStopProblems, type TripUsage } from '@esim/api/domain';

export interface TripStopValues {
  /** A stable key for React and Mantine's list (never sent). */
  key: string;
  country: string | null;
  start: string;
  end: string;
  layover: boolean;
}

export interface TripFormValues {
  stops: TripStopValues[];
  usage: TripUsage;
}

export type TripRuleKey = 'country' | 'date' | 'badDate' | 'endBeforeStart' | 'outOfOrder' | 'tooLong';

/** Field path ('stops.0.country') → the rule it breaks; empty when the form is right. */
export function tripFormProblems(values: TripFormValues): Record<string, TripRuleKey> {
  const errors: Record<string, TripRuleKey> = {};
  values.stops.forEach((s, i) => {
    if (!s.country) errors[`stops.${i}.country`] = 'country';
    if (!s.start) errors[`stops.${i}.start`] = 'date';
    if (!s.end) errors[`stops.${i}.end`] = 'date';
  });
  const dated = values.stops.every((s) => s.start && s.end);
  if (dated) {
    tripStopProblems(values.stops).forEach((problem, i) => {
      if (!problem) return;
      const field = problem === 'outOfOrder' ? 'start' : 'end';
      errors[`stops.${i}.${field}`] = problem;
    });
  }
  return errors;
}

export { TRIP_MAX_DAYS };

/** 'YYYY-MM-DD' plus `days`. */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
