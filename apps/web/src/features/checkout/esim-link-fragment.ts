// Issue 26: a top-up bought through the 'Manage your eSIM' link, without an account. The link's
// token rides along in the URL's fragment (#link=…) from the eSIM's link page to the checkout and
// on to the success page: a fragment is never sent to a server or written to its logs, and the
// checkout route's search parsing (in the shop's initial chunk) stays as it is.
const FRAGMENT = /(?:^|&)link=([A-Za-z0-9_-]{16,128})(?:&|$)/;

/** The fragment (without '#') that carries a link's token. */
export function linkFragment(token: string): string {
  return `link=${token}`;
}

/** The token a fragment carries ('#link=…' or 'link=…'); null when it carries none. */
export function linkTokenFromHash(hash: string): string | null {
  return FRAGMENT.exec(hash.replace(/^#/, ''))?.[1] ?? null;
}
