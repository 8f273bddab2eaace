// The live chat's rules (issue 30), pure and browser-safe (zod and Intl only): the owner's office
// hours (in a time zone, a window that may cross midnight), the next opening, the badge the support
// page shows, and when an unanswered chat becomes a ticket. The clock comes in as an argument.
import { z } from 'zod';
import { ZContactEmail } from './support.ts';

export const CHAT_BODY_MAX = 2000;
export const CHAT_NAME_MAX = 200;
/** An agent counts as online this long after their chat view's last heartbeat. */
export const AGENT_ONLINE_MS = 30_000;
/** The other side shows 'typing…' this long after the last keystroke signal. */
export const TYPING_MS = 6_000;
export const DEFAULT_ANSWER_TIMEOUT_MS = 5 * 60_000;

export interface OfficeHours {
  /** Every hour of every day (the badge still needs an agent online to say 'Available 24/7'). */
  alwaysOpen: boolean;
  /** An IANA time zone, e.g. 'UTC', 'Europe/London'. */
  timeZone: string;
  /** The days a window STARTS on: 0 = Sunday … 6 = Saturday. */
  days: number[];
  /** 'HH:MM' local. close < open: the window crosses midnight (22:00–06:00). open = close: all day. */
  open: string;
  close: string;
}

export interface ChatSettings {
  hours: OfficeHours;
  /** After this long without an agent's answer the chat becomes a ticket answered by e-mail. */
  answerTimeoutMs: number;
}

export const DEFAULT_CHAT_SETTINGS: ChatSettings = {
  hours: { alwaysOpen: false, timeZone: 'UTC', days: [1, 2, 3, 4, 5], open: '09:00', close: '18:00' },
  answerTimeoutMs: DEFAULT_ANSWER_TIMEOUT_MS,
};

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const ZOfficeHours = z.object({
  alwaysOpen: z.boolean(),
  timeZone: z.string().min(1).max(64).refine(isTimeZone, 'Unknown time zone'),
  days: z
    .array(z.number().int().min(0).max(6))
    .max(7)
    .transform((d) => [...new Set(d)].sort()),
  open: z.string().regex(HHMM, 'Use HH:MM (24-hour)'),
  close: z.string().regex(HHMM, 'Use HH:MM (24-hour)'),
});

export const ZChatSettings = z.object({
  hours: ZOfficeHours,
  /** 5 s to 24 h. */
  answerTimeoutMs: z.number().int().min(5_000).max(86_400_000),
});
export type TChatSettings = z.infer<typeof ZChatSettings>;

/** Stored JSON → settings; anything unreadable falls back to the defaults. */
export function parseChatSettings(json: string | null | undefined): ChatSettings {
  if (!json) return DEFAULT_CHAT_SETTINGS;
  try {
    const parsed = ZChatSettings.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : DEFAULT_CHAT_SETTINGS;
  } catch {
    return DEFAULT_CHAT_SETTINGS;
  }
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

interface LocalTime {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday */
  dow: number;
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(tz, f);
  }
  return f;
}

const DOW: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

export function localTime(at: Date, tz: string): LocalTime {
  const parts = Object.fromEntries(
    formatter(tz)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    dow: DOW[parts.weekday as string] ?? 0,
    minutes: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
  };
}

/** Is a person scheduled to answer at `at`? */
export function isWithinHours(hours: OfficeHours, at: Date): boolean {
  if (hours.alwaysOpen) return true;
  if (hours.days.length === 0) return false;
  const { dow, minutes } = localTime(at, hours.timeZone);
  const open = minutesOf(hours.open);
  const close = minutesOf(hours.close);
  const startsOn = (d: number) => hours.days.includes(d);
  if (open === close) return startsOn(dow);
  if (open < close) return startsOn(dow) && minutes >= open && minutes < close;
  // Across midnight: the evening part of a start day, or the morning after one.
  return (startsOn(dow) && minutes >= open) || (startsOn((dow + 6) % 7) && minutes < close);
}

/** Local wall time of an instant, as if it were UTC (ms). */
function wallMs(t: number, tz: string): number {
  const lt = localTime(new Date(t), tz);
  return Date.UTC(lt.year, lt.month - 1, lt.day, Math.floor(lt.minutes / 60), lt.minutes % 60);
}

/**
 * The first instant at which the local clock in `tz` shows y-m-d hh:mm or later: the earlier one
 * when a clock change repeats that time, the moment the clocks jump when it skips it.
 */
