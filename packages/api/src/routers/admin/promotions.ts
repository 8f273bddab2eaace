// admin.promotions.*: the owner's promo codes (issue 29). Reading: the owner and the catalogue
// role (prices are theirs); creating, editing, pausing: the owner. Each change is audited.
import { ZPromoCodeFields, ZPromoCodeId, ZPromoCodePause, ZPromoCodeUpdate } from '../../domain/promotions.ts';
import { ROLES } from '../../domain/admin-roles.ts';
import {
  createPromoCode,
  getPromoCode,
  listPromoCodes,
  setPromoCodePaused,
  updatePromoCode,
} from '../../services/promotions/promo-codes.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { actorOf } from './actor.ts';

export const adminPromotionsRouter = router({
  list: adminProcedure.meta(ROLES.catalogue).query(({ ctx }) => listPromoCodes(ctx.db)),
  get: adminProcedure
    .meta(ROLES.catalogue)
    .input(ZPromoCodeId)
    .query(({ ctx, input }) => getPromoCode(ctx.db, input.id)),
  create: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZPromoCodeFields)
    .mutation(({ ctx, input }) => createPromoCode(ctx.db, ctx.services, actorOf(ctx), input)),
  update: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZPromoCodeUpdate)
    .mutation(({ ctx, input }) => updatePromoCode(ctx.db, ctx.services, actorOf(ctx), input.id, input.fields)),
  setPaused: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZPromoCodePause)
    .mutation(({ ctx, input }) => setPromoCodePaused(ctx.db, ctx.services, actorOf(ctx), input.id, input.paused)),
});
