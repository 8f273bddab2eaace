// The Installation Guide answers are HTML (lists, <strong>, links). They come from our own
// translation files, but translations are edited by many hands: everything is sanitized with
// DOMPurify, to a small allow-list, before it reaches innerHTML.
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'a', 'code', 'kbd'];
const ALLOWED_ATTR = ['href', 'title'];

/** Safe HTML for an FAQ answer: no scripts, event handlers, styles, iframes or javascript: links. */
export function sanitizeFaqHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
