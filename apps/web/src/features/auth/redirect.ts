// Where to go after signing in. The account guard sends guests to /login?redirect=<path>; only a
// same-site path is followed, never another origin (open-redirect safe).

/** A path on this site ('/account/orders?x=1#y'), or null for anything else. */
export function safeRedirectPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 512) return null;
  // One leading slash, not '//' or '/\' (protocol-relative), no control characters or backslashes.
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, 'https://site.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://site.invalid') return null;
  // Back to the sign-in pages would loop.
  if (/^\/(login|register)\/?$/.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

export interface LoginSearch {
  /** 'admin' when /admin sent a guest here. */
  from?: 'admin' | undefined;
  /** The page the account guard was protecting. */
  redirect?: string | undefined;
}

/** Spec §2: /admin when ?from=admin and the user is an admin; else the guarded page; else /. */
export function afterLoginPath(user: { role: string }, search: LoginSearch): string {
  if (search.from === 'admin' && user.role === 'admin') return '/admin';
  return safeRedirectPath(search.redirect) ?? '/';
}
