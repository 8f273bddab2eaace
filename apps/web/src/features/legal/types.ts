// A legal document as data: sections of English text blocks under translated headings.

/** A paragraph, a bullet list, or the contact details (e-mail link and postal address). */
export type LegalBlock = string | { list: readonly string[] } | { contact: true };

export interface LegalSection<Id extends string = string> {
  id: Id;
  blocks: readonly LegalBlock[];
}

/** The shop's facts the texts mention, from src/config.ts (contact details render from config). */
export interface LegalFacts {
  product: string;
}

/** Both documents: 'Last updated May 12, 2025' (spec §2). */
export const LEGAL_LAST_UPDATED = '2025-05-12';
