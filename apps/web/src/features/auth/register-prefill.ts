// 'Create an account with this e-mail' (issue 26: the order-success page, later the order
// e-mails): /register#email=<address> fills in the sign-up form's address.
//
// In the fragment, not a ?email= search param: a route's search reader lives in the route's
// definition, which is in the shop's initial chunk (at its 160 kB budget; even a hand-written
// reader tipped it over, zod would add ~10 kB), while the fragment is read by the page's own lazy
// chunk. It also keeps the address out of server logs and Referer headers: browsers never send it.
import { emailError } from './rules.ts';

/** The fragment (without '#') that pre-fills `email`. */
export function registerFragment(email: string): string {
  return `email=${encodeURIComponent(email)}`;
}

/** The address a fragment names, when it is one (the form's own rule); else null. */
export function emailFromFragment(hash: string): string | null {
  let value: string | null;
  try {
    value = new URLSearchParams(hash.replace(/^#/, '')).get('email');
  } catch {
    return null;
  }
  if (value === null) return null;
  const email = value.trim();
  return email && emailError(email) === undefined ? email : null;
}
