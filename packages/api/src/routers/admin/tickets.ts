// admin.tickets.*: the ticket inbox (issue 30) for the owner and the support role; canned answers
// are read by both and edited by the owner. Every change is audited (services/admin/tickets.ts).
import { ROLES } from '../../domain/admin-roles.ts';
import {
  ZAdminTicketAnswer,
  ZAdminTicketAssign,
  ZAdminTicketId,
  ZAdminTicketList,
  ZAdminTicketNote,
  ZAdminTicketStatus,
  ZCannedAnswerDelete,
  ZCannedAnswerList,
  ZCannedAnswerSave,
} from '../../domain/tickets.ts';
import {
  answerTicket,
  assignTicket,
  deleteCannedAnswer,
  getTicket,
  listCannedAnswers,
  listTickets,
  noteTicket,
  saveCannedAnswer,
  setTicketStatus,
} from '../../services/admin/tickets.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { actorOf } from './actor.ts';

export const adminTicketsRouter = router({
  list: adminProcedure
    .meta(ROLES.support)
    .input(ZAdminTicketList)
    .query(({ ctx, input }) => listTickets(ctx.db, actorOf(ctx), input)),
  get: adminProcedure
    .meta(ROLES.support)
    .input(ZAdminTicketId)
    .query(({ ctx, input }) => getTicket(ctx.db, input.id)),
  assign: adminProcedure
    .meta(ROLES.support)
    .input(ZAdminTicketAssign)
    .mutation(({ ctx, input }) => assignTicket(ctx.db, ctx.services, actorOf(ctx), input)),
  answer: adminProcedure
    .meta(ROLES.support)
    .input(ZAdminTicketAnswer)
    .mutation(({ ctx, input }) => answerTicket(ctx.db, ctx.services, actorOf(ctx), input)),
  note: adminProcedure
    .meta(ROLES.support)
    .input(ZAdminTicketNote)
    .mutation(({ ctx, input }) => noteTicket(ctx.db, ctx.services, actorOf(ctx), input)),
  setStatus: adminProcedure
    .meta(ROLES.support)
    .input(ZAdminTicketStatus)
    .mutation(({ ctx, input }) => setTicketStatus(ctx.db, ctx.services, actorOf(ctx), input)),
  canned: adminProcedure
    .meta(ROLES.support)
    .input(ZCannedAnswerList)
    .query(({ ctx, input }) => listCannedAnswers(ctx.db, input)),
  saveCanned: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZCannedAnswerSave)
    .mutation(({ ctx, input }) => saveCannedAnswer(ctx.db, ctx.services, actorOf(ctx), input)),
  deleteCanned: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZCannedAnswerDelete)
    .mutation(({ ctx, input }) => deleteCannedAnswer(ctx.db, ctx.services, actorOf(ctx), input)),
});
