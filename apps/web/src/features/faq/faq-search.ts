// FAQ search (spec §5): a case-insensitive, trimmed substring match on the question or the
// answer text. Answers may be HTML (the Installation Guide): tags are not searched.

export interface FaqEntry {
  question: string;
  /** Plain text, or HTML for answers that contain markup. */
  answer: string;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** The visible text of a small HTML fragment: tags dropped, common entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

function normalize(text: string): string {
  return text.toLocaleLowerCase().replace(/\s+/g, ' ');
}

export function matchesFaq(entry: FaqEntry, query: string): boolean {
  const q = normalize(query.trim());
  if (!q) return true;
  return normalize(entry.question).includes(q) || normalize(htmlToText(entry.answer)).includes(q);
}

/** Entries whose question or answer contains the query; all of them for an empty query. */
export function searchFaq<E extends FaqEntry>(entries: readonly E[], query: string): E[] {
  if (!query.trim()) return entries.slice();
  return entries.filter((e) => matchesFaq(e, query));
}
