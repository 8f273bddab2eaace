import { describe, expect, it } from 'vitest';
import { BLOG_ARTICLES, filterArticles, getArticle, relatedArticles } from './articles.ts';
import { BLOG_ARTICLE_IDS, BLOG_CATEGORIES, parseArticleId, validateBlogSearch } from './route-params.ts';
import { shareLinks } from './share-links.ts';

describe('parseArticleId (the /blog/{id} redirect rule)', () => {
  it.each([
    ['1', 1],
    ['6', 6],
    ['3', 3],
  ])('%s is article %d', (raw, id) => {
    expect(parseArticleId(raw)).toBe(id);
  });

  it.each(['999', '7', '0', 'abc', '', '03', '1.5', '-1', '1e0', ' 1', '2abc', '99999999999999999999'])(
    '%j redirects to /blog (null)',
    (raw) => {
      expect(parseArticleId(raw)).toBeNull();
    },
  );
});

describe('validateBlogSearch', () => {
  it('keeps a known category and drops anything else', () => {
    expect(validateBlogSearch({ category: 'travel' })).toEqual({ category: 'travel' });
    expect(validateBlogSearch({ category: 'digitalNomad' })).toEqual({ category: 'digitalNomad' });
    expect(validateBlogSearch({ category: 'Travel' })).toEqual({});
    expect(validateBlogSearch({ category: 3 })).toEqual({});
    expect(validateBlogSearch({})).toEqual({});
  });
});

describe('the articles', () => {
  it('are six, with ids 1–6 in order, matching the ids the route accepts', () => {
    expect(BLOG_ARTICLES.map((a) => a.id)).toEqual([...BLOG_ARTICLE_IDS]);
  });

  it('use all four categories, each image a bundled file', () => {
    expect(new Set(BLOG_ARTICLES.map((a) => a.category))).toEqual(new Set(BLOG_CATEGORIES));
    for (const a of BLOG_ARTICLES) {
      expect(a.image).toMatch(/^\/blog\/[a-z0-9-]+\.svg$/);
      expect(a.readTime).toBeGreaterThan(0);
      expect(a.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('filters by category, All keeps every article', () => {
    expect(filterArticles(undefined)).toHaveLength(6);
    expect(filterArticles('travel').map((a) => a.id)).toEqual([1, 5]);
    expect(filterArticles('technology').map((a) => a.id)).toEqual([2, 6]);
    expect(filterArticles('business').map((a) => a.id)).toEqual([3]);
    expect(filterArticles('digitalNomad').map((a) => a.id)).toEqual([4]);
  });

  it('relates the first two other articles', () => {
    expect(relatedArticles(1).map((a) => a.id)).toEqual([2, 3]);
    expect(relatedArticles(2).map((a) => a.id)).toEqual([1, 3]);
    expect(relatedArticles(6).map((a) => a.id)).toEqual([1, 2]);
  });

  it('finds an article by id', () => {
    expect(getArticle(4)?.key).toBe('digitalNomad');
    expect(getArticle(9)).toBeUndefined();
  });
});

describe('shareLinks', () => {
  it('builds the three share pages with the encoded URL and title', () => {
    const links = shareLinks('https://shop.test/blog/2', 'eSIM vs Physical SIM & more');
    expect(links.facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fshop.test%2Fblog%2F2');
    expect(links.twitter).toBe(
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Fshop.test%2Fblog%2F2&text=eSIM%20vs%20Physical%20SIM%20%26%20more',
    );
    expect(links.linkedin).toBe('https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fshop.test%2Fblog%2F2');
  });
});
