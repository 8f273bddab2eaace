// tickets.*: the traveller's support tickets (issue 30). Signed in: their own tickets only (another's
// number is 404, like one that does not exist). A guest: through the signed link of an e-mail.
import { ZDoctorTicketInput, ZTicketLink, ZTicketLinkReply, ZTicketRef, ZTicketReply } from '../domain/tickets.ts';
import {
  countMyOpenTickets,
  getMyTicket,
  getTicketByLink,
  listMyTickets,
  replyByLink,
  replyToMyTicket,
} from '../services/support/tickets.ts';
import { openDoctorTicket } from '../services/support/doctor-ticket.ts';
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';

export const ticketsRouter = router({
  mine: protectedProcedure.query(({ ctx }) => listMyTickets(ctx.db, ctx.user.id)),
  /** The account's 'Support Tickets' tile: tickets not yet solved. → { open } */
  openCount: protectedProcedure.query(({ ctx }) => countMyOpenTickets(ctx.db, ctx.user.id)),
  get: protectedProcedure.input(ZTicketRef).query(({ ctx, input }) => getMyTicket(ctx.db, ctx.user.id, input.number)),
  reply: protectedProcedure.input(ZTicketReply).mutation(({ ctx, input }) => replyToMyTicket(ctx.db, ctx.services, ctx.user.id, input)),
  /** A guest's thread by the e-mail's link: 404 for a link that is not ours, 403 TICKET_LINK_EXPIRED past its date. */
  byLink: publicProcedure.input(ZTicketLink).query(({ ctx, input }) => getTicketByLink(ctx.db, ctx.services, input.token)),
  replyByLink: publicProcedure.input(ZTicketLinkReply).mutation(({ ctx, input }) => replyByLink(ctx.db, ctx.services, input)),
  /**
   * The connection doctor's 'Still need help': a ticket about the eSIM with the traveller's answers,
   * its ICCID, states and device. Signed in: their own eSIM by ICCID; a guest: the eSIM's signed link
   * (`linkToken`). Another's eSIM 404; neither sign-in nor link 401; 429 past the contact limit. → { ticketNumber }
   */
  doctor: publicProcedure.input(ZDoctorTicketInput).mutation(({ ctx, input }) =>
    openDoctorTicket(ctx.db, ctx.services, input, {
      userId: ctx.user?.id ?? null,
      ip: ctx.req.ip,
      userAgent: ctx.req.userAgent,
      now: ctx.services.now(),
      locale: ctx.locale,
    }),
  ),
});
