// pageDocument: a page rendered into a template keeps ONE title and ONE description, the page's,
// whether the template's own are plain (index.html) or marked (the per-language app.html the
// server renders destination pages into).
import { describe, expect, it } from 'vitest';
import { pageDocument, type RenderedPage } from './prerender.tsx';

const page: RenderedPage = {
  html: '<h1>Japan</h1><p>1 GB</p>',
  head: '<title>Japan eSIM data plans | Shop</title><meta name="description" content="Japan from $6.50"/>',
  lang: 'en',
  dir: 'ltr',
  notFound: false,
};

const template = (marked: boolean) => `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <title${marked ? ' data-prerendered' : ''}>Shop – Travel eSIM data plans</title>
    <meta ${marked ? 'data-prerendered ' : ''}name="description" content="Instant eSIM data plans"
    />
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('pageDocument', () => {
  it.each([
    ['the plain template', false],
    ['a per-language template whose head tags are marked', true],
  ])('into %s: one title and one description, the page’s', (_what, marked) => {
    const out = pageDocument(page, { template: template(marked), stylesheets: [], bootScript: null });
    expect(out.match(/<title\b/g)).toHaveLength(1);
    expect(out).toContain('>Japan eSIM data plans | Shop</title>');
    expect(out.match(/name="description"/g)).toHaveLength(1);
    expect(out).toContain('content="Japan from $6.50"');
    expect(out).not.toContain('Instant eSIM data plans');
  });
});
