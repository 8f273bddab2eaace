// The back office's menu by role: what each role sees, and which pages it may open (the server's
// procedure roles say the same; this is the doorway, not the lock).
import { describe, expect, it } from 'vitest';
import { mayOpen, navFor } from './admin-nav.tsx';

describe('navFor / mayOpen', () => {
  it('shows each role its sections only', () => {
    expect(navFor('owner').map((i) => i.key)).toEqual([
      'dashboard',
      'orders',
      'catalog',
      'customers',
      'rates',
      'promotions',
      'rewards',
      'support',
      'operations',
      'audit',
    ]);
    expect(navFor('support').map((i) => i.key)).toEqual(['dashboard', 'orders', 'customers', 'support', 'operations']);
    expect(navFor('catalogue').map((i) => i.key)).toEqual(['dashboard', 'catalog', 'rates', 'promotions']);
    expect(navFor(null)).toEqual([]);
  });

  it('support cannot open rates, rewards or the audit log; catalogue cannot open customers', () => {
    expect(mayOpen('support', '/admin/rates')).toBe(false);
    expect(mayOpen('support', '/admin/rewards')).toBe(false);
    expect(mayOpen('support', '/admin/audit')).toBe(false);
    expect(mayOpen('support', '/admin/customers/42')).toBe(true);
    expect(mayOpen('support', '/admin')).toBe(true);
    expect(mayOpen('catalogue', '/admin/customers')).toBe(false);
    expect(mayOpen('catalogue', '/admin/rates')).toBe(true);
    expect(mayOpen('owner', '/admin/audit')).toBe(true);
    expect(mayOpen('support', '/admin/promotions')).toBe(false);
    expect(mayOpen('catalogue', '/admin/promotions')).toBe(true);
    expect(mayOpen(undefined, '/admin')).toBe(false);
  });
});
