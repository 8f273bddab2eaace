// Issue 29: a page opened by a referral link (/?ref=CODE, or any page with ?ref=) remembers the
// code in the esim_ref cookie for the checkout (30 days, SameSite=Lax, Secure over https); a
// malformed ref sets nothing, nor does an API path.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogApp, type CatalogApp } from './catalog-app.ts';

let dir: string;
let t: CatalogApp;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'esim-ref-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>');
  t = await createCatalogApp({ webDist: dir, env: { PUBLIC_URL: 'https://shop.example/' } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the referral cookie', () => {
  it.each([
    ['/?ref=abcd2345', 'ABCD2345'],
    ['/plans?ref=W7ND408J', 'W7ND408J'],
  ])('%s sets esim_ref=%s', async (path, code) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`esim_ref=${code}`);
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Secure');
    expect(cookie).not.toContain('HttpOnly');
  });

  it.each(['/?ref=short', '/?ref=<script>xx', '/?ref=ABCD2345ABCD', '/'])('%s sets nothing', async (path) => {
    const res = await t.app.request(path);
    expect(res.headers.get('set-cookie') ?? '').not.toContain('esim_ref');
  });
});
