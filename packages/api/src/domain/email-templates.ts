// What every e-mail is made of, pure and browser-safe: its three parts, HTML escaping and the
// rule for links. The e-mails themselves (texts in the `email` namespace, MJML layouts) are
// rendered in ../emails/render.ts.

export interface RenderedEmail {
  subject: string;
  /** The plain-text alternative. */
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The URL when it is http(s), else null (an e-mail links nowhere else). */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}
