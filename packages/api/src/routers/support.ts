// support.contact / support.subscribe (public forms) and support.messages (staff inbox).
import { ROLES } from '../domain/admin-roles.ts';
import { adminProcedure, publicProcedure, router } from '../trpc.ts';
import { ZContactInput, ZContactListInput, ZSubscribeInput } from '../domain/support.ts';
import { createContactMessage, listContactMessages, subscribeNewsletter } from '../services/support/contact.ts';

export const supportRouter = router({
  /** The support page's contact form. Stores the message for staff. → { id, createdAt }; 429 when an address floods. */
  contact: publicProcedure.input(ZContactInput).mutation(({ ctx, input }) =>
    createContactMessage(ctx.db, input, {
      userId: ctx.user?.id ?? null,
      ip: ctx.req.ip,
      userAgent: ctx.req.userAgent,
      now: ctx.services.now(),
    }),
  ),

  /** The blog's newsletter form. Idempotent per address; the same answer for a new and a known address. → { ok: true } */
  subscribe: publicProcedure.input(ZSubscribeInput).mutation(({ ctx, input }) =>
    subscribeNewsletter(ctx.db, {
      email: input.email,
      locale: input.locale ?? 'en',
      source: input.source ?? 'blog',
      now: ctx.services.now(),
    }),
  ),

  /** Support staff (admin role): stored messages, newest first. → ContactMessage[] */
  messages: adminProcedure
    .meta(ROLES.support)
    .input(ZContactListInput)
    .query(({ ctx, input }) => listContactMessages(ctx.db, input)),
});
