import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardNumberError,
  cvcError,
  expiryError,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  toDemoCard,
  validateCard,
} from './card-format.ts';
import { checkoutProblem } from './checkout-errors.ts';
import { dataFromName, daysFromName, planFacts } from './plan-facts.ts';
import { parseOrderSuccessSearch } from './success-search.ts';

const TODAY = { year: 2026, month: 6 };

describe('card number', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242 4242-4242 4242', '4242 4242 4242 4242'],
    ['42424', '4242 4'],
    ['4242', '4242'],
    ['4242424242424242999', '4242 4242 4242 4242 999'],
    ['424242424242424299999', '4242 4242 4242 4242 999'],
    ['378282246310005', '3782 822463 10005'],
    ['37828224631000599', '3782 822463 10005'],
    ['abc', ''],
  ])('formats %s as %s', (raw, want) => {
    expect(formatCardNumber(raw)).toBe(want);
  });

  it.each([
    ['4242', 'visa'],
    ['5555', 'mastercard'],
    ['2223', 'mastercard'],
    ['3782', 'amex'],
    ['6011', 'unknown'],
  ] as const)('brand of %s is %s', (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });

  it.each([
    ['', 'card.errors.numberRequired'],
    ['4242 4242 4242', 'card.errors.numberIncomplete'],
    ['4242 4242 4242 4241', 'card.errors.numberInvalid'],
    ['4242 4242 4242 4242', undefined],
    ['4000 0000 0000 0002', undefined],
    ['4000 0027 6000 3184', undefined],
    ['3782 822463 10005', undefined],
    ['3782 822463 1000', 'card.errors.numberIncomplete'],
  ])('checks %j → %s', (value, error) => {
    expect(cardNumberError(value)).toBe(error);
  });
});

describe('expiry', () => {
  it.each([
    ['1', false, '1'],
    ['4', false, '04 / '],
    ['12', false, '12 / '],
    ['12', true, '12'],
    ['123', false, '12 / 3'],
    ['12 / 34', false, '12 / 34'],
    ['12/345', false, '12 / 34'],
    ['0', false, '0'],
  ])('typing %j (deleting %s) shows %j', (raw, deleting, want) => {
    expect(formatExpiry(raw, deleting)).toBe(want);
  });

  it('parses MM / YY', () => {
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('12 / 3')).toBeNull();
  });

  it.each([
    ['', 'card.errors.expiryRequired'],
    ['1', 'card.errors.expiryIncomplete'],
    ['13 / 30', 'card.errors.expiryMonth'],
    ['00 / 30', 'card.errors.expiryMonth'],
    ['05 / 26', 'card.errors.expiryPast'],
    ['12 / 25', 'card.errors.expiryPast'],
    ['06 / 26', undefined],
    ['01 / 40', undefined],
  ])('checks %j → %s', (value, error) => {
    expect(expiryError(value, TODAY)).toBe(error);
  });
});

describe('CVC and the whole card', () => {
  it('wants 3 digits, 4 for American Express', () => {
    expect(cvcError('', '4242')).toBe('card.errors.cvcRequired');
    expect(cvcError('12', '4242')).toBe('card.errors.cvcIncomplete');
    expect(cvcError('123', '4242')).toBeUndefined();
    expect(cvcError('123', '378282246310005')).toBe('card.errors.cvcIncomplete');
    expect(cvcError('1234', '378282246310005')).toBeUndefined();
  });

  it('validates every field and builds the demo card', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '' }, TODAY)).toEqual({
      number: 'card.errors.numberRequired',
      expiry: 'card.errors.expiryRequired',
      cvc: 'card.errors.cvcRequired',
    });
    const card = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
    expect(validateCard(card, TODAY)).toEqual({});
    expect(toDemoCard(card)).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' });
  });
});

