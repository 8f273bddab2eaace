// What anonymous failed requests leave behind is bounded: log lines (logger.ts: identical
// warn/error lines at most LOG_REPEATS_PER_MINUTE a minute, then one summary line) and login audit
// rows (packages/api services/accounts/login-audit.ts: a few rows per address, failed outcome and minute,
// then a count).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_ROWS_PER_MINUTE } from '../../../packages/api/src/services/accounts/login-audit.ts';
import { LOG_REPEATS_PER_MINUTE, createLogger } from '../src/logger.ts';
import { ORIGIN, createTestApp, sameSite, type TestApp } from './auth-app.ts';

interface Line {
  level: string;
  msg: string;
  [k: string]: unknown;
}

/** A logger at 'info' over an array, on a clock the test moves. */
function capture() {
  const lines: Line[] = [];
  const clock = { now: Date.parse('2026-03-01T12:00:00.000Z') };
  const log = createLogger('info', (line) => lines.push(JSON.parse(line) as Line), { now: () => clock.now });
  return { lines, clock, log };
}

describe('the logger bounds repeated warnings and errors', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`1,000 identical warnings in a minute → ${LOG_REPEATS_PER_MINUTE} lines, then one line saying how many more`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { lines, clock, log } = capture();
    for (let i = 0; i < 1000; i++) log.warn('request refused', { path: '/api/x', code: 'BAD_SIGNATURE', n: i });
    expect(lines).toHaveLength(LOG_REPEATS_PER_MINUTE);
    expect(lines.map((l) => l.n)).toEqual([...Array(LOG_REPEATS_PER_MINUTE).keys()]);

    clock.now += 60_000;
    vi.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(LOG_REPEATS_PER_MINUTE + 1);
    expect(lines.at(-1)).toMatchObject({
      level: 'warn',
      msg: 'repeated log lines suppressed',
      like: 'request refused',
      route: '/api/x',
      code: 'BAD_SIGNATURE',
      suppressed: 1000 - LOG_REPEATS_PER_MINUTE,
      windowSeconds: 60,
    });

    // A new minute: lines flow again.
    log.warn('request refused', { path: '/api/x', code: 'BAD_SIGNATURE', n: 1000 });
    expect(lines.at(-1)).toMatchObject({ msg: 'request refused', n: 1000 });
  });

  it('counts each (message, route, code) on its own; errors too; info lines are never held back', () => {
    const { lines, log } = capture();
    for (let i = 0; i < 100; i++) {
      log.warn('request refused', { path: '/api/a', code: 'X' });
      log.warn('request refused', { path: '/api/b', code: 'X' });
      log.warn('request refused', { path: '/api/a', code: 'Y' });
      log.error('unhandled error', { path: '/api/a' });
      log.info('order paid', { orderId: i });
    }
    const count = (pred: (l: Line) => boolean) => lines.filter(pred).length;
    expect(count((l) => l.path === '/api/a' && l.code === 'X')).toBe(LOG_REPEATS_PER_MINUTE);
    expect(count((l) => l.path === '/api/b' && l.code === 'X')).toBe(LOG_REPEATS_PER_MINUTE);
    expect(count((l) => l.path === '/api/a' && l.code === 'Y')).toBe(LOG_REPEATS_PER_MINUTE);
    expect(count((l) => l.msg === 'unhandled error')).toBe(LOG_REPEATS_PER_MINUTE);
    expect(count((l) => l.msg === 'order paid')).toBe(100);
  });

  it('the summary also comes with the next such line after the minute, without waiting for the timer', () => {
    const { lines, clock, log } = capture();
    for (let i = 0; i < LOG_REPEATS_PER_MINUTE + 5; i++) log.error('unhandled error', { path: '/api/a' });
    clock.now += 61_000;
    log.error('unhandled error', { path: '/api/a' });
    expect(lines.slice(-2)).toMatchObject([
      { level: 'error', msg: 'repeated log lines suppressed', like: 'unhandled error', route: '/api/a', suppressed: 5 },
      { level: 'error', msg: 'unhandled error' },
    ]);
  });

  it('routes an attacker makes up cannot grow what the logger tracks without bound', () => {
    const { lines, log } = capture();
    for (let i = 0; i < 5000; i++) log.warn('request refused', { path: `/api/${i}`, code: 'X' });
    // Past the tracked kinds, lines are told apart by message alone, so they are bounded again.
    expect(lines.length).toBeLessThanOrEqual(1000 + LOG_REPEATS_PER_MINUTE);
  });
});

