// The connection doctor's 'Still need help' (issue 30): a ticket about one eSIM carrying what the
// traveller answered at each step, with the ICCID, the eSIM's states (read again here, not taken from
// the browser) and the device filled in. Whose eSIM: a signed-in traveller names one of their own by
// ICCID; a guest holds the 'Manage your eSIM' link of its order (esim-links.ts). Anything else is the
// same 404 as an eSIM that does not exist (nobody learns of another's ICCID); no eSIM named at all
// without sign-in or link is 401. The contact message's per-address limit applies (429), and the
// ticket is opened like a contact message's (one transaction), with its acknowledgement e-mailed.
import type { Db } from '@esim/db';
import { doctorFactsOf, doctorTicketSummary } from '../../domain/connection-doctor.ts';
import { ticketNumber, type TDoctorTicketInput } from '../../domain/tickets.ts';
import { AppError } from '../../errors.ts';
import { getEsimDetail } from '../esims/esims.ts';
import { resolveEsimLink } from '../esims/esim-links.ts';
import type { EsimDetailView } from '../esims/esim-views.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import type { Services } from '../types.ts';
import { createContactMessage, type ContactMeta } from './contact.ts';
import { insertTicket, sendTicketMail } from './tickets.ts';

const notFound = () => new AppError('NOT_FOUND', 'No eSIM of yours has that ICCID.');

interface Holder {
  view: EsimDetailView;
  esimId: number;
  userId: number | null;
  name: string;
  email: string;
}

async function holderByLink(
  db: Db,
  services: Services,
  token: string,
  iccid: string | undefined,
  signedIn: number | null,
): Promise<Holder> {
  const { orderId, email } = await resolveEsimLink(db, token);
  const view = await getEsimDetail(db, services, { orderId }).catch((e: unknown) => {
    throw e instanceof AppError && e.code === 'NOT_FOUND' ? new AppError('NOT_FOUND', 'This order has no eSIM yet.') : e;
  });
  // The link opens one eSIM: another ICCID beside it is refused like one that does not exist.
  if (iccid !== undefined && iccid.toLowerCase() !== view.iccid.toLowerCase()) throw notFound();
  const row = await db
    .selectFrom('esims as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select(['e.id', 'o.user_id'])
    .where('e.order_id', '=', orderId)
    .where('e.iccid', '=', view.iccid)
    .orderBy('e.id', 'desc')
    .executeTakeFirstOrThrow();
  return {
    view,
    esimId: row.id,
    // A signed-in holder of their own order's link: the ticket shows in their account too.
    userId: signedIn !== null && row.user_id === signedIn ? signedIn : null,
    name: email.split('@')[0] || email,
    email,
  };
}

async function holderSignedIn(db: Db, services: Services, userId: number, iccid: string): Promise<Holder> {
  const view = await getEsimDetail(db, services, userId, iccid).catch((e: unknown) => {
    throw e instanceof AppError && e.code === 'NOT_FOUND' ? notFound() : e;
  });
  const [esim, user] = await Promise.all([
    db
      .selectFrom('esims as e')
      .innerJoin('orders as o', 'o.id', 'e.order_id')
      .select('e.id')
      .where('e.iccid', '=', view.iccid)
      .where('o.user_id', '=', userId)
      .orderBy('e.id', 'desc')
      .executeTakeFirst(),
    db.selectFrom('users').select(['email', 'username', 'full_name']).where('id', '=', userId).executeTakeFirst(),
  ]);
  if (!esim || !user) throw notFound();
  return { view, esimId: esim.id, userId, name: user.full_name?.trim() || user.username, email: user.email };
}

/** → { ticketNumber } of the new ticket. */
export async function openDoctorTicket(
  db: Db,
  services: Services,
  input: TDoctorTicketInput,
  meta: ContactMeta & { locale: string },
): Promise<{ ticketNumber: string }> {
  let holder: Holder;
  if (input.linkToken !== undefined) holder = await holderByLink(db, services, input.linkToken, input.iccid, meta.userId);
  else if (meta.userId === null) throw new AppError('UNAUTHORIZED', "Sign in, or open the 'Manage your eSIM' link from your e-mail.");
  else holder = await holderSignedIn(db, services, meta.userId, input.iccid!);

  const summary = doctorTicketSummary({
    iccid: holder.view.iccid,
    facts: doctorFactsOf(holder.view),
    platform: input.platform,
    answers: input.answers,
    userAgent: meta.userAgent,
  });
  const body = input.note ? `${input.note}\n\n---\n${summary}` : summary;
  const ticket = await writeTransaction(db, async (trx) => {
    const stored = await createContactMessage(
      trx,
      { name: holder.name, email: holder.email, subject: input.subject, message: body },
      { ...meta, userId: holder.userId },
    );
    return insertTicket(
      trx,
      {
        subject: input.subject,
        name: holder.name,
        email: holder.email,
        body,
        userId: holder.userId,
        locale: meta.locale,
        source: 'esim',
        contactMessageId: stored.id,
        esimId: holder.esimId,
      },
      meta.now,
    );
  });
  await sendTicketMail(db, services, ticket, 'ack');
  return { ticketNumber: ticketNumber(ticket.id) };
}
