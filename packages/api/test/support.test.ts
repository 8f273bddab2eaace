// Support procedures through createCaller on a migrated in-memory SQLite: the contact form stores
// a message (with its validation), the newsletter is idempotent per address, and only staff
// (admin) may read the inbox.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setRole } from '../src/services/accounts/users.ts';
import { CONTACT_RATE_LIMIT } from '../src/services/support/contact.ts';
import { ZContactInput, ZSubscribeInput } from '../src/domain/support.ts';
import { createRig, newAccount, rejection, type Rig } from './auth-helpers.ts';
import { giveSecondFactor } from './rig.ts';

let rig: Rig;
beforeEach(async () => {
  rig = await createRig();
});
afterEach(async () => {
  await rig.close();
});

const MESSAGE = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'eSIM not activating',
  message: 'My eSIM for Japan does not connect. Can you help?',
};

async function guest() {
  return rig.browser({ ip: '198.51.100.4', userAgent: 'Mozilla/5.0 test' }).caller();
}

/** A signed-in browser; `admin` promotes the account first. */
async function signedIn(admin = false) {
  const b = rig.browser();
  const user = await (await b.caller()).auth.register(newAccount());
  if (admin) {
    await setRole(rig.db, user.id, 'owner', rig.clock.now);
    await giveSecondFactor(rig.db, { id: user.id }, rig.clock.now);
  }
  return { b, user };
}

/** The first message per field path of a failed call (from the ZodError cause). */
async function fieldErrors(p: Promise<unknown>): Promise<Record<string, string>> {
  const err = await rejection(p);
  expect(err.code).toBe('BAD_REQUEST');
  const issues = (err.cause as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues;
  const out: Record<string, string> = {};
  for (const i of issues) out[i.path.join('.')] ??= i.message;
  return out;
}

const contactRows = () => rig.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();
const subscriberRows = () => rig.db.selectFrom('newsletter_subscribers').selectAll().orderBy('id').execute();

describe('support.contact', () => {
  it('stores the message (trimmed, e-mail lowercased) with the request facts and status "new"', async () => {
    const caller = await guest();
    const out = await caller.support.contact({
      name: '  Ada Lovelace ',
      email: ' Ada@Example.COM ',
      subject: ' eSIM not activating\t',
      message: '\n  Line one\nLine two  \n',
    });
    // Issue 30: the message also opens a ticket, numbered from its id.
    expect(out).toEqual({ id: expect.any(Number), createdAt: rig.clock.now.toISOString(), ticketNumber: 'T-000001' });
    const rows = await contactRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      id: out.id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'eSIM not activating',
      message: 'Line one\nLine two',
      user_id: null,
      ip: '198.51.100.4',
      user_agent: 'Mozilla/5.0 test',
      status: 'new',
      status_changed_at: null,
      created_at: rig.clock.now.toISOString(),
    });
  });

  it('records the signed-in sender', async () => {
    const { b, user } = await signedIn();
    await (await b.caller()).support.contact(MESSAGE);
    expect((await contactRows())[0]!.user_id).toBe(user.id);
  });

  it('accepts the largest allowed fields', async () => {
    const caller = await guest();
    const big = { ...MESSAGE, name: 'n'.repeat(200), subject: 's'.repeat(300), message: 'm'.repeat(10_000) };
    await caller.support.contact(big);
    const row = (await contactRows())[0]!;
    expect([row.name.length, row.subject.length, row.message.length]).toEqual([200, 300, 10_000]);
  });

  it.each([
    [{ name: '' }, { name: 'Required' }],
    [{ name: '   ' }, { name: 'Required' }],
    [{ subject: '\n\t ' }, { subject: 'Required' }],
    [{ message: '' }, { message: 'Required' }],
    [{ email: '' }, { email: 'Required' }],
    [{ email: '  ' }, { email: 'Required' }],
    [{ email: 'not-an-email' }, { email: 'Please enter a valid email address' }],
    [{ email: 'a@b' }, { email: 'Please enter a valid email address' }],
    [{ email: `${'a'.repeat(250)}@example.com` }, { email: 'Please enter a valid email address' }],
    [{ name: 'n'.repeat(201) }, { name: 'Name must be at most 200 characters' }],
    [{ subject: 's'.repeat(301) }, { subject: 'Subject must be at most 300 characters' }],
    [{ message: 'm'.repeat(10_001) }, { message: 'Message must be at most 10,000 characters' }],
    [{ name: 42 }, { name: 'Invalid input' }],
    [{ message: ['x'] }, { message: 'Invalid input' }],
    [
      { name: undefined, email: undefined },
      { name: 'Required', email: 'Required' },
    ],
    [
      { name: '', email: '', subject: '', message: '' },
      { name: 'Required', email: 'Required', subject: 'Required', message: 'Required' },
    ],
  ])('%j → %j, nothing stored', async (patch, expected) => {
    const input = { ...MESSAGE, ...patch };
    expect(await fieldErrors((await guest()).support.contact(input as never))).toEqual(expected);
    const parsed = ZContactInput.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(await contactRows()).toHaveLength(0);
  });

  it('refuses a body that is no object', async () => {
    const caller = await guest();
    for (const bad of [null, 'hello', [MESSAGE]]) {
      expect((await rejection(caller.support.contact(bad as never))).code).toBe('BAD_REQUEST');
    }
  });

  it(`limits one address to ${CONTACT_RATE_LIMIT.max} messages per hour (429 with retryAfterSeconds), others unaffected`, async () => {
    const caller = await guest();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) {
      await caller.support.contact(MESSAGE);
      rig.clock.advance(60_000);
    }
    const err = await rejection(caller.support.contact(MESSAGE));
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    // the first message (10 minutes ago) leaves the window in 50 minutes
    expect((err.cause as { details: unknown }).details).toEqual({ retryAfterSeconds: 50 * 60 });
    expect(await contactRows()).toHaveLength(CONTACT_RATE_LIMIT.max);

    await (await rig.browser({ ip: '198.51.100.99' }).caller()).support.contact(MESSAGE);
    rig.clock.advance(50 * 60_000 + 1);
    await caller.support.contact(MESSAGE);
    expect(await contactRows()).toHaveLength(CONTACT_RATE_LIMIT.max + 2);
  });
});

