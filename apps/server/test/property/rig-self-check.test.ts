// The property tests' checks can fail: sendAndCheck (rig.ts) refuses a 4xx that wrote a row (also
// an UPDATE that changes no count), a 5xx, and a message with JavaScript's own error text, and lets
// a write to an excluded table (a counter of refused attempts) through. Each case breaks the app on
// purpose by swapping one catalogue method for the length of one request.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@esim/api';
import { ORIGIN, createFuzzApp, sendAndCheck } from './rig.ts';

const f = await createFuzzApp();
const catalog = f.services.catalog;
const original = { getPlan: catalog.getPlan };
afterEach(() => {
  catalog.getPlan = original.getPlan;
});
afterAll(() => f.close());

/** GET /api/plans/:id with getPlan replaced by `impl`. */
function getPlanWith(impl: () => Promise<never>) {
  catalog.getPlan = impl;
  return sendAndCheck(f, { method: 'GET', url: `${ORIGIN}/api/plans/987654`, headers: {} }, 'rest');
}

describe('sendAndCheck', () => {
  it('passes an honest 404', async () => {
    const { status } = await sendAndCheck(f, { method: 'GET', url: `${ORIGIN}/api/plans/987654`, headers: {} }, 'rest');
    expect(status).toBe(404);
  });

  it('fails a 4xx that inserted a row first', async () => {
    await expect(
      getPlanWith(async () => {
        await f.db
          .insertInto('newsletter_subscribers')
          .values({ email: 'partial@example.com', locale: 'en', source: 'blog', created_at: new Date().toISOString() })
          .execute();
        throw new AppError('PLAN_NOT_FOUND');
      }),
    ).rejects.toThrow(/a 4xx changed rows/);
  });

  it('fails a 4xx that updated a row without changing any count', async () => {
    await expect(
      getPlanWith(async () => {
        await f.db
          .updateTable('users')
          .set((eb) => ({ role: eb.ref('role') }))
          .where('username', '=', 'fuzz_customer')
          .execute();
        throw new AppError('PLAN_NOT_FOUND');
      }),
    ).rejects.toThrow(/a 4xx changed rows/);
  });

  it('lets a 4xx write to an excluded table (login_throttle counts refused attempts)', async () => {
    const { status } = await getPlanWith(async () => {
      await f.db
        .insertInto('login_throttle')
        .values({
          key: 'self-check',
          window_start: new Date().toISOString(),
          failures: 1,
          locked_until: null,
          updated_at: new Date().toISOString(),
        })
        .execute();
      throw new AppError('PLAN_NOT_FOUND');
    });
    expect(status).toBe(404);
  });

  it('fails a 5xx', async () => {
    await expect(
      getPlanWith(async () => {
        throw new TypeError('boom');
      }),
    ).rejects.toThrow(/expected 500 to be less than 500/);
  });

  it('fails a message with JavaScript’s own error text', async () => {
    await expect(
      getPlanWith(async () => {
        throw new AppError('BAD_INPUT', "Cannot read properties of undefined (reading 'id')");
      }),
    ).rejects.toThrow(/leaks an internal error/);
  });
});
