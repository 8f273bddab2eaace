// Support tickets (issue 30): the number people read and type, the statuses and the moves between
// them, the inputs of the traveller's and the back office's procedures, and the pieces of an inbound
// e-mail that name a ticket. Pure and browser-safe: zod only.
import { z } from 'zod';
import { DOCTOR_ANSWERS, DOCTOR_PLATFORMS, DOCTOR_STEP_IDS } from './connection-doctor.ts';
import { CONTACT_MSG, CONTACT_SUBJECT_MAX, ZContactInput } from './support.ts';

export const TICKET_STATUSES = ['open', 'waiting', 'solved'] as const;
export type TTicketStatus = (typeof TICKET_STATUSES)[number];
export type TTicketAuthor = 'customer' | 'agent' | 'note';

/** A reply's length bound (far above what a person types; one request cannot store megabytes). */
export const TICKET_BODY_MAX = 10_000;
export const CANNED_TITLE_MAX = 120;

/**
 * Allowed status moves, by who makes them. An agent moves freely between the three; the traveller's
 * reply reopens a ticket (waiting or solved → open); the system only opens.
 */
export const TICKET_TRANSITIONS: Record<'agent' | 'traveller' | 'system', ReadonlyArray<readonly [TTicketStatus | null, TTicketStatus]>> = {
  agent: [
    ['open', 'waiting'],
    ['open', 'solved'],
    ['waiting', 'open'],
    ['waiting', 'solved'],
    ['solved', 'open'],
    ['solved', 'waiting'],
  ],
  traveller: [
    ['waiting', 'open'],
    ['solved', 'open'],
  ],
  system: [[null, 'open']],
};

export function mayMoveTicket(actor: keyof typeof TICKET_TRANSITIONS, from: TTicketStatus | null, to: TTicketStatus): boolean {
  return TICKET_TRANSITIONS[actor].some(([f, t]) => f === from && t === to);
}

/** 123 → 'T-000123' (at least six digits; more once past a million). */
export function ticketNumber(id: number): string {
  return `T-${String(id).padStart(6, '0')}`;
}

/** 'T-000123', 't000123', '123' → 123; anything else → null. */
export function parseTicketNumber(text: string): number | null {
  const m = /^\s*(?:T-?)?0*(\d{1,12})\s*$/i.exec(text);
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The first '[T-000123]' in a subject line → 123 ('Re: Your request [T-000123]'). */
export function ticketIdInSubject(subject: string): number | null {
  const m = /\[T-(\d{6,12})\]/i.exec(subject);
  return m ? parseTicketNumber(m[1]!) : null;
}

/**
 * The reply address's plus part ('support+t123-9f2c…@…' → MailboxHash 't123-9f2c…'): the ticket's
 * id and a 20-hex signature the server checks. → { id, sig } or null.
 */
export function parseMailboxHash(hash: string): { id: number; sig: string } | null {
  const m = /^t(\d{1,12})-([0-9a-f]{20})$/i.exec(hash.trim());
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 ? { id, sig: m[2]!.toLowerCase() } : null;
}

/** 'support@example.com' + 't12-ab…' → 'support+t12-ab…@example.com'. */
export function plusAddress(address: string, hash: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  return `${address.slice(0, at)}+${hash}${address.slice(at)}`;
}

/**
 * A guest's link token: '<id>.<expires, unix seconds>.<signature>' (the signature is checked by the
 * server). → its parts, or null when it is not of that shape.
 */
export function parseLinkToken(token: string): { id: number; expires: number; sig: string } | null {
  const m = /^(\d{1,12})\.(\d{9,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  return { id: Number(m[1]), expires: Number(m[2]), sig: m[3]! };
}

/**
 * The new text of an e-mail reply: the lines above the quoted history ('> …', 'On … wrote:', a
 * '-----Original Message-----' or '________________' line). Postmark gives StrippedTextReply for
 * this; the fallback is for providers and clients it does not strip.
 */
export function replyText(body: string): string {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  for (const line of lines) {
    if (/^\s*>/.test(line)) break;
    if (/^\s*On .+wrote:\s*$/i.test(line)) break;
    if (/^\s*-{2,}\s*Original Message\s*-{2,}/i.test(line)) break;
    if (/^\s*_{10,}\s*$/.test(line)) break;
    out.push(line);
  }
  return out.join('\n').trim();
}

const body = () =>
  z
    .string({ error: CONTACT_MSG.required })
    .trim()
    .min(1, CONTACT_MSG.required)
    .max(TICKET_BODY_MAX, `Message must be at most ${TICKET_BODY_MAX.toLocaleString('en')} characters`);

const number = z.string({ error: 'A ticket number such as T-000123' }).transform((s, ctx) => {
  const id = parseTicketNumber(s);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: 'A ticket number such as T-000123' });
    return z.NEVER;
  }
  return id;
});

