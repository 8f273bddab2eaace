// Issue 29: the referral link's code, remembered for a guest until the checkout. The server sets
// the cookie when a page is opened with ?ref=CODE (apps/server static.ts rememberReferral), so the
// first chunk has no code for it; the checkout reads it here and forgets it once used or refused.
export const REFERRAL_COOKIE = 'esim_ref';

export function readReferralCode(cookie: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === REFERRAL_COOKIE) {
      const value = rest.join('=').trim();
      return /^[0-9A-Z]{8}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function forgetReferralCode(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${REFERRAL_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