describe('plan facts', () => {
  it('reads data and days from the name when the plan lacks them', () => {
    expect(dataFromName('Japan 5GB - 30 Days')).toBe('5GB');
    expect(dataFromName('Europe 500 MB 7 days')).toBe('500MB');
    expect(dataFromName('Asia 1,5gb')).toBe('1.5GB');
    expect(dataFromName('Unlimited Japan')).toBe('Unlimited');
    expect(dataFromName('Japan day pass')).toBeNull();
    expect(daysFromName('Japan 5GB - 30 Days')).toBe(30);
    expect(daysFromName('Japan 1GB - 1 Day')).toBe(1);
    expect(daysFromName('Japan 7-day pass')).toBe(7);
    expect(daysFromName('Japan 5GB')).toBeNull();
  });

  it('prefers the plan fields', () => {
    expect(planFacts({ name: 'Japan 5GB - 30 Days', dataAmount: '3GB', validityDays: 10 })).toEqual({ data: '3GB', validityDays: 10 });
    expect(planFacts({ name: 'Japan 5GB - 30 Days', dataAmount: '', validityDays: 0 })).toEqual({ data: '5GB', validityDays: 30 });
    expect(planFacts({ name: 'Mystery plan' })).toEqual({ data: null, validityDays: null });
  });
});

describe('order-success search', () => {
  it('keeps the payment intent, its secret and Stripe redirect status', () => {
    expect(
      parseOrderSuccessSearch({ payment_intent: 'pi_1', payment_intent_client_secret: 'pi_1_secret_x', redirect_status: 'succeeded' }),
    ).toEqual({
      payment_intent: 'pi_1',
      payment_intent_client_secret: 'pi_1_secret_x',
      redirect_status: 'succeeded',
    });
  });
  it('drops what is not a usable string', () => {
    expect(parseOrderSuccessSearch({})).toEqual({});
    expect(parseOrderSuccessSearch({ payment_intent: '', other: 'x' })).toEqual({});
    expect(parseOrderSuccessSearch({ payment_intent: { a: 1 } })).toEqual({});
    expect(parseOrderSuccessSearch({ payment_intent: 'a'.repeat(256) })).toEqual({});
    expect(parseOrderSuccessSearch({ payment_intent: 'pi\n1' })).toEqual({});
    expect(parseOrderSuccessSearch({ payment_intent: 123 })).toEqual({ payment_intent: '123' });
  });
});

describe('checkout problems', () => {
  const err = (data: object, message = 'boom') => Object.assign(new Error(message), { data });
  it('sorts server errors into field, panel, sign-in and retry', () => {
    expect(checkoutProblem(err({ code: 'BAD_REQUEST', appError: { code: 'BAD_INPUT', details: { field: 'email' } } })).kind).toBe('email');
    expect(checkoutProblem(err({ code: 'BAD_REQUEST', zodError: { fieldErrors: { email: ['Invalid email'] } } })).kind).toBe('email');
    expect(checkoutProblem(err({ code: 'NOT_FOUND', appError: { code: 'PLAN_NOT_FOUND' } }))).toEqual({
      kind: 'fatal',
      key: 'errors.PLAN_NOT_FOUND',
      message: null,
    });
    expect(checkoutProblem(err({ code: 'BAD_REQUEST', appError: { code: 'AMOUNT_BELOW_MINIMUM' } })).kind).toBe('fatal');
    expect(checkoutProblem(err({ code: 'UNAUTHORIZED' })).kind).toBe('signIn');
    // A currency whose rate is unusable: the shopper may pick another currency and try again.
    expect(checkoutProblem(err({ code: 'UNPROCESSABLE_CONTENT', appError: { code: 'CURRENCY_UNAVAILABLE' } }))).toEqual({
      kind: 'retry',
      key: 'errors.CURRENCY_UNAVAILABLE',
      message: null,
    });
    expect(checkoutProblem(err({ code: 'BAD_GATEWAY', appError: { code: 'PAYMENT_PROVIDER_ERROR' } }))).toEqual({
      kind: 'retry',
      key: 'errors.PAYMENT_PROVIDER_ERROR',
      message: null,
    });
    expect(
      checkoutProblem(err({ code: 'BAD_REQUEST', appError: { code: 'BAD_INPUT', details: { providerCode: 'x' } } }, 'Provider says no')),
    ).toEqual({
      kind: 'retry',
      key: null,
      message: 'Provider says no',
    });
    expect(checkoutProblem(new Error('Failed to fetch'))).toEqual({ kind: 'retry', key: 'errors.network', message: null });
  });
});