function zonedInstant(year: number, month: number, day: number, minutes: number, tz: string): Date {
  const wall = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  const H12 = 12 * 3_600_000;
  const c1 = wall - (wallMs(wall - H12, tz) - (wall - H12));
  const c2 = wall - (wallMs(wall + H12, tz) - (wall + H12));
  const exact = [c1, c2].filter((c) => wallMs(c, tz) === wall);
  if (exact.length > 0) return new Date(Math.min(...exact));
  // In a gap (spring forward): the first minute whose wall time is past `wall`.
  let lo = Math.min(c1, c2);
  let hi = Math.max(c1, c2);
  while (hi - lo > 60_000) {
    const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
    if (wallMs(mid, tz) >= wall) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/**
 * The next moment office hours begin after `at` (null: open now or 24/7 — there is nothing to
 * wait for; or no day is set — never). Looks eight days ahead.
 */
export function nextOpening(hours: OfficeHours, at: Date): Date | null {
  if (hours.alwaysOpen || isWithinHours(hours, at) || hours.days.length === 0) return null;
  const open = minutesOf(hours.open);
  let best: Date | null = null;
  for (let k = 0; k <= 8; k++) {
    const lt = localTime(new Date(at.getTime() + k * 86_400_000), hours.timeZone);
    if (!hours.days.includes(lt.dow)) continue;
    const candidate = zonedInstant(lt.year, lt.month, lt.day, open, hours.timeZone);
    if (candidate.getTime() > at.getTime() && (!best || candidate < best)) best = candidate;
  }
  return best;
}

/**
 * What the chat badge says:
 *   'available'  an agent is online now: the spec's 'Available 24/7' (there is no bot, so only a
 *                person online makes it true);
 *   'soon'       within office hours but nobody online: a person answers within the timeout, or by e-mail;
 *   'opens'      outside office hours: a person answers from `at` (the next opening);
 *   'email'      no office hours at all: answered by e-mail.
 */
export type ChatBadge = { kind: 'available' } | { kind: 'soon'; withinMinutes: number } | { kind: 'opens'; at: string } | { kind: 'email' };

export function chatBadge(settings: ChatSettings, agentsOnline: number, at: Date): ChatBadge {
  if (agentsOnline > 0) return { kind: 'available' };
  if (isWithinHours(settings.hours, at)) return { kind: 'soon', withinMinutes: Math.max(1, Math.round(settings.answerTimeoutMs / 60_000)) };
  const next = nextOpening(settings.hours, at);
  return next ? { kind: 'opens', at: next.toISOString() } : { kind: 'email' };
}

/** Has the traveller waited past the timeout for an agent's answer? */
export function answerOverdue(conv: { status: string; waiting_since: string | null }, timeoutMs: number, now: Date): boolean {
  if (conv.status !== 'open' || conv.waiting_since === null) return false;
  return now.getTime() - Date.parse(conv.waiting_since) >= timeoutMs;
}

/** Is the other side typing (a signal within TYPING_MS)? */
export function isTyping(at: string | null, now: Date): boolean {
  return at !== null && now.getTime() - Date.parse(at) < TYPING_MS;
}

/** The ticket's first message: the chat as a transcript. */
export function chatTranscript(messages: ReadonlyArray<{ author: string; body: string; created_at: string }>): string {
  const who = (a: string) => (a === 'customer' ? 'Traveller' : a === 'agent' ? 'Agent' : 'Shop');
  return messages.map((m) => `[${m.created_at.slice(0, 16).replace('T', ' ')} UTC] ${who(m.author)}: ${m.body}`).join('\n');
}

// ── inputs ─────────────────────────────────────────────────────────────────────────────────
const body = z
  .string({ error: 'Write a message' })
  .trim()
  .min(1, 'Write a message')
  .max(CHAT_BODY_MAX, `A message has at most ${CHAT_BODY_MAX} characters`);
/** A guest's signed token, or nothing when signed in. */
const token = z.string().max(200).optional();

export const ZChatStart = z.object({
  token,
  name: z.string().trim().max(CHAT_NAME_MAX).optional(),
  email: ZContactEmail.optional(),
});
export const ZChatSend = z.object({ token, body });
export const ZChatRef = z.object({ token });
export const ZChatRead = z.object({ token, lastId: z.number().int().min(0) });
export const ZChatEmail = z.object({ token, email: ZContactEmail });

export const ZAgentChatRef = z.object({ id: z.number().int().positive() });
export const ZAgentChatAnswer = z.object({ id: z.number().int().positive(), body });
export const ZAgentChatRead = z.object({ id: z.number().int().positive(), lastId: z.number().int().min(0) });
