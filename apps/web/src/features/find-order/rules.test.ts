// The 'Find my order' rules must say what the server's input schema says (ZFindOrderInput: ZEmail,
// an order number of 1–32 characters), with the server's English words, so the form never sends
// what the server refuses nor refuses what it takes.
import { describe, expect, it } from 'vitest';
import { MSG, ZEmail } from '@esim/api/domain';
import esim from '@esim/i18n/locales/en/esim.json';
import { validateFindOrder } from './rules.ts';

const english = (key: string) =>
  esim.findOrder.validation[key.replace('findOrder.validation.', '') as keyof typeof esim.findOrder.validation];

describe('find-order rules', () => {
  it.each([
    'guest@traveller.example',
    '  Guest@Traveller.EXAMPLE ',
    'a+b@c.co',
    'not-an-email',
    'a@b',
    '',
    ' ',
    `${'x'.repeat(250)}@b.co`,
    'two@@at.example',
  ])('the address %j: the same verdict as ZEmail', (email) => {
    const ours = validateFindOrder({ email, orderNumber: 'ORD-1' });
    const zod = ZEmail.safeParse(email);
    expect(ours.errors.email === undefined).toBe(zod.success);
    if (ours.errors.email) expect(english(ours.errors.email)).toBe(MSG.email);
    else expect(ours.data.email).toBe(zod.data);
  });

  it.each([
    ['', 'Required'],
    ['   ', 'Required'],
    ['ORD-7K3M9Q2XB4', null],
    ['x'.repeat(32), null],
    ['x'.repeat(33), 'Please enter the order number from your receipt (ORD-…)'],
  ])('the order number %j', (orderNumber, message) => {
    const { errors } = validateFindOrder({ email: 'a@b.co', orderNumber });
    expect(errors.orderNumber ? english(errors.orderNumber) : null).toBe(message);
  });

  it('sends what the server looks up: trimmed, the number upper-cased', () => {
    expect(validateFindOrder({ email: ' A@B.CO ', orderNumber: ' ord-7k3m9q2xb4 ' })).toEqual({
      ok: true,
      errors: {},
      data: { email: 'a@b.co', orderNumber: 'ORD-7K3M9Q2XB4' },
    });
  });
});