describe('support.subscribe', () => {
  it('stores the address (trimmed, lowercased) with locale and source; defaults en / blog', async () => {
    const caller = await guest();
    expect(await caller.support.subscribe({ email: ' Traveller@Example.COM ', locale: 'ar' })).toEqual({ ok: true });
    expect(await caller.support.subscribe({ email: 'second@example.com' })).toEqual({ ok: true });
    expect(await caller.support.subscribe({ email: 'third@example.com', locale: 'pt-BR', source: 'Footer' })).toEqual({ ok: true });
    expect((await subscriberRows()).map(({ email, locale, source, created_at }) => ({ email, locale, source, created_at }))).toEqual([
      { email: 'traveller@example.com', locale: 'ar', source: 'blog', created_at: rig.clock.now.toISOString() },
      { email: 'second@example.com', locale: 'en', source: 'blog', created_at: rig.clock.now.toISOString() },
      { email: 'third@example.com', locale: 'pt-BR', source: 'footer', created_at: rig.clock.now.toISOString() },
    ]);
  });

  it('is idempotent per address: again, in any case or whitespace, succeeds and changes nothing', async () => {
    const caller = await guest();
    const fresh = await caller.support.subscribe({ email: 'nomad@example.com', locale: 'de' });
    const before = await subscriberRows();
    rig.clock.advance(60_000);
    for (const email of ['nomad@example.com', 'NOMAD@example.com', '  Nomad@Example.Com\t']) {
      // The same answer as for a new address: the form does not tell who is on the list.
      expect(await caller.support.subscribe({ email, locale: 'fr', source: 'landing' })).toEqual(fresh);
    }
    expect(await subscriberRows()).toEqual(before);
  });

  it('two subscriptions of one address at once store one row', async () => {
    const caller = await guest();
    const results = await Promise.all([
      caller.support.subscribe({ email: 'race@example.com' }),
      caller.support.subscribe({ email: 'RACE@example.com' }),
    ]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(await subscriberRows()).toHaveLength(1);
  });

  it.each([
    [{ email: '' }, { email: 'Required' }],
    [{}, { email: 'Required' }],
    [{ email: 'nope' }, { email: 'Please enter a valid email address' }],
    [{ email: 'a@example.com', locale: 'english please' }, { locale: 'Invalid language' }],
    [{ email: 'a@example.com', locale: 'x'.repeat(40) }, { locale: 'Invalid language' }],
    [{ email: 'a@example.com', source: '<script>' }, { source: 'Invalid source' }],
  ])('%j → %j, nothing stored', async (input, expected) => {
    expect(await fieldErrors((await guest()).support.subscribe(input as never))).toEqual(expected);
    expect(ZSubscribeInput.safeParse(input).success).toBe(false);
    expect(await subscriberRows()).toHaveLength(0);
  });
});

describe('support.messages (staff inbox)', () => {
  it('refuses guests (UNAUTHORIZED) and customers (FORBIDDEN)', async () => {
    await (await guest()).support.contact(MESSAGE);
    expect((await rejection((await guest()).support.messages())).code).toBe('UNAUTHORIZED');
    const { b } = await signedIn();
    expect((await rejection((await b.caller()).support.messages({ limit: 10 }))).code).toBe('FORBIDDEN');
  });

  it('lists messages newest first for an admin, filtered by status and limited', async () => {
    const caller = await guest();
    for (const subject of ['first', 'second', 'third']) {
      await caller.support.contact({ ...MESSAGE, subject });
      rig.clock.advance(1000);
    }
    await rig.db.updateTable('contact_messages').set({ status: 'closed' }).where('subject', '=', 'second').execute();

    const { b } = await signedIn(true);
    const staff = await b.caller();
    const all = await staff.support.messages();
    expect(all.map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    expect(all[0]).toEqual({
      id: expect.any(Number),
      name: MESSAGE.name,
      email: MESSAGE.email,
      subject: 'third',
      message: MESSAGE.message,
      userId: null,
      ip: '198.51.100.4',
      userAgent: 'Mozilla/5.0 test',
      status: 'new',
      createdAt: expect.any(String),
    });
    expect((await staff.support.messages({ status: 'new', limit: 50 })).map((m) => m.subject)).toEqual(['third', 'first']);
    expect((await staff.support.messages({ status: 'closed', limit: 50 })).map((m) => m.subject)).toEqual(['second']);
    expect((await staff.support.messages({ limit: 1 })).map((m) => m.subject)).toEqual(['third']);
    expect((await rejection(staff.support.messages({ limit: 0 }))).code).toBe('BAD_REQUEST');
    expect((await rejection(staff.support.messages({ status: 'spam' as never, limit: 5 }))).code).toBe('BAD_REQUEST');
  });
});
