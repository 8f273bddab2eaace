// The newsletter's double opt-in (issue 30): subscribing stores a pending address and e-mails a
// confirmation link (with an unsubscribe link); only a confirmed address is on the back office's
// list; the unsubscribe link takes it off; a forged link is 404; the form answers every address the
// same and sends at most one confirmation per 10 minutes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONFIRM_INTERVAL_MS } from '../src/services/support/newsletter.ts';
import { adminRig, refusal, type OrdersRig, type Person } from './admin-helpers-b.ts';

let rig: OrdersRig;
let admin: Person;
beforeEach(async () => {
  ({ rig, admin } = await adminRig());
});
afterEach(async () => {
  await rig.close();
});

const listed = async () => (await (await admin.api()).admin.support.subscribers({})).rows.map((r) => r.email);
const tokenIn = (text: string, kind: 'confirm' | 'unsubscribe') => {
  const all = [...text.matchAll(/\/blog\?newsletter=([^\s&]+)/g)].map((m) => decodeURIComponent(m[1]!));
  const found = all.find((t) => (kind === 'unsubscribe' ? t.startsWith('u.') : !t.startsWith('u.')));
  if (!found) throw new Error(`no ${kind} link in ${text}`);
  return found;
};

describe('newsletter double opt-in', () => {
  it('is pending until the e-mailed link is opened; the unsubscribe link takes the address off', async () => {
    const api = await rig.browser({ locale: 'de' }).caller();
    expect(await api.support.subscribe({ email: ' Reader@Example.com ', locale: 'de' })).toEqual({ ok: true });
    expect(await listed()).toEqual([]);
    const mail = rig.mailer.sent.at(-1)!;
    expect(mail.to).toBe('reader@example.com');
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihr Newsletter-Abonnement');
    expect(mail.text).toContain('/de/blog?newsletter=');
    expect(mail.html).toContain('Newsletter abbestellen');
    // RFC 8058: the one-click URL for the List-Unsubscribe header carries the same unsubscribe token as the footer's link.
    expect(mail.listUnsubscribe?.oneClick).toBe(`http://localhost:3000/api/newsletter/unsubscribe/${tokenIn(mail.text, 'unsubscribe')}`);

    expect(await api.support.confirmNewsletter({ token: tokenIn(mail.text, 'confirm') })).toEqual({ email: 'reader@example.com' });
    expect(await api.support.confirmNewsletter({ token: tokenIn(mail.text, 'confirm') })).toEqual({ email: 'reader@example.com' });
    expect(await listed()).toEqual(['reader@example.com']);
    // Subscribing again while confirmed: the same answer, no e-mail.
    const sent = rig.mailer.sent.length;
    expect(await api.support.subscribe({ email: 'reader@example.com' })).toEqual({ ok: true });
    expect(rig.mailer.sent).toHaveLength(sent);

    await api.support.unsubscribe({ token: tokenIn(mail.text, 'unsubscribe') });
    expect(await listed()).toEqual([]);
    // An old confirmation link does not put the address back after it left.
    expect((await refusal(api.support.confirmNewsletter({ token: tokenIn(mail.text, 'confirm') }))).code).toBe('NOT_FOUND');
    expect(await listed()).toEqual([]);
  });

  it('refuses forged links (404) and sends at most one confirmation per address per interval', async () => {
    const api = await rig.browser().caller();
    await api.support.subscribe({ email: 'a@example.com' });
    await api.support.subscribe({ email: 'a@example.com' });
    expect(rig.mailer.sent.filter((m) => m.to === 'a@example.com')).toHaveLength(1);
    const token = tokenIn(rig.mailer.sent.at(-1)!.text, 'confirm');
    // Someone else's address under this signature; the unsubscribe token used to confirm; nonsense.
    const other = `${Buffer.from('b@example.com').toString('base64url')}.${token.split('.')[1]}`;
    for (const bad of [other, tokenIn(rig.mailer.sent.at(-1)!.text, 'unsubscribe').slice(2), 'x.y']) {
      expect((await refusal(api.support.confirmNewsletter({ token: bad }))).code).toBe('NOT_FOUND');
    }
    expect((await refusal(api.support.unsubscribe({ token: token }))).code).toBe('NOT_FOUND');
    expect(await listed()).toEqual([]);
    rig.clock.advance(NEWSLETTER_CONFIRM_INTERVAL_MS + 1);
    await api.support.subscribe({ email: 'a@example.com' });
    expect(rig.mailer.sent.filter((m) => m.to === 'a@example.com')).toHaveLength(2);
  });
});
