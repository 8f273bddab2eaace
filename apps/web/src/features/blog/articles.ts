// The six built-in articles (spec §3 'Blog article'). Titles, excerpts and image descriptions are
// translated (blog namespace, articles.<key>); the body is the same for every article
// (article-body.ts). Images are bundled in public/blog/.
import { BLOG_ARTICLE_KEYS, type BlogArticleId, type BlogArticleKey, type BlogCategory } from './route-params.ts';

export type { BlogArticleKey } from './route-params.ts';

export interface BlogArticle {
  id: BlogArticleId;
  /** Translation key under blog:articles (title, excerpt, imageAlt). */
  key: BlogArticleKey;
  author: string;
  /** Publication date, ISO 'YYYY-MM-DD'; shown with Intl in the UI language. */
  date: string;
  category: BlogCategory;
  /** Minutes to read. */
  readTime: number;
  /** A path under public/. */
  image: string;
}

/** The intrinsic size of every illustration (16:9), for width/height on <img>. */
export const BLOG_IMAGE_SIZE = { width: 800, height: 450 } as const;

const ARTICLES: ReadonlyArray<Omit<BlogArticle, 'key'>> = [
  {
    id: 1,
    author: 'Emma Clarke',
    date: '2025-05-06',
    category: 'travel',
    readTime: 6,
    image: '/blog/staying-connected.svg',
  },
  {
    id: 2,
    author: 'Daniel Okafor',
    date: '2025-04-22',
    category: 'technology',
    readTime: 5,
    image: '/blog/esim-vs-sim.svg',
  },
  {
    id: 3,
    author: 'Priya Desai',
    date: '2025-04-08',
    category: 'business',
    readTime: 7,
    image: '/blog/business-travel.svg',
  },
  {
    id: 4,
    author: 'Lucas Moreau',
    date: '2025-03-25',
    category: 'digitalNomad',
    readTime: 8,
    image: '/blog/digital-nomad.svg',
  },
  {
    id: 5,
    author: 'Aisha Rahman',
    date: '2025-03-11',
    category: 'travel',
    readTime: 6,
    image: '/blog/southeast-asia.svg',
  },
  {
    id: 6,
    author: 'Tom Fischer',
    date: '2025-02-24',
    category: 'technology',
    readTime: 5,
    image: '/blog/5g-travel.svg',
  },
];

/** The articles, each with its translation key from BLOG_ARTICLE_KEYS (the one id → key table). */
export const BLOG_ARTICLES: readonly BlogArticle[] = ARTICLES.map((a) => ({ ...a, key: BLOG_ARTICLE_KEYS[a.id] }));

export function getArticle(id: number): BlogArticle | undefined {
  return BLOG_ARTICLES.find((a) => a.id === id);
}

/** 'All' (undefined) keeps every article, in order. */
export function filterArticles(category: BlogCategory | undefined, articles: readonly BlogArticle[] = BLOG_ARTICLES): BlogArticle[] {
  return category ? articles.filter((a) => a.category === category) : [...articles];
}

/** Spec §2: the first two other articles. */
export function relatedArticles(id: number, count = 2, articles: readonly BlogArticle[] = BLOG_ARTICLES): BlogArticle[] {
  return articles.filter((a) => a.id !== id).slice(0, count);
}
