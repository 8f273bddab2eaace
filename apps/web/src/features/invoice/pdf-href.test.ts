import { describe, expect, it } from 'vitest';
import { pdfHref } from './pdf-href.ts';

describe('pdfHref', () => {
  it.each([
    [{ orderId: 'ORD-AB12' }, 'ORD-AB12', undefined, '/api/invoices/ORD-AB12/pdf'],
    [{ orderId: 'ORD-AB12' }, 'ORD-AB12', 'CN-000002', '/api/invoices/ORD-AB12/credit-notes/CN-000002/pdf'],
    [{ token: 'a-b_c' }, 'ORD-AB12', undefined, '/api/invoices/ORD-AB12/pdf?token=a-b_c'],
    [{ token: 'x/y+z' }, 'ORD-AB12', 'CN-000001', '/api/invoices/ORD-AB12/credit-notes/CN-000001/pdf?token=x%2Fy%2Bz'],
  ] as const)('%j %s %s → %s', (ref, orderId, note, href) => {
    expect(pdfHref(ref, orderId, note)).toBe(href);
  });
});
