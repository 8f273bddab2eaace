// The back office's second factor in browser tests (issue 27): a test authenticator that keeps each
// admin's TOTP key (learnt at enrolment) and computes codes with @oslojs/otp, never the same 30-second
// step twice (the server refuses a replay); enrolment and the sign-in prompt through the pages, or
// enrolment through tRPC for tests about other things.
import { generateHOTP } from '@oslojs/otp';
import type { Page } from 'playwright-core';

/** RFC 4648 base32 (the key the enrolment page shows) to bytes. */
function decodeBase32(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of text.replace(/=+$/, '').toUpperCase()) {
    const v = alphabet.indexOf(ch);
    if (v < 0) throw new Error(`not base32: ${text}`);
    buffer = (buffer << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

interface Authenticator {
  key: Uint8Array;
  lastStep: number;
  recoveryCodes: string[];
}

const authenticators = new Map<string, Authenticator>();

/** The next code the server accepts for `username` (waits for a new 30-second step when all near ones are used). */
export async function nextTotpCode(username: string): Promise<string> {
  const a = authenticators.get(username);
  if (!a) throw new Error(`no authenticator enrolled for ${username}`);
  for (;;) {
    const current = Math.floor(Date.now() / 30_000);
    // ±1 step is accepted: a step after the last used one, the newest first, within current + 1.
    const step = Math.max(current - 1, a.lastStep + 1);
    if (step <= current + 1) {
      a.lastStep = step;
      return generateHOTP(a.key, BigInt(step), 6);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export function remember(username: string, secretBase32: string, recoveryCodes: string[] = []): void {
  authenticators.set(username, { key: decodeBase32(secretBase32), lastStep: 0, recoveryCodes });
}

async function trpc<T>(page: Page, path: string, input?: unknown): Promise<T> {
  const out = await page.evaluate(
    async ([p, body]) => {
      // factors.status is a query (GET); the rest are mutations (POST).
      const res =
        p === 'factors.status'
          ? await fetch(`/api/trpc/${p}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, credentials: 'include', cache: 'no-store' })
          : await fetch(`/api/trpc/${p}`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
              body: JSON.stringify(body === undefined ? {} : { json: body }),
              credentials: 'include',
            });
      return { status: res.status, body: (await res.json()) as { result?: { data?: { json?: unknown } } } };
    },
    [path, input] as const,
  );
  if (out.status !== 200) throw new Error(`${path}: ${out.status} ${JSON.stringify(out.body)}`);
  return out.body.result?.data?.json as T;
}

/**
 * In a page signed in as `username` (an admin with the password only): enrols an authenticator app
 * through tRPC if the account has none, else gives a code; the session then passes the back office's door.
 */
export async function giveSecondFactorByApi(page: Page, username: string): Promise<void> {
  const status = await trpc<{ enrolmentRequired: boolean; required: boolean }>(page, 'factors.status');
  if (status.enrolmentRequired) {
    const { secret } = await trpc<{ secret: string }>(page, 'factors.beginTotp');
    remember(username, secret);
    const { recoveryCodes } = await trpc<{ recoveryCodes: string[] | null }>(page, 'factors.confirmTotp', {
      code: await nextTotpCode(username),
    });
    const a = authenticators.get(username);
    if (a && recoveryCodes) a.recoveryCodes = recoveryCodes;
  } else if (status.required) {
    await trpc(page, 'factors.verifyTotp', { code: await nextTotpCode(username) });
  }
}

/** In a page signed in as `username` (a traveller without a factor): sets up an authenticator app through tRPC. */
export async function enrolTotpByApi(page: Page, username: string): Promise<void> {
  const { secret } = await trpc<{ secret: string }>(page, 'factors.beginTotp');
  remember(username, secret);
  const { recoveryCodes } = await trpc<{ recoveryCodes: string[] | null }>(page, 'factors.confirmTotp', {
    code: await nextTotpCode(username),
  });
  const a = authenticators.get(username);
  if (a && recoveryCodes) a.recoveryCodes = recoveryCodes;
}

/**
 * On the back office after signing in with the password: the enrolment page (first sign-in: scan
 * the QR — the key shown beside it — and confirm with a code; the recovery codes kept) or the code
 * prompt. Returns what it did.
 */
export async function passSecondFactorInPage(page: Page, username: string): Promise<'enrolled' | 'prompted'> {
  const enrol = page.getByRole('heading', { level: 1, name: 'Set up a second factor' });
  const prompt = page.getByRole('heading', { level: 1, name: 'Confirm it is you' });
  await enrol.or(prompt).first().waitFor();
  if (await enrol.isVisible()) {
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    remember(username, secret);
    await page.getByLabel('6-digit code').fill(await nextTotpCode(username));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your recovery codes' }).waitFor();
    const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    const a = authenticators.get(username);
    if (a) a.recoveryCodes = codes.map((c) => c.trim());
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    return 'enrolled';
  }
  await page.getByLabel('6-digit code').fill(await nextTotpCode(username));
  await page.getByRole('button', { name: 'Verify' }).click();
  await prompt.waitFor({ state: 'detached' });
  return 'prompted';
}

export function recoveryCodesOf(username: string): string[] {
  return authenticators.get(username)?.recoveryCodes ?? [];
}
