// What the blog routes validate before anything renders: the article id of /blog/{id} and the
// ?category= filter of /blog. Route files import this at the top level (beforeLoad and
// validateSearch are not code-split), so it stays tiny and dependency-free.

export const BLOG_ARTICLE_IDS = [1, 2, 3, 4, 5, 6] as const;
export type BlogArticleId = (typeof BLOG_ARTICLE_IDS)[number];

export type BlogArticleKey = 'stayingConnected' | 'esimVsSim' | 'businessRoaming' | 'digitalNomad' | 'southeastAsia' | 'fiveG';

/** Each article's translation key (blog:articles.<key>), by id: what the page head needs, without the article data. */
export const BLOG_ARTICLE_KEYS: Readonly<Record<BlogArticleId, BlogArticleKey>> = {
  1: 'stayingConnected',
  2: 'esimVsSim',
  3: 'businessRoaming',
  4: 'digitalNomad',
  5: 'southeastAsia',
  6: 'fiveG',
};

export const BLOG_CATEGORIES = ['travel', 'business', 'technology', 'digitalNomad'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** '3' → 3; '999', 'abc', '03', '1.5', '' → null (the route then redirects to /blog). */
export function parseArticleId(raw: string): BlogArticleId | null {
  if (!/^[1-9]\d{0,8}$/.test(raw)) return null;
  const id = Number(raw);
  return (BLOG_ARTICLE_IDS as readonly number[]).includes(id) ? (id as BlogArticleId) : null;
}

export function isBlogCategory(value: unknown): value is BlogCategory {
  return typeof value === 'string' && (BLOG_CATEGORIES as readonly string[]).includes(value);
}

export interface BlogSearch {
  /** The category filter; absent means 'All'. */
  category?: BlogCategory | undefined;
}

/** /blog's validateSearch: an unknown category reads as 'All'. */
export function validateBlogSearch(search: Record<string, unknown>): BlogSearch {
  return isBlogCategory(search.category) ? { category: search.category } : {};
}
