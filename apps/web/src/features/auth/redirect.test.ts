import { describe, expect, it } from 'vitest';
import { afterLoginPath, safeRedirectPath } from './redirect.ts';

describe('safeRedirectPath', () => {
  it.each([
    ['/account', '/account'],
    ['/account/orders?page=2#top', '/account/orders?page=2#top'],
    ['/rewards', '/rewards'],
  ])('follows the same-site path %s', (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });

  it.each([
    [undefined],
    [''],
    ['account'],
    ['https://evil.example/'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['/\tevil'],
    ['javascript:alert(1)'],
    ['/login'],
    ['/register/'],
    ['/' + 'a'.repeat(600)],
  ])('refuses %s', (raw) => {
    expect(safeRedirectPath(raw)).toBeNull();
  });
});

describe('afterLoginPath', () => {
  const admin = { role: 'admin' };
  const customer = { role: 'customer' };
  it.each([
    [admin, { from: 'admin' as const }, '/admin'],
    [customer, { from: 'admin' as const }, '/'],
    [admin, {}, '/'],
    [customer, { redirect: '/account/profile' }, '/account/profile'],
    [customer, { redirect: 'https://evil.example' }, '/'],
    [admin, { from: 'admin' as const, redirect: '/account' }, '/admin'],
    [customer, { from: 'admin' as const, redirect: '/account' }, '/account'],
  ])('%o with %o → %s', (user, search, expected) => {
    expect(afterLoginPath(user, search)).toBe(expected);
  });
});
