// The plain document served for paths with no pre-rendered page: <html lang dir>, title and
// meta description in the language, and nothing else of the template changed.
import { describe, expect, it } from 'vitest';
import { fallbackDocument } from './prerender.tsx';

const TEMPLATE = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <title>Shop</title>
    <meta name="description" content="English text" />
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('fallbackDocument', () => {
  it.each(['ar', 'ja', 'de'] as const)('%s: the language, direction, title and description, no stray text', async (lang) => {
    const out = await fallbackDocument(TEMPLATE, lang);
    expect(out).toMatch(new RegExp(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`));
    const description = /<meta data-prerendered name="description" content="([^"]*)" \/>/.exec(out)?.[1];
    // Marked, so the app removes them once its own head tags are in (no second description).
    expect(out).toMatch(/<title data-prerendered>[^<]+<\/title>/);
    expect(description).toBeTruthy();
    expect(description).not.toBe('English text');
    expect(out).not.toMatch(/\$[12]/);
    expect(out.replace(/<title[^>]*>[^<]*<\/title>/, '').replace(/<meta data-prerendered name="description" content="[^"]*"/, '')).toBe(
      TEMPLATE.replace('lang="en" dir="ltr"', `lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`)
        .replace(/<title>[^<]*<\/title>/, '')
        .replace(/<meta name="description" content="[^"]*"/, ''),
    );
  });
});
