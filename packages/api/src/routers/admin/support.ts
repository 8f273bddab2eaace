// admin.support.*: the contact inbox (new / answered / closed) and the newsletter subscribers.
// The CSV file itself is served by apps/server at GET /api/admin/newsletter.csv (over subscribersCsv).
import { ZInboxListInput, ZInboxSetStatus, ZSubscriberListInput } from '../../domain/admin.ts';
import { listInbox, listSubscribers, setMessageStatus, subscribersCsv } from '../../services/admin/support.ts';
import { ROLES } from '../../domain/admin-roles.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { actorOf } from './actor.ts';

export const adminSupportRouter = router({
  messages: adminProcedure
    .meta(ROLES.support)
    .input(ZInboxListInput)
    .query(({ ctx, input }) => listInbox(ctx.db, input)),
  setStatus: adminProcedure
    .meta(ROLES.support)
    .input(ZInboxSetStatus)
    .mutation(({ ctx, input }) => setMessageStatus(ctx.db, ctx.services, actorOf(ctx), input)),
  subscribers: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZSubscriberListInput)
    .query(({ ctx, input }) => listSubscribers(ctx.db, input)),
  /** Every subscriber as CSV text (email,locale,source,subscribed_at), RFC 4180, formula-safe. */
  subscribersCsv: adminProcedure.meta(ROLES.ownerOnly).query(({ ctx }) => subscribersCsv(ctx.db, ctx.services)),
});
