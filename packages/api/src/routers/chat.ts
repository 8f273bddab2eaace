// chat.*: the traveller's live chat (issue 30). Signed in: their own conversation (by account).
// A guest: the conversation named by the signed token chat.start returned. Another's chat is 404.
// New messages arrive over the server's SSE stream (GET /api/chat/stream); these are the rest.
import { ZChatEmail, ZChatRead, ZChatRef, ZChatSend, ZChatStart } from '../domain/chat.ts';
import {
  chatAvailability,
  customerRead,
  customerTyping,
  getMyChat,
  giveChatEmail,
  sendChatMessage,
  startChat,
} from '../services/support/chat.ts';
import { publicProcedure, router } from '../trpc.ts';
import type { Context } from '../trpc.ts';

const viewerOf = (ctx: Pick<Context, 'user'>, token: string | undefined) => ({ userId: ctx.user?.id ?? null, token });

export const chatRouter = router({
  /** The badge: 'available' (an agent online: 'Available 24/7'), 'soon', 'opens' { at }, 'email'. */
  availability: publicProcedure.query(({ ctx }) => chatAvailability(ctx.db, ctx.services)),
  /** Opens the chat window: the viewer's chat still going, or a new one. → thread + a guest's token. */
  start: publicProcedure
    .input(ZChatStart)
    .mutation(({ ctx, input }) =>
      startChat(
        ctx.db,
        ctx.services,
        { ...viewerOf(ctx, input.token), email: ctx.user?.email ?? null, name: ctx.user?.fullName ?? ctx.user?.username ?? null },
        input,
        ctx.locale,
        ctx.req.ip,
      ),
    ),
  get: publicProcedure.input(ZChatRef).query(({ ctx, input }) => getMyChat(ctx.db, ctx.services, viewerOf(ctx, input.token))),
  send: publicProcedure
    .input(ZChatSend)
    .mutation(({ ctx, input }) => sendChatMessage(ctx.db, ctx.services, viewerOf(ctx, input.token), input.body)),
  typing: publicProcedure.input(ZChatRef).mutation(({ ctx, input }) => customerTyping(ctx.db, ctx.services, viewerOf(ctx, input.token))),
  read: publicProcedure.input(ZChatRead).mutation(({ ctx, input }) => customerRead(ctx.db, viewerOf(ctx, input.token), input.lastId)),
  /** A guest's e-mail, to be answered by when nobody is free (a chat waiting for it becomes a ticket). */
  giveEmail: publicProcedure
    .input(ZChatEmail)
    .mutation(({ ctx, input }) => giveChatEmail(ctx.db, ctx.services, viewerOf(ctx, input.token), input.email)),
});
