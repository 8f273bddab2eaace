// The admin behind a request, as the audit log records them.
import type { AdminActor } from '../../services/admin/views.ts';
import type { Context, SessionUser } from '../../trpc.ts';

export function actorOf(ctx: Pick<Context, 'req'> & { user: SessionUser }): AdminActor {
  return { id: ctx.user.id, username: ctx.user.username, ip: ctx.req.ip, role: ctx.user.adminRole };
}
