// admin.support.*: the contact inbox (new / answered / closed) and the newsletter subscribers.
// The CSV file itself is served by apps/server at GET /api/admin/newsletter.csv (over subscribersCsv).
import { ZInboxListInput, ZInboxSetStatus, ZSubscriberListInput } from '../../domain/admin.ts';
import type { AdminContactMessage, AdminInboxView, AdminSubscriber, Paged } from '../../services/admin/views.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { notBuilt } from './stub.ts';

export const adminSupportRouter = router({
  messages: adminProcedure.input(ZInboxListInput).query(() => notBuilt<AdminInboxView>()),
  setStatus: adminProcedure.input(ZInboxSetStatus).mutation(() => notBuilt<AdminContactMessage>()),
  subscribers: adminProcedure.input(ZSubscriberListInput).query(() => notBuilt<Paged<AdminSubscriber>>()),
  /** Every subscriber as CSV text (email,locale,source,subscribed_at), RFC 4180, formula-safe. */
  subscribersCsv: adminProcedure.query(() => notBuilt<{ filename: string; csv: string; count: number }>()),
});
