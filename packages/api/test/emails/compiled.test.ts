// The compiled templates (src/emails/compiled.json) are what the MJML sources compile to today:
// edit a template, then run `node scripts/build-emails.mjs`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPILED_FILE, compileEmails, serialize } from '../../scripts/build-emails.mjs';

describe('compiled e-mail templates', () => {
  it('are up to date with the MJML sources', async () => {
    const fresh = serialize(await compileEmails());
    expect(readFileSync(COMPILED_FILE, 'utf8') === fresh, 'src/emails/compiled.json is stale: run node scripts/build-emails.mjs').toBe(
      true,
    );
  });

  it('have both directions of every template, right to left on html, body and every table', async () => {
    const compiled = JSON.parse(readFileSync(COMPILED_FILE, 'utf8')) as Record<string, { ltr: string; rtl: string }>;
    expect(Object.keys(compiled).sort()).toEqual(['esim', 'notice', 'order']);
    for (const { rtl } of Object.values(compiled)) {
      expect(rtl).toMatch(/<html lang="\[\[lang\]\]" dir="rtl"/);
      expect(rtl).toContain('<body lang="[[lang]]" dir="rtl"');
      expect(rtl).not.toMatch(/<table(?![^>]*dir="rtl")/);
      expect(rtl).toContain('direction:rtl');
    }
  });

  it('load nothing from an outside host (no web fonts, no remote images or styles)', () => {
    const compiled = JSON.parse(readFileSync(COMPILED_FILE, 'utf8')) as Record<string, { ltr: string; rtl: string }>;
    for (const [name, dirs] of Object.entries(compiled)) {
      for (const html of Object.values(dirs)) {
        expect(html, name).not.toMatch(/@import|<link\b|fonts\.googleapis/i);
        expect(html, name).not.toMatch(/\bsrc="https?:/i);
      }
    }
  });
});