describe('1,000 anonymous failed requests from one address', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it(`bad webhook signatures: at most ${LOG_REPEATS_PER_MINUTE} log lines a minute, then a count`, async () => {
    const { lines, clock, log } = capture();
    // The access log writes one line per request by design (ACCESS_LOG=0 or LOG_LEVEL=warn turns
    // it off); what is bounded here are the other lines.
    t = await createTestApp({ ACCESS_LOG: '0' }, { log });
    for (let i = 0; i < 1000; i++) {
      const res = await t.app.request(`${ORIGIN}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'Stripe-Signature': 't=1,v1=00' },
        body: '{}',
      });
      expect(res.status).toBe(400);
    }
    const refused = lines.filter((l) => l.msg === 'webhook refused');
    expect(refused).toHaveLength(LOG_REPEATS_PER_MINUTE);
    expect(lines).toHaveLength(LOG_REPEATS_PER_MINUTE);

    clock.now += 60_000;
    await t.app.request(`${ORIGIN}/api/webhooks/stripe`, { method: 'POST', headers: { 'Stripe-Signature': 't=1,v1=00' }, body: '{}' });
    expect(lines.find((l) => l.msg === 'repeated log lines suppressed')).toMatchObject({
      like: 'webhook refused',
      suppressed: 1000 - LOG_REPEATS_PER_MINUTE,
    });
  });

  it(`failed sign-ins: at most ${AUDIT_ROWS_PER_MINUTE} audit rows per failed outcome a minute, the rest counted; no log line each`, async () => {
    const { lines, log } = capture();
    t = await createTestApp({ ACCESS_LOG: '0' }, { log });
    const reg = await t.app.request(`${ORIGIN}/api/auth/register`, {
      method: 'POST',
      headers: sameSite(),
      body: JSON.stringify({
        username: 'flood_target',
        email: 'flood@example.com',
        password: 'a long enough password',
        fullName: 'Flood Target',
      }),
    });
    expect(reg.status).toBe(200);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      // Half with input that fails validation, half with a wrong password (throttled after a few).
      const body = i % 2 ? { username: 'ab', password: 'x' } : { username: 'flood_target', password: `wrong password ${i}` };
      const res = await t.app.request(`${ORIGIN}/api/auth/login`, { method: 'POST', headers: sameSite(), body: JSON.stringify(body) });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    expect(statuses.get(200)).toBeUndefined();
    expect(statuses.get(400)).toBe(500);

    const rows = await t.db.selectFrom('login_audit').select(['outcome', 'attempts']).execute();
    const failed = rows.filter((r) => r.outcome !== 'success');
    const outcomes = new Set(failed.map((r) => r.outcome));
    expect(failed.length).toBeLessThanOrEqual(AUDIT_ROWS_PER_MINUTE * outcomes.size);
    for (const outcome of outcomes) expect(failed.filter((r) => r.outcome === outcome).length).toBeLessThanOrEqual(AUDIT_ROWS_PER_MINUTE);
    // Nothing is lost from the count.
    expect(failed.reduce((sum, r) => sum + r.attempts, 0)).toBe(1000);
    expect(failed.filter((r) => r.outcome === 'invalid')).toHaveLength(AUDIT_ROWS_PER_MINUTE);
    expect(lines.length).toBeLessThanOrEqual(LOG_REPEATS_PER_MINUTE);
  });

  it('a new minute starts new rows; a success always has its own', async () => {
    t = await createTestApp();
    const attempt = (username: string) =>
      t!.app.request(`${ORIGIN}/api/auth/login`, {
        method: 'POST',
        headers: sameSite(),
        body: JSON.stringify({ username, password: 'x' }),
      });
    for (let i = 0; i < AUDIT_ROWS_PER_MINUTE + 3; i++) await attempt('ab');
    t.clock.advance(60_000);
    await attempt('cd');
    const rows = await t.db.selectFrom('login_audit').select(['username_tried', 'attempts', 'created_at']).orderBy('id').execute();
    expect(rows).toHaveLength(AUDIT_ROWS_PER_MINUTE + 1);
    expect(rows.slice(0, -1).map((r) => r.attempts)).toEqual([...Array(AUDIT_ROWS_PER_MINUTE - 1).fill(1), 4]);
    expect(rows.at(-1)).toMatchObject({ username_tried: 'cd', attempts: 1 });
  });
});
