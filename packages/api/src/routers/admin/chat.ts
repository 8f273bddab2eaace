// admin.chat.*: agents answer the live chat (issue 30), for the owner and the support role. The
// chat view's heartbeat is what makes an agent 'online' (the badge's 'Available 24/7'). The office
// hours and the answer timeout are the owner's (audited).
import { ROLES } from '../../domain/admin-roles.ts';
import { ZAgentChatAnswer, ZAgentChatRead, ZAgentChatRef, ZChatSettings } from '../../domain/chat.ts';
import {
  agentHeartbeat,
  answerChat,
  closeChat,
  getAgentChat,
  listAgentChats,
  markRead,
  readChatSettings,
  saveChatSettings,
  signalTyping,
} from '../../services/support/chat.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { actorOf } from './actor.ts';

export const adminChatRouter = router({
  heartbeat: adminProcedure.meta(ROLES.support).mutation(({ ctx }) => agentHeartbeat(ctx.db, ctx.services, ctx.user.id)),
  list: adminProcedure.meta(ROLES.support).query(({ ctx }) => listAgentChats(ctx.db)),
  get: adminProcedure
    .meta(ROLES.support)
    .input(ZAgentChatRef)
    .query(({ ctx, input }) => getAgentChat(ctx.db, ctx.services, input.id)),
  answer: adminProcedure
    .meta(ROLES.support)
    .input(ZAgentChatAnswer)
    .mutation(({ ctx, input }) => answerChat(ctx.db, ctx.services, ctx.user.id, input.id, input.body)),
  /** Ends a chat (audited); the traveller is told. 409 when it is no longer open. */
  close: adminProcedure
    .meta(ROLES.support)
    .input(ZAgentChatRef)
    .mutation(({ ctx, input }) => closeChat(ctx.db, ctx.services, actorOf(ctx), input.id)),
  typing: adminProcedure
    .meta(ROLES.support)
    .input(ZAgentChatRef)
    .mutation(({ ctx, input }) => signalTyping(ctx.db, ctx.services, 'agent', input.id)),
  read: adminProcedure
    .meta(ROLES.support)
    .input(ZAgentChatRead)
    .mutation(({ ctx, input }) => markRead(ctx.db, 'agent', input.id, input.lastId)),
  settings: adminProcedure.meta(ROLES.support).query(({ ctx }) => readChatSettings(ctx.db)),
  saveSettings: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZChatSettings)
    .mutation(({ ctx, input }) => saveChatSettings(ctx.db, ctx.services, actorOf(ctx), input)),
});
