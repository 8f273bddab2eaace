// support.contact / support.subscribe (public forms), the newsletter's confirm and unsubscribe
// links, and support.messages (staff inbox).
import { ROLES } from '../domain/admin-roles.ts';
import { adminProcedure, publicProcedure, router } from '../trpc.ts';
import { ZContactListInput, ZSubscribeInput } from '../domain/support.ts';
import { ZContactTicketInput, ZNewsletterToken } from '../domain/tickets.ts';
import { listContactMessages } from '../services/support/contact.ts';
import { confirmNewsletter, requestNewsletterSubscription, unsubscribeNewsletter } from '../services/support/newsletter.ts';
import { submitContact } from '../services/support/tickets.ts';

export const supportRouter = router({
  /**
   * The support page's contact form (and an eSIM's 'get help', with its ICCID): stores the message,
   * opens a ticket and e-mails its number. → { id, createdAt, ticketNumber }; 429 when an address floods.
   */
  contact: publicProcedure.input(ZContactTicketInput).mutation(({ ctx, input }) =>
    submitContact(ctx.db, ctx.services, input, {
      userId: ctx.user?.id ?? null,
      ip: ctx.req.ip,
      userAgent: ctx.req.userAgent,
      now: ctx.services.now(),
      locale: ctx.locale,
    }),
  ),

  /** The blog's newsletter form: pending until the e-mailed link is opened; the same answer for every address. → { ok: true } */
  subscribe: publicProcedure.input(ZSubscribeInput).mutation(({ ctx, input }) =>
    requestNewsletterSubscription(ctx.db, ctx.services, {
      email: input.email,
      locale: input.locale ?? 'en',
      source: input.source ?? 'blog',
    }),
  ),

  /** The confirmation link's page. → { email }; 404 for a link that is not ours. */
  confirmNewsletter: publicProcedure
    .input(ZNewsletterToken)
    .mutation(({ ctx, input }) => confirmNewsletter(ctx.db, ctx.services, input.token)),

  /** The unsubscribe link of every newsletter e-mail. → { email } */
  unsubscribe: publicProcedure
    .input(ZNewsletterToken)
    .mutation(({ ctx, input }) => unsubscribeNewsletter(ctx.db, ctx.services, input.token)),

  /** Support staff (admin role): stored messages, newest first. → ContactMessage[] */
  messages: adminProcedure
    .meta(ROLES.support)
    .input(ZContactListInput)
    .query(({ ctx, input }) => listContactMessages(ctx.db, input)),
});