export const ZTicketRef = z.object({ number });
export const ZTicketReply = z.object({ number, body: body() });
export const ZTicketLink = z.object({ token: z.string().max(200) });
export const ZTicketLinkReply = z.object({ token: z.string().max(200), body: body() });

// ── back office ──────────────────────────────────────────────────────────────────────────
export const TICKET_PAGE_MAX = 100;
export const ZAdminTicketList = z
  .object({
    status: z.enum(TICKET_STATUSES).optional(),
    /** 'me', 'none' (unassigned), or an agent's id. */
    assignee: z.union([z.literal('me'), z.literal('none'), z.number().int().positive()]).optional(),
    q: z.string().trim().max(200).optional(),
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(TICKET_PAGE_MAX).default(25),
  })
  .default({ page: 1, pageSize: 25 });
export type TAdminTicketList = z.infer<typeof ZAdminTicketList>;

export const ZAdminTicketId = z.object({ id: z.number().int().positive() });
export const ZAdminTicketAssign = z.object({ id: z.number().int().positive(), assigneeId: z.number().int().positive().nullable() });
export const ZAdminTicketAnswer = z.object({
  id: z.number().int().positive(),
  body: body(),
  /** After the answer: waiting for the traveller (default) or solved. */
  status: z.enum(['waiting', 'solved']).default('waiting'),
});
export const ZAdminTicketNote = z.object({ id: z.number().int().positive(), body: body() });
export const ZAdminTicketStatus = z.object({ id: z.number().int().positive(), status: z.enum(TICKET_STATUSES) });

export const ZCannedAnswerList = z.object({ locale: z.string().trim().max(35).optional() }).default({});
export const ZCannedAnswerSave = z.object({
  id: z.number().int().positive().optional(),
  locale: z
    .string()
    .trim()
    .regex(/^[a-z]{2}$/, 'A two-letter language code such as en'),
  title: z.string().trim().min(1, CONTACT_MSG.required).max(CANNED_TITLE_MAX, `Title must be at most ${CANNED_TITLE_MAX} characters`),
  body: body(),
});
export const ZCannedAnswerDelete = z.object({ id: z.number().int().positive() });

/** The subject of a ticket opened from an eSIM's page, when the traveller gives none. */
export const TICKET_SUBJECT_MAX = CONTACT_SUBJECT_MAX;

/** The contact form's input, plus the eSIM a 'get help' from its page is about. */
export const ZContactTicketInput = ZContactInput.extend({
  iccid: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{18,22}$/, 'Invalid ICCID')
    .optional(),
});

export const ZNewsletterToken = z.object({ token: z.string().min(1).max(800) });

// ── the connection doctor's 'Still need help' (issue 30) ────────────────────────────────────
/** The traveller's own words under the doctor's answers (optional). */
export const DOCTOR_NOTE_MAX = 2_000;

/**
 * What the doctor's 'Still need help' sends: the eSIM (its ICCID when signed in, or the 'Manage your
 * eSIM' link's token for a guest), the system the traveller chose, and their answer at each step in
 * order. The server reads the eSIM's states again and writes the ticket's summary itself.
 */
export const ZDoctorTicketInput = z
  .object({
    iccid: z
      .string()
      .trim()
      .regex(/^[0-9A-Fa-f]{18,22}$/, 'Invalid ICCID')
      .optional(),
    linkToken: z.string().min(1).max(128).optional(),
    platform: z.enum(DOCTOR_PLATFORMS, { error: 'The device must be ios or android' }),
    answers: z
      .array(
        z.object({
          step: z.enum(DOCTOR_STEP_IDS, { error: 'Unknown doctor step' }),
          answer: z.enum(DOCTOR_ANSWERS, { error: 'An answer is fixed or notFixed' }),
        }),
      )
      .max(DOCTOR_STEP_IDS.length, `At most ${DOCTOR_STEP_IDS.length} answers`)
      .refine((a) => new Set(a.map((x) => x.step)).size === a.length, 'Each step is answered once'),
    subject: z.string().trim().min(1, CONTACT_MSG.required).max(TICKET_SUBJECT_MAX, CONTACT_MSG.subjectMax),
    note: z
      .string()
      .trim()
      .max(DOCTOR_NOTE_MAX, `Message must be at most ${DOCTOR_NOTE_MAX.toLocaleString('en')} characters`)
      .optional(),
  })
  .refine((v) => v.iccid !== undefined || v.linkToken !== undefined, { message: 'Name the eSIM: its ICCID or its link', path: ['iccid'] });
export type TDoctorTicketInput = z.infer<typeof ZDoctorTicketInput>;
