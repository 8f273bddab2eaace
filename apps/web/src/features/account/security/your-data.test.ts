import { describe, expect, it } from 'vitest';
import { summaryHtml } from './your-data.tsx';

const t = (key: string, values?: Record<string, unknown>) => (values ? `${key}=${Object.values(values).join(',')}` : key);

describe('summaryHtml', () => {
  it('lists the account facts and counts each kind of record, escaping what the person typed', () => {
    const html = summaryHtml(
      {
        generatedAt: '2026-11-28T12:00:00.000Z',
        account: { username: 'ada', full_name: '<script>alert(1)</script>', mobile: null },
        orders: [{}, {}],
        checkIns: [{}],
      },
      t,
      'ar',
      'rtl',
      'Shop & Co',
    );
    expect(html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    expect(html).toContain('<th scope="row">username</th><td>ada</td>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    // Empty fields are left out; counts per kind (0 where there is none).
    expect(html).not.toContain('mobile');
    expect(html).toContain('summary.count=2');
    expect(html).toContain('summary.count=1');
    expect(html).toContain('summary.count=0');
    expect(html).toContain('Shop &#38; Co');
  });
});
