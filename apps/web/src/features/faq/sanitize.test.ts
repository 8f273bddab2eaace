import '../../test/dom-shims.ts';
import { describe, expect, it } from 'vitest';
import { sanitizeFaqHtml } from './sanitize.ts';

describe('sanitizeFaqHtml', () => {
  it('keeps the markup the answers use', () => {
    const html = '<ol><li>Open <strong>Settings</strong></li><li><em>Add eSIM</em></li></ol><p>See <a href="/support">support</a>.</p>';
    expect(sanitizeFaqHtml(html)).toBe(html);
  });

  it.each<[string, string]>([
    ['<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['<img src="x" onerror="alert(1)">', ''],
    ['<p onclick="alert(1)">Tap</p>', '<p>Tap</p>'],
    ['<a href="javascript:alert(1)">link</a>', '<a>link</a>'],
    ['<strong style="color:red">bold</strong>', '<strong>bold</strong>'],
    ['<iframe src="https://example.com"></iframe>text', 'text'],
    ['<p>ok</p><object data="x.swf"></object>', '<p>ok</p>'],
  ])('%j → %j', (dirty, clean) => {
    const out = sanitizeFaqHtml(dirty);
    expect(out).toBe(clean);
    expect(out).not.toMatch(/<script|onerror|onclick|javascript:/i);
  });
});
