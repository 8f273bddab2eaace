// The trip planner (issue 28): the traveller's stops in, the cheapest set of plans out.
import { z } from 'zod';
import { TRIP_MAX_STOPS, TRIP_MAX_DAYS, TRIP_USAGES, type TripStopProblem, tripStopProblems } from '../domain/trip-planner.ts';
import { planTripFor } from '../services/trip/trip-planner.ts';
import { publicProcedure, router } from '../trpc.ts';

const PROBLEM_TEXT: Record<TripStopProblem, string> = {
  badDate: 'This date does not exist. Use YYYY-MM-DD, e.g. 2027-03-01.',
  endBeforeStart: 'The last day is before the first day. Put the last day on or after the first.',
  outOfOrder: 'This stop starts before the previous one. List the stops in the order you travel.',
  tooLong: `A trip may last at most ${TRIP_MAX_DAYS} days from its first day. Plan a shorter trip.`,
};

export const ZTripStop = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Give the country as its two-letter code, e.g. JP.'),
  start: z.iso.date('Give the first day as YYYY-MM-DD, e.g. 2027-03-01.'),
  end: z.iso.date('Give the last day as YYYY-MM-DD, e.g. 2027-03-05.'),
  layover: z.boolean().default(false),
});

export const ZTripInput = z
  .object({
    stops: z
      .array(ZTripStop)
      .min(1, 'List at least one country.')
      .max(TRIP_MAX_STOPS, `A trip may list at most ${TRIP_MAX_STOPS} stops. Remove some or plan the trip in two parts.`),
    usage: z.enum(TRIP_USAGES as ['light', 'normal', 'heavy'], 'Choose light, normal or heavy use.').default('normal'),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'Give the currency as its three-letter code, e.g. EUR.')
      .optional(),
  })
  .superRefine((value, ctx) => {
    tripStopProblems(value.stops).forEach((problem, i) => {
      if (problem)
        ctx.addIssue({ code: 'custom', path: ['stops', i, problem === 'outOfOrder' ? 'start' : 'end'], message: PROBLEM_TEXT[problem] });
    });
  });
export type TTripInput = z.infer<typeof ZTripInput>;

export const tripRouter = router({
  plan: publicProcedure.input(ZTripInput).query(({ ctx, input }) => planTripFor(ctx.services, input, { headerCurrency: ctx.req.currency })),
});
